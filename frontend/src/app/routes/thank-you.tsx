// The invitation's pages set dates, venues and amounts in Cormorant's semibold: loaded with them only.
import './cormorant-semibold.css';
import { useParams } from 'react-router-dom';
import { ThankYouPage } from '../../features/invitations/components/thank-you-page';

export function ThankYouRoute() {
  const { code = '' } = useParams();
  return <ThankYouPage key={code} code={code} />;
}
