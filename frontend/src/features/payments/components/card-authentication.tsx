import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { authenticateTestPayment, CARD_FAILED, type CardOutcome } from '../api/cards';
import { usePaymentsConfig } from '../api/payments';
import { stripeFor } from './stripe-instance';
import styles from './card-entry.module.css';

interface Props {
  clientSecret: string;
  onDone: (outcome: CardOutcome) => void;
}

/**
 * 3-D Secure in place: with Stripe, its own challenge (handleNextAction) over the page; with the
 * test gateway, a stand-in for the bank's page where the member completes or fails it.
 */
export function CardAuthentication({ clientSecret, onDone }: Props) {
  const config = usePaymentsConfig();
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const stripeKey = config.data?.mode === 'stripe' ? config.data.publishableKey : null;

  useEffect(() => {
    if (!stripeKey || started.current) return;
    started.current = true;
    void (async () => {
      const stripe = await stripeFor(stripeKey);
      if (!stripe) return onDone({ ok: false, message: CARD_FAILED });
      const result = await stripe.handleNextAction({ clientSecret });
      if (result.error) return onDone({ ok: false, message: result.error.message || CARD_FAILED });
      const status = result.paymentIntent?.status;
      onDone(
        status === 'succeeded' || status === 'processing' || status === 'requires_capture'
          ? { ok: true, status }
          : { ok: false, message: 'The authentication was not completed: the card was not charged.' },
      );
    })();
  }, [stripeKey, clientSecret, onDone]);

  if (config.isPending || stripeKey) return <Spin />;

  const answer = async (complete: boolean) => {
    setBusy(true);
    onDone(await authenticateTestPayment(clientSecret, complete));
    setBusy(false);
  };

  return (
    <div className={styles.bank} role="group" aria-label="Confirm with your bank">
      <div className={styles.bankTitle}>
        <SafetyCertificateOutlined aria-hidden /> Your bank asks you to confirm
      </div>
      <div className={styles.bankText}>
        Test payments: this stands in for your bank’s own page, where you would approve the payment in your banking app.
      </div>
      <div className={styles.actions}>
        <Button onClick={() => void answer(false)} disabled={busy}>
          Fail Authentication
        </Button>
        <Button type="primary" loading={busy} onClick={() => void answer(true)}>
          Complete Authentication
        </Button>
      </div>
    </div>
  );
}
