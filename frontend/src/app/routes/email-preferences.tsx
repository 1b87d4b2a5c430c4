import { useParams } from 'react-router-dom';
import { EmailPreferencesPage } from '../../features/privacy';

export function EmailPreferencesRoute() {
  const { token = '' } = useParams();
  return <EmailPreferencesPage key={token} token={token} />;
}
