import { ExperimentOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { confirmTestCard, type ProviderResult } from '../api/payments';
import { PaymentActions } from './payment-actions';
import { formatCardNumber, formatCvc, formatExpiry } from './payment-format';
import { PaymentProblem } from './payment-problem';
import styles from './payment-page.module.css';

interface Props {
  clientSecret: string;
  busy: boolean;
  error: string | null;
  onSubmit: (confirm: () => Promise<ProviderResult>) => void;
  onCancel: () => void;
}

/**
 * The card form of the offline test gateway (no Stripe keys on this server). Clearly labelled:
 * nothing is charged. It takes the same path as Stripe's form: provider confirm, then our confirm.
 */
export function TestCardForm({ clientSecret, busy, error, onSubmit, onCancel }: Props) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(() => confirmTestCard(clientSecret, { cardNumber, expiry, cvc }));
  };

  return (
    <form onSubmit={submit} aria-label="Test card payment" noValidate>
      <div className={styles.testBanner} role="note">
        <ExperimentOutlined aria-hidden />
        <span>
          <strong>Test payments</strong>
          No real card is charged. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card.
        </span>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="test-card-number">
          Card number
        </label>
        <Input
          id="test-card-number"
          className={styles.cardNumber}
          size="large"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={cardNumber}
          onChange={(e) => setCardNumber(formatCardNumber(e.target.value))}
          disabled={busy}
        />
      </div>
      <div className={styles.fieldRow}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="test-card-expiry">
            Expiry
          </label>
          <Input
            id="test-card-expiry"
            size="large"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            disabled={busy}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="test-card-cvc">
            CVC
          </label>
          <Input
            id="test-card-cvc"
            size="large"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            value={cvc}
            onChange={(e) => setCvc(formatCvc(e.target.value))}
            disabled={busy}
          />
        </div>
      </div>
      {error && <PaymentProblem message={error} />}
      <PaymentActions busy={busy} onCancel={onCancel} />
    </form>
  );
}
