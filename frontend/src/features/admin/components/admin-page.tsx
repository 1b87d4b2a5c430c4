import { AdminDashboard } from './admin-dashboard';
import { AdminSignInGate } from './admin-sign-in-gate';

/** /admin: the login until the server accepts the credentials, then the dashboard tabs. */
export function AdminPage() {
  return <AdminSignInGate>{(signOut) => <AdminDashboard onSignOut={signOut} />}</AdminSignInGate>;
}
