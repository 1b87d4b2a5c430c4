import { useParams } from 'react-router-dom';
import { setAuthenticatedHint } from '../../features/concierge/api/concierge';
import { MembershipOfferPage } from '../../features/members/components/membership-offer-page';

export function MembershipRoute() {
  const { token = '' } = useParams();
  return <MembershipOfferPage key={token} token={token} onSignedIn={() => setAuthenticatedHint(true)} />;
}
