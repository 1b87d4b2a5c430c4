import { SimpleConciergePage } from '../../features/concierge/components/simple-concierge-page';

export function SimpleConciergeRoute() {
  return <SimpleConciergePage />;
}
