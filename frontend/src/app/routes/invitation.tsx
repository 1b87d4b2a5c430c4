// The invitation's pages set dates, venues and amounts in Cormorant's semibold: loaded with them only.
import './cormorant-semibold.css';
import { useParams } from 'react-router-dom';
import { InvitationPage } from '../../features/invitations/components/invitation-page';

export function InvitationRoute() {
  const { code = '' } = useParams();
  return <InvitationPage key={code} code={code} />;
}
