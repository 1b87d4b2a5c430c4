import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from 'antd';
import { useState, type FormEvent } from 'react';
import { CARD_FAILED } from '../api/cards';
import { stripeFor } from './stripe-instance';
import type { CardEntryProps } from './card-entry';
import styles from './card-entry.module.css';

/** Stripe's Payment Element in place, on the night pages; confirms a SetupIntent or a PaymentIntent. */
export default function StripeCardEntry(props: CardEntryProps & { publishableKey: string }) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{
        clientSecret: props.clientSecret,
        appearance: {
          theme: 'night',
          variables: {
            colorPrimary: '#c9a35b',
            colorBackground: '#141416',
            colorText: '#f4eee3',
            colorDanger: '#e58d7e',
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

function StripeForm({ purpose, submitLabel, onDone, onCancel }: CardEntryProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setProblem(null);
    const confirmParams = { return_url: window.location.href };
    const result =
      purpose === 'setup'
        ? await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams })
        : await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams });
    setBusy(false);
    if (result.error) {
      setProblem(result.error.message || CARD_FAILED);
      return;
    }
    const status = 'setupIntent' in result ? result.setupIntent?.status : result.paymentIntent?.status;
    if (status === 'succeeded' || status === 'processing' || status === 'requires_capture')
      onDone({ ok: true, status });
    else setProblem(CARD_FAILED);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label="Card details">
      <PaymentElement options={{ layout: 'tabs' }} />
      {problem ? (
        <div className={styles.problem} role="alert">
          {problem}
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!stripe}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
