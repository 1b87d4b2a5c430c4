import { formatDateTime } from '@maison/shared';
import { Alert, Button } from 'antd';
import type { RsvpAnswer } from '../api/invitation';
import { useJoinWaitingList, useLeaveWaitingList, type WaitingListTurn } from '../api/waiting-list';
import styles from './waiting-list.module.css';

/** 'Thursday, November 26, 2026 at 10:30 CET': when a held place is released, in the guest's own time, named. */
export function formatHeldUntil(at: string): string {
  return formatDateTime(at, { style: 'long', nameZone: true });
}

function partyOf(count: number): string {
  return count === 1 ? 'one guest' : `a party of ${count}`;
}

/**
 * The guest's turn on the waiting list, above the RSVP form: their place in line, a place held
 * for them (claimed by answering below), or an offer that lapsed.
 */
export function WaitingListPanel({ code, turn, paid }: { code: string; turn: WaitingListTurn | null; paid: boolean }) {
  const leave = useLeaveWaitingList(code);
  const error = leave.error;

  if (turn?.status === 'offered' && turn.offerExpiresAt) {
    return (
      <div className={`${styles.notice} ${styles.offer}`} role="status">
        <p className={styles.title}>A Place Is Held for You</p>
        <p className={styles.text}>
          {turn.guestCount === 1 ? 'A place has opened' : `Places have opened for your party of ${turn.guestCount}`}.
          {turn.guestCount === 1 ? ' It is' : ' They are'} held for you until{' '}
          <strong>{formatHeldUntil(turn.offerExpiresAt)}</strong>.
        </p>
        <p className={styles.text}>
          Kindly confirm your RSVP below{paid ? ' and complete the payment' : ''} before then; afterwards the place
          passes to the next guest in line.
        </p>
      </div>
    );
  }
  if (turn?.status === 'waiting') {
    return (
      <div className={styles.notice} role="status">
        <p className={styles.title}>You Are on the Waiting List</p>
        <p className={styles.text}>
          Number {turn.position} in line, for {partyOf(turn.guestCount)}. Should a place open, we will hold it for you
          and write to you at once.
        </p>
        <Button type="link" className={styles.leave} loading={leave.isPending} onClick={() => leave.mutate(undefined)}>
          Leave the waiting list
        </Button>
        {error ? <Alert type="error" showIcon message={error.message} /> : null}
      </div>
    );
  }
  if (turn?.status === 'expired') {
    return (
      <div className={styles.notice} role="status">
        <p className={styles.text}>
          The place held for you was released
          {turn.offerExpiresAt ? ` on ${formatHeldUntil(turn.offerExpiresAt)}` : ''}. Should the event still be full,
          you may join the waiting list again.
        </p>
      </div>
    );
  }
  return null;
}

/**
 * Below the RSVP form, beside its 'This event is at capacity': the offer to join the waiting
 * list with the party of the answer that was refused.
 */
export function JoinWaitingList({
  code,
  answer,
  onJoined,
}: {
  code: string;
  /** The answer refused at capacity: the party that would wait. */
  answer: RsvpAnswer;
  onJoined: () => void;
}) {
  const join = useJoinWaitingList(code);
  const error = join.error;
  return (
    <div className={`${styles.notice} ${styles.join}`}>
      <p className={styles.title}>Join the Waiting List</p>
      <p className={styles.text}>
        Every place is taken for now. Join the waiting list and, should a place open for {partyOf(answer.guestCount)},
        we will hold it for you and write to you at once.
      </p>
      <Button
        type="primary"
        size="large"
        block
        loading={join.isPending}
        onClick={() =>
          // The promise, not mutate's callback: joining hides this panel, and a callback of an
          // unmounted caller never runs (the refused answer's message would stay).
          join
            .mutateAsync({
              guestCount: answer.guestCount,
              guestNames: answer.guestNames,
              dietaryRestrictions: answer.dietaryRestrictions,
              specialRequests: answer.specialRequests,
            })
            .then(onJoined, () => undefined)
        }
      >
        Join the Waiting List
      </Button>
      {error ? <Alert type="error" showIcon message={error.message} className={styles.error} /> : null}
    </div>
  );
}
