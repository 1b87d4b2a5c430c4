import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The 'pure' entry loads Stripe.js only when asked (not as a side effect of importing it).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import type { FormEvent } from 'react';
import type { ProviderResult } from '../api/payments';
import { PaymentActions } from './payment-actions';
import { PAYMENT_FAILED } from './payment-messages';
import { PaymentProblem } from './payment-problem';

const stripes = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js per publishable key (the key comes from the server, never from the build). */
function stripeFor(key: string): Promise<Stripe | null> {
  if (!stripes.has(key))
    stripes.set(
      key,
      loadStripe(key).catch(() => null),
    );
  return stripes.get(key)!;
}

interface Props {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  busy: boolean;
  error: string | null;
  onSubmit: (confirm: () => Promise<ProviderResult>) => void;
  onCancel: () => void;
  onNotReady: () => void;
}

/** Stripe's Payment Element, payment methods as tabs, written on the invitation's ivory card. */
export default function StripePaymentForm(props: Props) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{
        clientSecret: props.clientSecret,
        appearance: {
          theme: 'stripe',
          variables: {
            colorPrimary: '#9c7a3c',
            colorBackground: '#fffdf8',
            colorText: '#15120d',
            colorTextSecondary: '#5a4e3b',
            colorDanger: '#a8402c',
            borderRadius: '2px',
            fontFamily: 'Inter, system-ui, sans-serif',
          },
        },
      }}
    >
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ returnUrl, busy, error, onSubmit, onCancel, onNotReady }: Props) {
  const stripe = useStripe();
  const elements = useElements();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) {
      onNotReady();
      return;
    }
    onSubmit(async () => {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl },
      });
      if (result.error) return { ok: false, message: result.error.message || PAYMENT_FAILED };
      const intent = result.paymentIntent;
      if (!intent || intent.status !== 'succeeded') return { ok: false, message: PAYMENT_FAILED };
      return { ok: true, paymentIntentId: intent.id, paymentMethodType: intent.payment_method_types?.[0] ?? 'card' };
    });
  };

  return (
    <form onSubmit={submit} aria-label="Card payment">
      <PaymentElement options={{ layout: 'tabs' }} />
      {error && <PaymentProblem message={error} />}
      <PaymentActions busy={busy} onCancel={onCancel} />
    </form>
  );
}
