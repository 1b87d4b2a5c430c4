import { PaymentPage } from '../../features/payments/components/payment-page';

export function InvitationPaymentRoute() {
  return <PaymentPage />;
}
