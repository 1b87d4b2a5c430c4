import { CheckCircleFilled, LoadingOutlined, LockOutlined } from '@ant-design/icons';
import { formatDateTime, formatMoney } from '@maison/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../api/client';
import { brandName, useCards, useMe } from '../../members';
import { CardAuthentication, CardEntry, type CardOutcome } from '../../payments';
import { bookingsKey, payOption, useMyBookings, type BookingPayment, type PayState } from '../api/bookings';
import type { MemberRequest } from '../api/threads';
import type { ChatMessage } from './thread-store';
import styles from './option-cards.module.css';

type Options = NonNullable<ChatMessage['attachment']>;
type Option = MemberRequest['options'][number];

/** Where one option's accept stands on this device. */
type Flow =
  | { stage: 'idle' }
  | { stage: 'paying' }
  | { stage: 'form'; clientSecret: string; amount: string }
  | { stage: 'authenticate'; clientSecret: string }
  | { stage: 'confirming' }
  | { stage: 'held' }
  | { stage: 'failed'; message: string };

function readable(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.';
}

function price(option: Pick<Option, 'price' | 'currency'>): string {
  return formatMoney(option.price, option.currency);
}

/** What the server's booking says, for a card shown again later (another device, a reload). */
function flowOf(booking: BookingPayment | undefined): Flow | null {
  if (!booking) return null;
  if (booking.status === 'held') return { stage: 'held' };
  // A saved card's charge under way; a card form or 3-D Secure left open is taken up again by Accept.
  if (booking.status === 'succeeded' || (booking.status === 'pending' && booking.card)) return { stage: 'confirming' };
  return null;
}

/**
 * Staff's options in the chat as cards: what it is, its price, its terms and how long it stands,
 * and Accept. A signed-in member's Accept pays for it in one tap with the saved card (3-D Secure
 * and, without a card, the card form open in place); the request shows confirmed once the payment's
 * event reaches the server. A house-password session accepts as before.
 */
