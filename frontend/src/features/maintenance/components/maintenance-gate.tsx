import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { getAdminAuth } from '../../../api/admin-client';
import { useToasts } from '../../../lib/toasts/use-toasts';
import { isMaintenanceExempt, useSetMaintenance, useSiteStatus } from '../api/maintenance';

const MaintenanceScreen = lazy(() => import('./maintenance-screen'));
const AdminCredentialsModal = lazy(() =>
  import('./admin-credentials-modal').then((m) => ({ default: m.ThemedAdminCredentialsModal })),
);

/**
 * Rendered by the app layout around every page: shows the Maintenance screen instead of public
 * pages while the server says maintenance is on (never on /admin nor with ?admin=true), and
 * handles the Ctrl+Alt+M shortcut, which switches the mode after an administrator check.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const status = useSiteStatus();
  const setMaintenance = useSetMaintenance();
  const { message, host: toasts } = useToasts();
  const [asking, setAsking] = useState(false);
  const on = status.data?.maintenance === true;

  const toggle = useCallback(
    async (auth?: string) => {
      const enabled = await setMaintenance(!on, auth);
      message('info', enabled ? 'Maintenance mode activated' : 'Maintenance mode deactivated');
    },
    [message, on, setMaintenance],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey && event.altKey && event.code === 'KeyM')) return;
      event.preventDefault();
      // A signed-in administrator is not asked again; anyone else proves it first.
      if (getAdminAuth()) void toggle().catch(() => setAsking(true));
      else setAsking(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const blocked = on && !isMaintenanceExempt(pathname, search);
  return (
    <>
      {blocked ? (
        <Suspense fallback={<div style={{ minHeight: '100vh', background: 'var(--mf-ink)' }} />}>
          <MaintenanceScreen />
        </Suspense>
      ) : (
        children
      )}
      {toasts}
      {asking && (
        <Suspense fallback={null}>
          <AdminCredentialsModal
            open
            title={on ? 'Turn maintenance mode off' : 'Turn maintenance mode on'}
            okText={on ? 'Deactivate' : 'Activate'}
            onClose={() => setAsking(false)}
            onSubmit={toggle}
          />
        </Suspense>
      )}
    </>
  );
}
