import { AdminSignInGate } from '../../features/admin/components/admin-sign-in-gate';
import { CheckInPage } from '../../features/check-in/components/check-in-page';

/** /admin/check-in: the door, for staff with admin credentials (the admin sign-in first). */
export function CheckInRoute() {
  return <AdminSignInGate>{(signOut) => <CheckInPage onSignOut={signOut} />}</AdminSignInGate>;
}
