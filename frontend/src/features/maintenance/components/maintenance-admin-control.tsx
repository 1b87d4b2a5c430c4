import { Alert, Button, Space, Switch, Typography, App } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useSetMaintenance, useSiteStatus } from '../api/maintenance';
import styles from './maintenance.module.css';

/**
 * On /admin: the banner 'Maintenance Mode Active' with 'Disable' while the mode is on, and a switch
 * to turn it on or off. Uses the signed-in administrator's credentials.
 */
export function MaintenanceAdminControl() {
  const status = useSiteStatus();
  const setMaintenance = useSetMaintenance();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const on = status.data?.maintenance === true;

  const change = async (enabled: boolean) => {
    setBusy(true);
    try {
      await setMaintenance(enabled);
      message.info(enabled ? 'Maintenance mode activated' : 'Maintenance mode deactivated');
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'Request failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {on && (
        <Alert
          className={styles.banner}
          type="warning"
          showIcon
          title="Maintenance Mode Active"
          action={
            <Button size="small" onClick={() => change(false)} loading={busy}>
              Disable
            </Button>
          }
        />
      )}
      <Space size="small" align="center">
        <Switch
          checked={on}
          loading={busy || status.isLoading}
          onChange={change}
          aria-label="Maintenance mode"
          size="small"
        />
        <Typography.Text type="secondary">Maintenance mode</Typography.Text>
      </Space>
    </div>
  );
}
