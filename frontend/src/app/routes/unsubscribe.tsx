import { useParams } from 'react-router-dom';
import { UnsubscribePage } from '../../features/privacy';

export function UnsubscribeRoute() {
  const { token = '' } = useParams();
  return <UnsubscribePage key={token} token={token} />;
}
