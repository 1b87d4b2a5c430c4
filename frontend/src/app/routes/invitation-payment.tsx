// The invitation's pages set dates, venues and amounts in Cormorant's semibold: loaded with them only.
import './cormorant-semibold.css';
import { PaymentPage } from '../../features/payments/components/payment-page';

export function InvitationPaymentRoute() {
  return <PaymentPage />;
}
