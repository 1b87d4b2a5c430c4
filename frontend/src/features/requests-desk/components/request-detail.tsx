import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import { formatDateTime } from '@maison/shared';
import { Alert, App, Button, Drawer, Input, Select, Spin, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../lib/ui/empty-state';
import {
  changeStatus,
  handBack,
  replyAsConcierge,
  useDeskDetail,
  useInvalidateDesk,
  type RequestStatus,
} from '../api/desk';
import { askedBy, CATEGORY_TITLE, STATUS_TITLE } from './desk-format';
import styles from './desk.module.css';
import { BookingPaymentPanel } from './booking-payment-panel';
import { MemberProfilePanel } from './member-profile-panel';
import { OptionProposal } from './option-proposal';

function when(iso: string): string {
  return formatDateTime(iso, { style: 'short' });
}

/** One request in the console: its conversation, history and the member's ratings; staff act on it here. */
export function RequestDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { message } = App.useApp();
  const detail = useDeskDetail(id);
  const refresh = useInvalidateDesk();
  const [status, setStatus] = useState<RequestStatus | undefined>();
  const [note, setNote] = useState('');
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const data = detail.data?.data;
  const request = data?.request;
  const closed = request ? ['completed', 'cancelled'].includes(request.status) : true;

  const act = async (what: string, call: () => Promise<unknown>, done: string) => {
    setBusy(what);
    try {
      await call();
      await refresh();
      message.success(done);
      return true;
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'Request failed');
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="min(720px, 100vw)"
      title={
        request
          ? `${CATEGORY_TITLE[request.parsedEntities?.mainCategory ?? 'default'] ?? 'Request'} request`
          : 'Request'
      }
      destroyOnHidden
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <Alert type="error" showIcon title={detail.error.message} />}
      {request && data ? (
        <div className={styles.detail}>
          <div className={styles.detailHead}>
            <span className={data.member ? styles.askedByMember : styles.askedBy} data-testid="asked-by">
              {askedBy(data.member)}
            </span>
            <Tag color="gold" data-testid="request-status">
              {STATUS_TITLE[request.status]}
            </Tag>
            {request.mergedInto ? <Tag>Merged into: {request.mergedInto.summary}</Tag> : null}
            {data.card.handoffAt ? (
              <>
                <Tag color="red">Asked for a person: the AI is silent</Tag>
                <Button
                  size="small"
                  loading={busy === 'handback'}
                  onClick={() => void act('handback', () => handBack(request.id), 'Handed back to the AI concierge')}
                >
                  Hand back to the AI
                </Button>
              </>
            ) : null}
            <span className={styles.muted}>Received {when(request.createdAt)}</span>
          </div>

          {/* It scrolls: focusable so that a keyboard can scroll it too. */}
          <section aria-label="Conversation" className={styles.conversation} tabIndex={0}>
            <h4>Conversation</h4>
            {data.conversation.length === 0 ? (
              <p className={styles.muted}>This request came from the public chat: {request.text}</p>
            ) : (
              data.conversation.map((m) => (
                <div key={m.id} className={styles[`msg_${m.role}`]} data-role={m.role}>
                  <span className={styles.msgWho}>
                    {m.role === 'user'
                      ? (data.member?.name ?? 'Member')
                      : m.role === 'assistant'
                        ? 'AI concierge'
                        : (m.author ?? 'Concierge')}
                    {' · '}
                    {when(m.createdAt)}
                    {m.rating ? (
                      m.rating.helpful ? (
                        <LikeOutlined aria-label="Rated helpful" />
                      ) : (
                        <DislikeOutlined aria-label="Rated not helpful" />
                      )
                    ) : null}
                  </span>
                  <span className={styles.msgText}>{m.content}</span>
                </div>
              ))
            )}
          </section>

          {data.member ? <MemberProfilePanel memberId={data.member.id} name={data.member.name} /> : null}

          <section aria-label="Reply" className={styles.block}>
            <h4>Reply to the member</h4>
            <Input.TextArea
              aria-label="Reply to the member"
              placeholder="Write as their personal concierge..."
              autoSize={{ minRows: 2, maxRows: 6 }}
              value={reply}
              disabled={!request.threadId}
              onChange={(e) => setReply(e.target.value)}
            />
            <Button
              type="primary"
              loading={busy === 'reply'}
              disabled={!reply.trim() || !request.threadId}
              onClick={async () => {
                if (await act('reply', () => replyAsConcierge(request.id, { content: reply.trim() }), 'Reply sent'))
                  setReply('');
              }}
            >
              Send reply
            </Button>
          </section>

          <section aria-label="Status" className={styles.block}>
            <h4>Change the status</h4>
            <div className={styles.row}>
              <Select
                aria-label="New status"
                placeholder="New status"
                value={status}
                onChange={(value: RequestStatus) => setStatus(value)}
                disabled={closed}
                options={(Object.keys(STATUS_TITLE) as RequestStatus[])
                  .filter((s) => s !== request.status && (s !== 'options_proposed' || request.options.length > 0))
                  .map((s) => ({ value: s, label: STATUS_TITLE[s] }))}
                className={styles.statusSelect}
              />
              <Input
                aria-label="Note for the member"
                placeholder="A note for the member (optional)"
                value={note}
                disabled={closed}
                maxLength={2000}
                onChange={(e) => setNote(e.target.value)}
              />
              <Button
                loading={busy === 'status'}
                disabled={!status || closed}
                onClick={async () => {
                  if (!status) return;
                  const ok = await act(
                    'status',
                    () => changeStatus(request.id, { status, note: note.trim() || undefined }),
                    `Moved to ${STATUS_TITLE[status].toLowerCase()}`,
                  );
                  if (ok) {
                    setStatus(undefined);
                    setNote('');
                  }
                }}
              >
                Update status
              </Button>
            </div>
          </section>

          <BookingPaymentPanel requestId={request.id} />

          <OptionProposal request={request} closed={closed} />

          <section aria-label="History" className={styles.block}>
            <h4>History</h4>
            <Timeline
              items={request.history.map((entry) => ({
                content: (
                  <div>
                    <strong>{STATUS_TITLE[entry.status]}</strong>
                    <span className={styles.muted}>
                      {' '}
                      ·{' '}
                      {entry.actor === 'member'
                        ? 'Member'
                        : entry.actor === 'staff'
                          ? (entry.actorName ?? 'Staff')
                          : 'Concierge engine'}{' '}
                      · {when(entry.at)}
                    </span>
                    {entry.note ? <p className={styles.note}>{entry.note}</p> : null}
                  </div>
                ),
              }))}
            />
          </section>

          <section aria-label="Ratings" className={styles.block}>
            <h4>The member’s ratings</h4>
            {data.ratings.length === 0 ? (
              <EmptyState size="small" title="No ratings yet" />
            ) : (
              <ul className={styles.ratings}>
                {data.ratings.map((r) => (
                  <li key={r.messageId}>
                    {r.helpful ? <LikeOutlined aria-label="Helpful" /> : <DislikeOutlined aria-label="Not helpful" />}{' '}
                    <span className={styles.ratedReply}>{r.content.slice(0, 160)}</span>
                    {r.comment ? <p className={styles.note}>“{r.comment}”</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </Drawer>
  );
}
