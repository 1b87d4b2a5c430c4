import { DashboardOutlined, LogoutOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Button, Spin, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { MaintenanceAdminControl } from '../../maintenance';
import { useBrand } from '../../../app/config';
import styles from './admin.module.css';
import { AdminTabBar } from './admin-tab-bar';
import { WaitlistTab } from './waitlist-tab';

const VendorsTab = lazy(() => import('../../vendors/vendors-tab'));
const LaunchPartyTab = lazy(() => import('../../launch-party/launch-party-tab'));
const RequestsTab = lazy(() => import('../../requests-desk/requests-tab'));
const MembersTab = lazy(() => import('./members-tab'));

function TabFallback() {
  return (
    <div className={styles.tabFallback}>
      <Spin />
    </div>
  );
}

/** Names the panels Ant Design's Tabs renders, which the tab bar's tabs point to. */
const TABS_ID = 'admin-sections';

const sections = [
  { key: 'waitlist', label: 'Waitlist', children: <WaitlistTab /> },
  {
    key: 'members',
    label: 'Members',
    right: 'members:read',
    children: (
      <Suspense fallback={<TabFallback />}>
        <MembersTab />
      </Suspense>
    ),
  },
  {
    key: 'requests',
    label: 'Requests',
    children: (
      <Suspense fallback={<TabFallback />}>
        <RequestsTab />
      </Suspense>
    ),
  },
  {
    key: 'vendors',
    label: 'Vendors',
    children: (
      <Suspense fallback={<TabFallback />}>
        <VendorsTab />
      </Suspense>
    ),
  },
  {
    key: 'launch-party',
    label: 'Launch Party',
    children: (
      <Suspense fallback={<TabFallback />}>
        <LaunchPartyTab />
      </Suspense>
    ),
  },
];

/** The signed-in admin screen: maintenance controls, the queue dashboard link and the tabs. */
export function AdminDashboard({ onSignOut }: { onSignOut: () => void }) {
  const brand = useBrand();
  return (
    <main className={styles.dashboard}>
      <header className={styles.header}>
        <div>
          <p className="mf-eyebrow">{brand}</p>
          <h1 className={`mf-display ${styles.title}`}>Admin Dashboard</h1>
        </div>
        <div className={styles.headerActions}>
          <Button icon={<QrcodeOutlined />} href="/admin/check-in">
            Door check-in
          </Button>
          <Button icon={<DashboardOutlined />} href="/admin/queues" target="_blank" rel="noopener">
            Queue dashboard
          </Button>
          <Button icon={<LogoutOutlined />} onClick={onSignOut}>
            Sign out
          </Button>
        </div>
      </header>
      <div className={styles.maintenance}>
        <MaintenanceAdminControl />
      </div>
      <Tabs
        id={TABS_ID}
        defaultActiveKey="waitlist"
        destroyOnHidden={false}
        renderTabBar={({ activeKey, onTabClick }) => (
          <AdminTabBar id={TABS_ID} sections={sections} activeKey={activeKey} onSelect={onTabClick} />
        )}
        items={sections}
      />
    </main>
  );
}
