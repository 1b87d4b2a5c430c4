import { LockOutlined } from '@ant-design/icons';
import { Alert, App, Button } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useBrand } from '../../../app/config';
import { Skeleton } from '../../../lib/ui/skeleton';
import { formatDate, formatEventTime, formatGuestCount, formatMoney } from '@maison/shared';
import { Flourish, InvitationError } from '../../invitations';
import {
  confirmPayment,
  useCreatedPayment,
  useInvitation,
  usePaymentsConfig,
  type ProviderResult,
} from '../api/payments';
import { amountDue } from './payment-format';
import styles from './payment-page.module.css';
import { PAYMENT_FAILED, STRIPE_NOT_READY } from './payment-messages';
import { TestCardForm } from './test-card-form';

// Stripe's code is downloaded only when this server takes payments with Stripe.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

export const MESSAGES = {
  loadFailed: 'Failed to load invitation details',
  createFailed: 'Failed to create payment',
  confirmFailed: 'Failed to confirm payment with server',
  success: 'Payment successful!',
  paymentFailedTitle: 'Payment failed',
  paymentErrorTitle: 'Payment Error',
} as const;

/** The guest payment page: /invitations/:code/payment/:rsvpId. */
export function PaymentPage() {
  const brand = useBrand();
  const { code = '', rsvpId = '' } = useParams();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const config = usePaymentsConfig();
  const invitation = useInvitation(code);
  const thankYou = `/invitations/${encodeURIComponent(code)}/thank-you`;

  const event = invitation.data?.event;
  const rsvp = invitation.data?.rsvp;
  const currency = (event?.currency || 'usd').toUpperCase();
  // The fee follows the answer as the server has it now, never a copy cached before the guest changed it.
  const fresh = invitation.isFetchedAfterMount;
  // A paid guest who asked for more guests pays for the extra ones only.
  const extra = rsvp?.status === 'attending' && rsvp.raiseTo ? rsvp.raiseTo - rsvp.guestCount : 0;
  const guests = extra > 0 ? extra : (rsvp?.guestCount ?? 1);
  const due = event && fresh ? amountDue(event.ticketPrice, guests, currency) : null;
  const alreadyConfirmed = rsvp?.status === 'attending' && extra <= 0;
  const payment = useCreatedPayment(rsvpId, due !== null && due > 0 && !alreadyConfirmed ? due : null);

  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A free event (or a reservation already confirmed) needs no payment.
  useEffect(() => {
    if (invitation.data && fresh && (due === 0 || alreadyConfirmed)) navigate(thankYou, { replace: true });
  }, [invitation.data, fresh, due, alreadyConfirmed, navigate, thankYou]);

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (invitation.error && toasted.current !== invitation.error) {
      toasted.current = invitation.error;
      notification.error({ title: 'Error', description: MESSAGES.loadFailed });
    }
  }, [invitation.error, notification]);
  useEffect(() => {
    if (payment.error && toasted.current !== payment.error) {
      toasted.current = payment.error;
      notification.error({ title: MESSAGES.paymentErrorTitle, description: MESSAGES.createFailed });
    }
  }, [payment.error, notification]);

  const cancel = () => navigate(`/invitation/${encodeURIComponent(code)}`);

  const submit = async (confirmWithProvider: () => Promise<ProviderResult>) => {
    if (busy || !payment.data) return;
    setBusy(true);
    setError(null);
    try {
      const result = await confirmWithProvider().catch((): ProviderResult => ({ ok: false, message: PAYMENT_FAILED }));
      if (!result.ok) {
        setError(result.message);
        notification.error({ title: MESSAGES.paymentFailedTitle, description: result.message });
        return;
      }
      try {
        await confirmPayment(payment.data.payment.id, result.paymentIntentId, result.paymentMethodType);
      } catch (cause) {
        const detail = cause instanceof Error && cause.message ? cause.message : '';
        const text = detail ? `${MESSAGES.confirmFailed}: ${detail}` : MESSAGES.confirmFailed;
        setError(text);
        notification.error({ title: MESSAGES.paymentFailedTitle, description: text });
        return;
      }
      notification.success({ title: MESSAGES.success });
      navigate(thankYou);
    } finally {
      setBusy(false);
    }
  };

  const notReady = () => {
    setError(STRIPE_NOT_READY);
    notification.error({ title: MESSAGES.paymentFailedTitle, description: STRIPE_NOT_READY });
  };

  if (invitation.isError) {
    return <InvitationError error={invitation.error} onRetry={() => void invitation.refetch()} />;
  }

  const serverAmount = payment.data ? formatMoney(payment.data.payment.amount, payment.data.payment.currency) : null;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="payment-title">
        <div className={styles.cardInner}>
          <header className={styles.header}>
            <p className={styles.brand}>{brand}</p>
            <h1 id="payment-title" className={styles.title}>
              Complete Your Reservation
            </h1>
            {event ? (
              <>
                <p className={styles.eventName}>{event.name}</p>
                <p className={styles.eventDate}>
                  {formatDate(event.date, 'long')}
                  <br />
                  <span className={styles.eventTime}>{formatEventTime(event)}</span>
                </p>
              </>
            ) : (
              <Skeleton lines={2} align="center" label="Loading the event" />
            )}
          </header>
          <Flourish />

          <div className={styles.fee} aria-live="polite">
            <span className={styles.feeLabel}>
              {extra > 0 ? 'Additional Guests' : 'Ticket Fee'}
              {event && fresh && (
                <span className={styles.feeDetail}>
                  {extra > 0 ? `${guests} more` : formatGuestCount(guests)} ×{' '}
                  {formatMoney(Number(event.ticketPrice ?? 0), currency)}
                </span>
              )}
            </span>
            <span className={styles.feeAmount} data-testid="ticket-fee">
              {serverAmount ?? (due ? formatMoney(due, currency) : '—')}
            </span>
          </div>

          {payment.isError && (
            <Alert
              className={styles.error}
              type="error"
              showIcon
              title={MESSAGES.createFailed}
              description={payment.error.message !== MESSAGES.createFailed ? payment.error.message : undefined}
              action={
                <Button size="small" onClick={() => void payment.refetch()}>
                  Try Again
                </Button>
              }
            />
          )}

          {payment.data && config.data ? (
            config.data.mode === 'stripe' && config.data.publishableKey ? (
              <Suspense fallback={<Skeleton lines={4} label="Loading the payment form" />}>
                <StripePaymentForm
                  publishableKey={config.data.publishableKey}
                  clientSecret={payment.data.clientSecret}
                  returnUrl={`${window.location.origin}${thankYou}`}
                  busy={busy}
                  error={error}
                  onSubmit={(fn) => void submit(fn)}
                  onCancel={cancel}
                  onNotReady={notReady}
                />
              </Suspense>
            ) : (
              <TestCardForm
                clientSecret={payment.data.clientSecret}
                busy={busy}
                error={error}
                onSubmit={(fn) => void submit(fn)}
                onCancel={cancel}
              />
            )
          ) : payment.isError ? (
            <div className={styles.actions}>
              <Button size="large" onClick={cancel}>
                Cancel
              </Button>
            </div>
          ) : (
            <Skeleton lines={4} label="Loading the payment form" />
          )}

          <p className={styles.secure}>
            <LockOutlined aria-hidden /> Your payment is encrypted and processed securely.
          </p>
        </div>
      </section>
    </main>
  );
}
