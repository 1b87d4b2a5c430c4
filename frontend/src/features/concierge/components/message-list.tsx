import { DislikeOutlined, EditOutlined, LikeOutlined, RedoOutlined, UserOutlined } from '@ant-design/icons';
import { formatTime } from '@maison/shared';
import { Alert, Button, Input, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ReplyStep } from '../api/steps';
import type { MemberRequest } from '../api/threads';
import { ListenButton } from './listen-button';
import { MarkdownMessage } from './markdown-message';
import { OptionCards } from './option-cards';
import { ReplySteps } from './reply-steps';
import type { ChatMessage } from './thread-store';
import styles from './concierge.module.css';

interface MessageListProps {
  brand: string;
  /** The thread's messages, as stored. */
  messages: ChatMessage[];
  /** The server holds the thread, so its replies can be rated. */
  synced: boolean;
  /** The reply written so far, null when none is being read. */
  replyText: string | null;
  /** The steps of the reply being read, as they come. */
  replySteps: ReplyStep[];
  busy: boolean;
  error: string | null;
  /** The session's requests, for the options a concierge offers in the thread. */
  requests: MemberRequest[];
  onAcceptOption: (requestId: string, optionId: string) => Promise<void>;
  /** Edit and resend: the member's message, and every later one, give way to `text`. */
  onResend: (messageId: string, text: string) => void;
  /** Resolves true once the rating is saved. */
  onRate: (messageId: string, helpful: boolean, comment?: string) => Promise<boolean>;
  onRegenerate: () => void;
}

function timeOfDay(iso: string): string {
  return formatTime(iso);
}

/** The thread's messages, the reply being written, and what the member can do with each. */
export function MessageList({
  brand,
  messages,
  synced,
  replyText,
  replySteps,
  busy,
  error,
  requests,
  onAcceptOption,
  onResend,
  onRate,
  onRegenerate,
}: MessageListProps) {
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const [commenting, setCommenting] = useState<{ id: string; helpful: boolean; text: string } | null>(null);
  const end = useRef<HTMLDivElement>(null);
  // A reply still being written is shown by its own bubble, not as a stored message.
  const visible = messages.filter((m) => m.role !== 'system' && m.status !== 'streaming');
  const lastIsAssistant = visible[visible.length - 1]?.role === 'assistant';

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [visible.length, replyText, busy]);

  const resend = () => {
    if (busy || !editing?.text.trim()) return;
    setEditing(null);
    onResend(editing.id, editing.text.trim());
  };

  const rate = async (messageId: string, helpful: boolean, comment?: string) => {
    // A first rating offers a comment; a comment sent closes it.
    if (await onRate(messageId, helpful, comment)) {
      setCommenting(comment === undefined ? { id: messageId, helpful, text: '' } : null);
    }
  };

  return (
    <section className={styles.messages} aria-label="Messages">
      {visible.length === 0 && replyText === null && (
        <div className={styles.welcome}>
          <span className={styles.ornament} aria-hidden />
          <h2>Welcome to {brand} Concierge</h2>
          <p>
            Tell me what you have in mind: a table tonight, a villa for the summer, a jet in the morning. I will take
            care of every detail.
          </p>
        </div>
      )}
      {visible.map((m, index) => (
        <article
          key={m.id}
          data-role={m.role}
          className={
            m.role === 'user'
              ? styles.userBubble
              : m.role === 'concierge'
                ? styles.conciergeBubble
                : styles.assistantBubble
          }
        >
          {m.role === 'concierge' ? (
            <>
              <p className={styles.conciergeAuthor}>
                <UserOutlined aria-hidden /> {m.author ?? 'Your concierge'}
                <span> · Your personal concierge</span>
              </p>
              <MarkdownMessage content={m.content} />
              {m.attachment?.type === 'options' && (
                <OptionCards
                  attachment={m.attachment}
                  request={requests.find((r) => r.id === m.attachment?.requestId)}
                  onAccept={onAcceptOption}
                />
              )}
              <div className={styles.meta}>
                <time dateTime={m.createdAt}>{timeOfDay(m.createdAt)}</time>
              </div>
            </>
          ) : m.role === 'assistant' ? (
            <>
              <ReplySteps messageId={m.id} steps={m.steps ?? []} />
              <MarkdownMessage content={m.content} />
            </>
          ) : editing?.id === m.id ? (
            <div className={styles.editRow}>
              <Input.TextArea
                autoFocus
                aria-label="Edit your message"
                autoSize={{ minRows: 1, maxRows: 6 }}
                value={editing.text}
                onChange={(e) => setEditing({ id: m.id, text: e.target.value })}
              />
              <div className={styles.editActions}>
                <Button size="small" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
                <Button size="small" type="primary" onClick={resend} disabled={!editing.text.trim()}>
                  Save &amp; send
                </Button>
              </div>
            </div>
          ) : (
            <p className={styles.plain}>{m.content}</p>
          )}
          {m.role === 'user' && !busy && editing?.id !== m.id && (
            <div className={styles.userMeta}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label="Edit message"
                onClick={() => setEditing({ id: m.id, text: m.content })}
              />
            </div>
          )}
          {m.role === 'assistant' && m.status === 'stopped' && <p className={styles.stopped}>Stopped</p>}
          {m.role === 'assistant' && (
            <div className={styles.meta}>
              <time dateTime={m.createdAt}>{timeOfDay(m.createdAt)}</time>
              <ListenButton content={m.content} />
              {synced && (
                <>
                  <Button
                    size="small"
                    type="text"
                    icon={<LikeOutlined />}
                    aria-label="Helpful"
                    aria-pressed={m.rating?.helpful === true}
                    className={m.rating?.helpful === true ? styles.rated : undefined}
                    onClick={() => rate(m.id, true)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<DislikeOutlined />}
                    aria-label="Not helpful"
                    aria-pressed={m.rating?.helpful === false}
                    className={m.rating?.helpful === false ? styles.rated : undefined}
                    onClick={() => rate(m.id, false)}
                  />
                </>
              )}
              {index === visible.length - 1 && lastIsAssistant && !busy && (
                <Button size="small" type="text" icon={<RedoOutlined />} onClick={onRegenerate}>
                  Regenerate
                </Button>
              )}
            </div>
          )}
          {commenting?.id === m.id && (
            <div className={styles.commentRow}>
              <Input
                size="small"
                aria-label="Comment on this reply"
                placeholder="Add a comment (optional)"
                value={commenting.text}
                maxLength={2000}
                onChange={(e) => setCommenting({ ...commenting, text: e.target.value })}
                onPressEnter={() => commenting.text.trim() && rate(m.id, commenting.helpful, commenting.text.trim())}
              />
              <Button
                size="small"
                disabled={!commenting.text.trim()}
                onClick={() => rate(m.id, commenting.helpful, commenting.text.trim())}
              >
                Send comment
              </Button>
            </div>
          )}
        </article>
      ))}
      {replyText !== null && (replyText !== '' || replySteps.length > 0) && (
        <article data-role="assistant" className={styles.assistantBubble} aria-busy="true">
          {/* Answered once the reply is kept: its steps are then in the thread. */}
          <ReplySteps messageId={null} steps={replySteps} />
          {replyText !== '' && <MarkdownMessage content={replyText} />}
        </article>
      )}
      {busy && replyText === '' && (
        <div className={styles.pending}>
          <Spin size="small" /> Crafting your personalized response...
        </div>
      )}
      {error && <Alert type="error" showIcon title="Error" description={error} />}
      <div ref={end} />
    </section>
  );
}
