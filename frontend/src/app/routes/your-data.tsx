import { useParams } from 'react-router-dom';
import { YourDataDownloadPage, YourDataLinkPage, YourDataPage } from '../../features/data-requests';

/** /your-data: ask for a private link by email. */
export function YourDataRoute() {
  return <YourDataPage />;
}

/** /your-data/{token}: the emailed link's page (a copy, or erasure). */
export function YourDataLinkRoute() {
  const { token = '' } = useParams();
  return <YourDataLinkPage key={token} token={token} />;
}

/** /your-data/download/{token}: the export's download. */
export function YourDataDownloadRoute() {
  const { token = '' } = useParams();
  return <YourDataDownloadPage key={token} token={token} />;
}
