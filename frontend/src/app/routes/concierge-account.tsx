import { setAuthenticatedHint } from '../../features/concierge/api/concierge';
import { AccountPage } from '../../features/members/components/account-page';

export function ConciergeAccountRoute() {
  return <AccountPage onSignedOut={() => setAuthenticatedHint(false)} />;
}
