import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Input, Spin } from 'antd';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { confirmTestCard, type CardOutcome } from '../api/cards';
import { usePaymentsConfig } from '../api/payments';
import { formatCardNumber, formatCvc, formatExpiry } from './payment-format';
import styles from './card-entry.module.css';

// Stripe.js loads only when a Stripe card form opens.
const StripeCardEntry = lazy(() => import('./stripe-card-entry'));

export interface CardEntryProps {
  /** 'setup' saves the card (a SetupIntent); 'payment' pays an intent with it. */
  purpose: 'setup' | 'payment';
  clientSecret: string;
  submitLabel: string;
  onDone: (outcome: CardOutcome & { ok: true }) => void;
  onCancel: () => void;
}

/**
 * A card form in place: Stripe's Payment Element when the server has Stripe keys, else the offline
 * test gateway's form, clearly labelled. It reports where the provider left the intent.
 */
export function CardEntry(props: CardEntryProps) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Spin />;
  if (config.data?.mode === 'stripe' && config.data.publishableKey) {
    return (
      <Suspense fallback={<Spin />}>
        <StripeCardEntry publishableKey={config.data.publishableKey} {...props} />
      </Suspense>
    );
  }
  return <TestCardEntry {...props} />;
}

function TestCardEntry({ purpose, clientSecret, submitLabel, onDone, onCancel }: CardEntryProps) {
  const id = useId();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const outcome = await confirmTestCard(purpose, clientSecret, { cardNumber, expiry, cvc });
    setBusy(false);
    if (outcome.ok) onDone(outcome);
    else setProblem(outcome.message);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label="Card details" noValidate>
      <div className={styles.testNote} role="note">
        <ExperimentOutlined aria-hidden />
        <span>
          <strong>Test payments</strong>
          No real card is charged. 4242 4242 4242 4242 is accepted; 4000 0027 6000 3184 asks your bank to confirm.
        </span>
      </div>
      <div>
        <label className={styles.label} htmlFor={`${id}-number`}>
          Card number
        </label>
        <Input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={cardNumber}
          onChange={(e) => setCardNumber(formatCardNumber(e.target.value))}
          disabled={busy}
        />
      </div>
      <div className={styles.row}>
        <div>
          <label className={styles.label} htmlFor={`${id}-expiry`}>
            Expiry
          </label>
          <Input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            disabled={busy}
          />
        </div>
        <div>
          <label className={styles.label} htmlFor={`${id}-cvc`}>
            CVC
          </label>
          <Input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            value={cvc}
            onChange={(e) => setCvc(formatCvc(e.target.value))}
            disabled={busy}
          />
        </div>
      </div>
      {problem ? (
        <div className={styles.problem} role="alert">
          {problem}
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
