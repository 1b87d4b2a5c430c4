import { Button } from 'antd';
import { useState } from 'react';
import { AntdProviders } from '../../../app/antd-providers';
import { useBrand } from '../../../app/config';
import { useSetMaintenance } from '../api/maintenance';
import { AdminCredentialsModal } from './admin-credentials-modal';
import styles from './maintenance.module.css';

/** The spec's Maintenance screen, shown instead of every public page while the mode is on. */
export default function MaintenanceScreen() {
  const brand = useBrand();
  const [asking, setAsking] = useState(false);
  const setMaintenance = useSetMaintenance();
  return (
    <AntdProviders>
      <main className={styles.screen}>
        <div className={styles.panel}>
          <p className="mf-eyebrow">{brand}</p>
          <h1 className={`mf-display ${styles.title}`}>Maintenance Mode</h1>
          <p className={styles.message}>
            We're currently making some improvements to our site. Please check back soon.
          </p>
          <Button type="primary" size="large" onClick={() => setAsking(true)}>
            Return to Site
          </Button>
        </div>
        <AdminCredentialsModal
          open={asking}
          title="Administrator sign-in"
          okText="Return to Site"
          onClose={() => setAsking(false)}
          onSubmit={async (auth) => {
            await setMaintenance(false, auth);
          }}
        />
      </main>
    </AntdProviders>
  );
}
