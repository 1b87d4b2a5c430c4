import { formatDate } from '@maison/shared';
import type { UserRequest } from '../api/concierge';
import styles from './session-chat.module.css';

export const STATUS: Record<UserRequest['status'], string> = {
  received: 'Received',
  in_progress: 'In progress',
  options_proposed: 'Options proposed',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const CATEGORY: Record<string, string> = {
  travel: 'Travel',
  dining: 'Dining',
  property: 'Residences',
  events: 'Events',
  wellness: 'Wellness',
  fashion: 'Fashion',
  transportation: 'Transportation',
  art: 'Art',
  concierge: 'Concierge',
  default: 'Request',
};

type Closing = Pick<UserRequest, 'status' | 'closedReason' | 'mergedInto'>;

/** A request's status as the member reads it: one the concierge folded into another is merged, not cancelled. */
export function statusLabel(request: Closing): string {
  if (request.closedReason === 'merged') return 'Merged';
  if (request.closedReason === 'superseded') return 'Closed';
  return STATUS[request.status];
}

/** Why a request closed when neither the member nor staff closed it; null otherwise. */
export function closedBecause(request: Closing): string | null {
  if (request.closedReason === 'merged') {
    return request.mergedInto ? `Merged into: ${request.mergedInto.summary}` : 'Merged into a later request.';
  }
  if (request.closedReason === 'superseded') return 'Closed when a later request was opened.';
  return null;
}

function shortDate(iso: string): string {
  return formatDate(iso, 'short');
}

/** The session's requests: category, place, when and status, newest first. */
export function RequestsList({ requests, loading }: { requests: UserRequest[]; loading: boolean }) {
  if (loading) return <p className={styles.requestsEmpty}>Loading your requests...</p>;
  if (requests.length === 0) {
    return <p className={styles.requestsEmpty}>Your requests will appear here as you ask for them.</p>;
  }
  return (
    <ul className={styles.requestList}>
      {requests.map((request) => {
        const parsed = request.parsedEntities;
        const because = closedBecause(request);
        return (
          <li key={request.id} className={styles.request} data-status={request.status}>
            <div className={styles.requestHead}>
              <span className={styles.requestCategory}>
                {parsed ? (CATEGORY[parsed.mainCategory] ?? parsed.mainCategory) : 'Being understood'}
              </span>
              <span className={styles.requestStatus}>{statusLabel(request)}</span>
            </div>
            {because ? <p className={styles.requestReason}>{because}</p> : null}
            <p className={styles.requestText}>{request.text.split('\n')[0]}</p>
            <dl className={styles.requestFacts}>
              <dt>Where</dt>
              <dd>{parsed?.location ?? 'To be confirmed'}</dd>
              <dt>When</dt>
              <dd>{parsed?.timeline ?? `Asked ${shortDate(request.createdAt)}`}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
