import { formatTime } from '@maison/shared';
import { App, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { track } from '../../../lib/analytics';
import { conciergeSessionId, sendChat } from '../api/concierge';
import { ChatInput } from './chat-input';
import { conciergeInputLook } from './concierge-input-look';
import { ListenButton } from './listen-button';
import { MarkdownMessage } from './markdown-message';
import styles from './concierge.module.css';

interface Turn {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  at: string;
}

function timeOfDay(iso: string): string {
  return formatTime(iso);
}

/**
 * The simple variant's error texts (spec, section 8): an answer of `{success: false}` shows the
 * server's error or 'Failed to get response'; a non-OK status, or no answer at all, 'Error: Failed
 * to send message. Please try again.'.
 */
export function failureText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status < 200 || error.status >= 300) {
    return 'Error: Failed to send message. Please try again.';
  }
  // 'Request failed' is the client's own word for a {success: false} without a reason.
  return error.message && error.message !== 'Request failed' ? error.message : 'Failed to get response';
}

/** /simple-concierge: one conversation on POST /api/chat, no thread list, no voice. */
export function SimpleConciergePage() {
  const brand = useBrand();
  const { notification } = App.useApp();
  const greeting = `Welcome to ${brand}. I am your personal luxury concierge. How may I assist you today?`;
  const [turns, setTurns] = useState<Turn[]>([]);
  const [loading, setLoading] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [openedAt] = useState(() => new Date().toISOString());
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    track('concierge_page_viewed', { page: 'simple-concierge' });
  }, []);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [turns, loading]);

  const shown: Turn[] = [{ id: 'welcome', role: 'assistant', content: greeting, at: openedAt }, ...turns];

  const send = async (text: string) => {
    const user: Turn = { id: crypto.randomUUID(), role: 'user', content: text, at: new Date().toISOString() };
    const history = turns.map(({ role, content }) => ({ role, content }));
    setTurns((t) => [...t, user]);
    setLoading(true);
    try {
      const answer = await sendChat({ message: text, conversationHistory: history, sessionId: conciergeSessionId() });
      setTurns((t) => [
        ...t,
        { id: crypto.randomUUID(), role: 'assistant', content: answer.response, at: answer.timestamp },
      ]);
      setAnnouncement('The concierge has replied.');
      track('concierge_interaction', { page: 'simple-concierge' });
    } catch (error) {
      notification.error({ title: 'Error', description: failureText(error) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <main className={styles.simplePage}>
      <header className={styles.simpleHeader}>
        <Link to="/" className={styles.brandLink}>
          {brand}
        </Link>
        <span className={styles.simpleSub}>Private Concierge</span>
      </header>
      <section className={styles.simpleConversation} aria-label="Conversation">
        <div className={styles.simpleColumn}>
          <div className={styles.simpleIntro}>
            <p className="mf-eyebrow">At your service</p>
            <h1 className={`mf-display ${styles.simpleTitle}`}>
              The <em>Concierge</em>
            </h1>
            <p className={styles.simpleLede}>Journeys, tables, residences and evenings, arranged with discretion.</p>
          </div>
          {shown.map((turn) => (
            <article key={turn.id} className={turn.role === 'user' ? styles.userBubble : styles.assistantBubble}>
              {turn.role === 'assistant' ? (
                <MarkdownMessage content={turn.content} />
              ) : (
                <p className={styles.plain}>{turn.content}</p>
              )}
              {turn.role === 'assistant' && (
                <div className={styles.meta}>
                  <time dateTime={turn.at}>{timeOfDay(turn.at)}</time>
                  <ListenButton content={turn.content} />
                </div>
              )}
            </article>
          ))}
          {loading && (
            <div className={styles.pending}>
              <Spin size="small" /> Crafting your personalized response...
            </div>
          )}
          <div ref={end} />
        </div>
      </section>
      <div className="mf-sr-only" aria-live="polite">
        {announcement}
      </div>
      <div className={styles.simpleInput}>
        <div className={styles.simpleColumn}>
          <ChatInput look={conciergeInputLook} onSend={send} loading={loading} />
        </div>
      </div>
    </main>
  );
}
