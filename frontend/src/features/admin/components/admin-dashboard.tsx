import { DashboardOutlined, LogoutOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Alert, Button, Spin, Tabs } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { MaintenanceAdminControl } from '../../maintenance';
import { useBrand } from '../../../app/config';
import { ROLE_NAMES, useStaffSelf, type StaffRight } from '../api/staff';
import styles from './admin.module.css';
import { AdminTabBar } from './admin-tab-bar';
import { WaitlistTab } from './waitlist-tab';

const VendorsTab = lazy(() => import('../../vendors/vendors-tab'));
const LaunchPartyTab = lazy(() => import('../../launch-party/launch-party-tab'));
const RequestsTab = lazy(() => import('../../requests-desk/requests-tab'));
const MembersTab = lazy(() => import('./members-tab'));
const StaffTab = lazy(() => import('./staff-tab'));
const AuditTab = lazy(() => import('./audit-tab'));
const InsightsTab = lazy(() => import('../../insights/insights-tab'));
const DataRequestsTab = lazy(() => import('../../data-requests/data-requests-tab'));

function TabFallback() {
  return (
    <div className={styles.tabFallback}>
      <Spin />
    </div>
  );
}

/** Names the panels Ant Design's Tabs renders, which the tab bar's tabs point to. */
const TABS_ID = 'admin-sections';

/** Each tab with the staff right it needs: a person sees only the tabs their role may use. */
const sections: Array<{ key: string; label: string; right: StaffRight; children: ReactNode }> = [
  { key: 'waitlist', label: 'Waitlist', right: 'waitlist', children: <WaitlistTab /> },
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
    right: 'requests',
    children: (
      <Suspense fallback={<TabFallback />}>
        <RequestsTab />
      </Suspense>
    ),
  },
  {
    key: 'vendors',
    label: 'Vendors',
    right: 'vendors',
    children: (
      <Suspense fallback={<TabFallback />}>
        <VendorsTab />
      </Suspense>
    ),
  },
  {
    key: 'launch-party',
    label: 'Launch Party',
    right: 'events',
    children: (
      <Suspense fallback={<TabFallback />}>
        <LaunchPartyTab />
      </Suspense>
    ),
  },
  {
    key: 'insights',
    label: 'Insights',
    right: 'insights',
    children: (
      <Suspense fallback={<TabFallback />}>
        <InsightsTab />
      </Suspense>
    ),
  },
  {
    key: 'staff',
    label: 'Staff',
    right: 'staff',
    children: (
      <Suspense fallback={<TabFallback />}>
        <StaffTab />
      </Suspense>
    ),
  },
  {
    key: 'data-requests',
    label: 'Data Requests',
    right: 'privacy',
    children: (
      <Suspense fallback={<TabFallback />}>
        <DataRequestsTab />
      </Suspense>
    ),
  },
  {
    key: 'audit',
    label: 'Audit',
    right: 'audit',
    children: (
      <Suspense fallback={<TabFallback />}>
        <AuditTab />
      </Suspense>
    ),
  },
];

/**
 * The signed-in admin screen: who is signed in, then only what their role may use (the server
 * refuses the rest anyway): maintenance controls, the door and queue links, and the tabs. A door
 * account has nothing here but the door, so it goes straight there.
 */
export function AdminDashboard({ onSignOut }: { onSignOut: () => void }) {
  const brand = useBrand();
  const me = useStaffSelf();
  if (me.data?.role === 'door') return <Navigate to="/admin/check-in" replace />;

  const may = (right: StaffRight) => me.data?.rights.includes(right) ?? false;
  const allowed = sections.filter((section) => may(section.right));
  let body: ReactNode;
  if (me.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        className={styles.maintenance}
        title="Your account could not be loaded."
        description={me.error.message}
        action={
          <Button size="small" onClick={() => void me.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  } else if (!me.data) {
    body = <TabFallback />;
  } else {
    body = (
      <>
        {may('maintenance') ? (
          <div className={styles.maintenance}>
            <MaintenanceAdminControl />
          </div>
        ) : null}
        <Tabs
          id={TABS_ID}
          defaultActiveKey={allowed[0]?.key}
          destroyOnHidden={false}
          renderTabBar={({ activeKey, onTabClick }) => (
            <AdminTabBar id={TABS_ID} sections={allowed} activeKey={activeKey} onSelect={onTabClick} />
          )}
          items={allowed}
        />
      </>
    );
  }

  return (
    <main className={styles.dashboard}>
      <header className={styles.header}>
        <div>
          <p className="mf-eyebrow">{brand}</p>
          <h1 className={`mf-display ${styles.title}`}>Admin Dashboard</h1>
          {me.data ? (
            <p className={styles.signedInAs}>
              {me.data.displayName} · {ROLE_NAMES[me.data.role]}
            </p>
          ) : null}
        </div>
        <div className={styles.headerActions}>
          {may('check-in') ? (
            <Button icon={<QrcodeOutlined />} href="/admin/check-in">
              Door check-in
            </Button>
          ) : null}
          {may('queues') ? (
            <Button icon={<DashboardOutlined />} href="/admin/queues" target="_blank" rel="noopener">
              Queue dashboard
            </Button>
          ) : null}
          <Button icon={<LogoutOutlined />} onClick={onSignOut}>
            Sign out
          </Button>
        </div>
      </header>
      {body}
    </main>
  );
}
