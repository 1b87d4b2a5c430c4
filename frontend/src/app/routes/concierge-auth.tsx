import { ConciergeAuthPage } from '../../features/concierge/components/concierge-auth-page';

export function ConciergeAuthRoute() {
  return <ConciergeAuthPage />;
}
