import { CreditCardOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Spin } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { CardEntry } from '../../payments';
import { brandName, useCardActions, useCards, type SavedCard } from '../api/cards';
import styles from './members.module.css';

function readable(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Please try again.';
}

function expiry(card: SavedCard): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;
}

/**
 * 'Payment Card' in the member's account: the card an accepted option is charged to, in one tap.
 * The card form saves it without taking money (a SetupIntent); the number never reaches our server.
 */
export function PaymentCard() {
  const { message, modal } = App.useApp();
  const cards = useCards();
  const actions = useCardActions();
  const [setup, setSetup] = useState<{ setupIntentId: string; clientSecret: string } | null>(null);
  const card = cards.data?.[0] ?? null;

  const begin = async () => {
    try {
      setSetup(await actions.start.mutateAsync());
    } catch (error) {
      void message.error(readable(error));
    }
  };

  const saved = async () => {
    if (!setup) return;
    try {
      await actions.confirm.mutateAsync(setup.setupIntentId);
      setSetup(null);
      void message.success('Your card is saved.');
    } catch (error) {
      void message.error(readable(error));
    }
  };

  const remove = (current: SavedCard) =>
    modal.confirm({
      title: 'Remove this card?',
      content: 'Options you accept will then open the card form to pay.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Keep',
      onOk: async () => {
        try {
          await actions.remove.mutateAsync(current.id);
        } catch (error) {
          void message.error(readable(error));
        }
      },
    });

  return (
    <section className={styles.section} aria-labelledby="payment-card-title">
      <div className={styles.sectionHead}>
        <h2 id="payment-card-title" className={styles.sectionTitle}>
          Payment Card
        </h2>
        {setup ? null : (
          <Button icon={<PlusOutlined />} loading={actions.start.isPending} onClick={() => void begin()}>
            {card ? 'Replace Card' : 'Add a Card'}
          </Button>
        )}
      </div>
      {cards.isPending ? (
        <Spin />
      ) : card ? (
        <ul className={styles.list} aria-label="Saved card">
          <li className={styles.row}>
            <div className={styles.rowMain}>
              <p className={styles.rowTitle}>
                <CreditCardOutlined aria-hidden /> {brandName(card.brand)} ending {card.last4}
              </p>
              <p className={styles.rowMeta}>Expires {expiry(card)} · Charged when you accept an option, in one tap</p>
            </div>
            <div className={styles.rowActions}>
              <Button size="small" danger onClick={() => remove(card)}>
                Remove
              </Button>
            </div>
          </li>
        </ul>
      ) : setup ? null : (
        <p className={styles.empty}>No card saved: options you accept open the card form to pay.</p>
      )}
      {setup ? (
        <CardEntry
          purpose="setup"
          clientSecret={setup.clientSecret}
          submitLabel="Save Card"
          onDone={() => void saved()}
          onCancel={() => setSetup(null)}
        />
      ) : null}
    </section>
  );
}