export function OptionCards({
  attachment,
  request,
  onAccept,
}: {
  attachment: Options;
  request: MemberRequest | undefined;
  onAccept: (requestId: string, optionId: string) => Promise<void>;
}) {
  const me = useMe();
  const member = Boolean(me.data);
  const cards = useCards(member);
  const bookings = useMyBookings(member);
  const client = useQueryClient();
  const [flows, setFlows] = useState<Record<string, Flow>>({});
  const [busy, setBusy] = useState<string | null>(null);
  // An option's 'valid until' as of when the cards were shown (the server refuses a late accept anyway).
  const [shownAt] = useState(() => Date.now());
  const open = request?.status === 'options_proposed';
  const card = cards.data?.[0] ?? null;

  const set = useCallback((optionId: string, flow: Flow) => setFlows((all) => ({ ...all, [optionId]: flow })), []);

  const after = useCallback(
    (optionId: string, state: PayState['status'] | CardOutcome) => {
      void client.invalidateQueries({ queryKey: bookingsKey });
      const status = typeof state === 'string' ? state : state.ok ? state.status : null;
      if (typeof state !== 'string' && !state.ok) return set(optionId, { stage: 'failed', message: state.message });
      if (status === 'held' || status === 'requires_capture') return set(optionId, { stage: 'held' });
      set(optionId, { stage: 'confirming' });
    },
    [client, set],
  );

  const accept = async (option: Option) => {
    if (!member) {
      setBusy(option.id);
      await onAccept(attachment.requestId, option.id).finally(() => setBusy(null));
      return;
    }
    set(option.id, { stage: 'paying' });
    try {
      const state = await payOption(attachment.requestId, option.id);
      if (state.status === 'requires_action' && state.clientSecret) {
        set(option.id, { stage: 'authenticate', clientSecret: state.clientSecret });
      } else if (state.status === 'requires_payment_method' && state.clientSecret) {
        set(option.id, { stage: 'form', clientSecret: state.clientSecret, amount: price(option) });
      } else {
        after(option.id, state.status);
      }
    } catch (error) {
      set(option.id, { stage: 'failed', message: readable(error) });
    }
  };

  return (
    <ul className={styles.cards} aria-label="Options proposed">
      {attachment.options.map((offered) => {
        const option = offered as Option;
        const confirmed = request?.acceptedOptionId === option.id && request.status !== 'cancelled';
        const booking = bookings.data?.find((b) => b.requestId === attachment.requestId && b.optionId === option.id);
        const flow = flows[option.id] ?? flowOf(booking) ?? { stage: 'idle' };
        const expired = option.validUntil ? new Date(option.validUntil).getTime() < shownAt : false;
        return (
          <li key={option.id} className={confirmed ? styles.cardChosen : styles.card} aria-label={option.title}>
            <div className={styles.head}>
              <p className={styles.title}>{option.title}</p>
              <p className={styles.price}>{price(option)}</p>
            </div>
            {option.description ? <p className={styles.description}>{option.description}</p> : null}
            {option.cancellationTerms || option.validUntil || option.startsAt || option.supplierToConfirm ? (
              <dl className={styles.terms}>
                {option.startsAt ? (
                  <>
                    <dt>When</dt>
                    <dd>{formatDateTime(option.startsAt)}</dd>
                  </>
                ) : null}
                {option.cancellationTerms ? (
                  <>
                    <dt>Cancellation</dt>
                    <dd>{option.cancellationTerms}</dd>
                  </>
                ) : null}
                {option.validUntil ? (
                  <>
                    <dt>Valid until</dt>
                    <dd>{formatDateTime(option.validUntil)}</dd>
                  </>
                ) : null}
                {option.supplierToConfirm ? (
                  <>
                    <dt>Payment</dt>
                    <dd>Held on your card until the supplier confirms; taken only then.</dd>
                  </>
                ) : null}
              </dl>
            ) : null}
            <div className={styles.foot}>
              {confirmed ? (
                <p className={styles.state}>
                  <CheckCircleFilled aria-hidden /> {member ? 'Confirmed' : 'Accepted'}
                </p>
              ) : flow.stage === 'confirming' ? (
                <p className={styles.state} role="status">
                  <LoadingOutlined aria-hidden /> Paid · confirming your booking
                </p>
              ) : flow.stage === 'held' ? (
                <p className={styles.state} role="status">
                  <LockOutlined aria-hidden /> Held on your card · awaiting the supplier
                </p>
              ) : open && !expired && flow.stage !== 'form' && flow.stage !== 'authenticate' ? (
                <>
                  <p className={styles.paidWith}>
                    {member && card ? `${brandName(card.brand)} ending ${card.last4}` : member ? 'Pay by card' : ''}
                  </p>
                  <Button
                    type="primary"
                    loading={flow.stage === 'paying' || busy === option.id}
                    aria-label={`Accept ${option.title}`}
                    onClick={() => void accept(option)}
                  >
                    Accept
                  </Button>
                </>
              ) : open && expired ? (
                <p className={styles.paidWith}>No longer available: your concierge can propose it again.</p>
              ) : null}
            </div>
            {flow.stage === 'failed' ? (
              <p className={styles.problem} role="alert">
                {flow.message}
              </p>
            ) : null}
            {flow.stage === 'form' ? (
              <CardEntry
                purpose="payment"
                clientSecret={flow.clientSecret}
                submitLabel={`Pay ${flow.amount}`}
                onDone={(outcome) =>
                  outcome.status === 'requires_action'
                    ? set(option.id, { stage: 'authenticate', clientSecret: flow.clientSecret })
                    : after(option.id, outcome)
                }
                onCancel={() => set(option.id, { stage: 'idle' })}
              />
            ) : null}
            {flow.stage === 'authenticate' ? (
              <CardAuthentication clientSecret={flow.clientSecret} onDone={(outcome) => after(option.id, outcome)} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
