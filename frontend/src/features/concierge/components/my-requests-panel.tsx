import { formatDateTime } from '@maison/shared';
import { Button, Empty, Popconfirm, Tag, Timeline } from 'antd';
import type { MemberRequest } from '../api/threads';
import { CATEGORY, closedBecause, STATUS, statusLabel } from './requests-list';
import { hasNews, UnreadMark } from './unread-mark';
import { OptionCards } from './option-cards';
import styles from './my-requests.module.css';

/** The member may still cancel these (not yet confirmed). */
const CANCELLABLE = ['received', 'in_progress', 'options_proposed'];

const TAG: Record<string, string> = {
  received: 'default',
  in_progress: 'processing',
  options_proposed: 'gold',
  confirmed: 'success',
  completed: 'success',
  cancelled: 'error',
};

function when(iso: string): string {
  return formatDateTime(iso, { style: 'short' });
}

function who(entry: MemberRequest['history'][number]): string {
  if (entry.actor === 'member') return 'You';
  if (entry.actor === 'staff') return entry.actorName ?? 'Your concierge';
  return 'The concierge';
}

/** 'My requests': the session's requests with their status and history; cancel one not yet confirmed. */
export function MyRequestsPanel({
  requests,
  onCancel,
  onAccept,
}: {
  requests: MemberRequest[];
  onCancel: (id: string) => Promise<void>;
  onAccept: (requestId: string, optionId: string) => Promise<void>;
}) {
  if (requests.length === 0) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Your requests will appear here as you ask for them." />
    );
  }
  return (
    <ul className={styles.list} aria-label="My requests">
      {requests.map((request) => {
        const parsed = request.parsedEntities;
        const because = closedBecause(request);
        return (
          <li key={request.id} className={styles.request} data-status={request.status}>
            <div className={styles.head}>
              <span className={styles.category}>
                {parsed ? (CATEGORY[parsed.mainCategory] ?? parsed.mainCategory) : 'Request'}
                {hasNews(request) ? <UnreadMark inline /> : null}
              </span>
              <Tag color={because ? 'default' : TAG[request.status]} className={styles.status}>
                {statusLabel(request)}
              </Tag>
            </div>
            {because ? <p className={styles.reason}>{because}</p> : null}
            <p className={styles.text}>{request.text.split('\n')[0]}</p>
            {parsed && (parsed.location || parsed.timeline || parsed.budget) ? (
              <dl className={styles.facts}>
                {parsed.location ? (
                  <>
                    <dt>Where</dt>
                    <dd>{parsed.location}</dd>
                  </>
                ) : null}
                {parsed.timeline ? (
                  <>
                    <dt>When</dt>
                    <dd>{parsed.timeline}</dd>
                  </>
                ) : null}
                {parsed.budget ? (
                  <>
                    <dt>Budget</dt>
                    <dd>{parsed.budget}</dd>
                  </>
                ) : null}
              </dl>
            ) : null}
            {request.options.length > 0 && (
              <OptionCards
                attachment={{ type: 'options', requestId: request.id, options: request.options }}
                request={request}
                onAccept={onAccept}
              />
            )}
            <Timeline
              className={styles.history}
              items={request.history.map((entry) => {
                // The concierge never cancels: a request it closed went into another (the note says which).
                const closedByConcierge = entry.actor === 'concierge' && entry.status === 'cancelled';
                return {
                  color: closedByConcierge
                    ? 'gray'
                    : entry.status === 'cancelled'
                      ? 'red'
                      : entry.status === 'confirmed'
                        ? 'green'
                        : 'gray',
                  content: (
                    <div>
                      <strong>{closedByConcierge ? 'Closed' : STATUS[entry.status]}</strong>
                      <span className={styles.historyMeta}>
                        {' '}
                        · {who(entry)} · {when(entry.at)}
                      </span>
                      {entry.note ? <p className={styles.note}>{entry.note}</p> : null}
                    </div>
                  ),
                };
              })}
            />
            {CANCELLABLE.includes(request.status) && (
              <Popconfirm
                title="Cancel this request?"
                description="Your concierge will stop working on it."
                okText="Cancel request"
                cancelText="Keep it"
                okButtonProps={{ danger: true }}
                onConfirm={() => onCancel(request.id)}
              >
                <Button size="small" danger type="text">
                  Cancel request
                </Button>
              </Popconfirm>
            )}
          </li>
        );
      })}
    </ul>
  );
}
