import { useParams } from 'react-router-dom';
import { ConfirmPage } from '../../features/waitlist';

export function WaitlistConfirmRoute() {
  const { token = '' } = useParams();
  return <ConfirmPage key={token} token={token} />;
}
