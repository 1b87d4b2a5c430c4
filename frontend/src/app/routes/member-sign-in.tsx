import { useParams } from 'react-router-dom';
import { setAuthenticatedHint } from '../../features/concierge/api/concierge';
import { MemberSignInLinkPage } from '../../features/members/components/member-sign-in-link-page';

export function MemberSignInRoute() {
  const { token = '' } = useParams();
  return <MemberSignInLinkPage key={token} token={token} onSignedIn={() => setAuthenticatedHint(true)} />;
}
