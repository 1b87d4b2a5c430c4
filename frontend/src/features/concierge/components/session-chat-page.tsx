import {
  AudioOutlined,
  PauseCircleOutlined,
  SendOutlined,
  SoundOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Spin } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { track } from '../../../lib/analytics';
import { conciergeSessionId, fetchUserRequests, nextStep, sendChat, type ChatAnswer } from '../api/concierge';
import { ImagePanel } from './image-panel';
import { MarkdownMessage } from './markdown-message';
import { RequestsList } from './requests-list';
import { imageTopic, type MessageTopic } from './topics';
import { useSpeaking } from './use-speaking';
import { useUserLocation } from './use-user-location';
import { useVoiceInput } from './use-voice-input';
import styles from './session-chat.module.css';

interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  /** The topic whose illustration follows an assistant message, if any. */
  topic?: MessageTopic | null;
}

const MOBILE_QUERY = '(max-width: 767px)';
const MIN_HEIGHT = 40;
const MAX_HEIGHT = 120;

function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.matchMedia?.(MOBILE_QUERY).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(MOBILE_QUERY);
    if (!query) return;
    const update = () => setMobile(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return mobile;
}

function hourMinute(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** The chat call failed to be answered at all (no answer, or the server's own failure): worth one retry. */
function unanswered(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

/**
 * /modern-concierge: the session chat (spec, section 2). JSON replies from POST /api/chat, an
 * illustration after replies with a topic, 'Continue conversation' through the current request's
 * next step, and the session's requests beside the conversation (in a drawer on phones).
 */
export function SessionChatPage() {
  const brand = useBrand();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const mobile = useIsMobile();
  const welcome = `Welcome to ${brand}'s dedicated concierge service. I'm your personal luxury concierge with access to current global insights. How may I assist you today?`;
  const [sessionId] = useState(conciergeSessionId);
  const [openedAt] = useState(() => new Date().toISOString());
  const welcomeMessage: Message = { id: 'welcome', role: 'assistant', content: welcome, timestamp: openedAt };
  const [messages, setMessages] = useState<Message[]>(() => [welcomeMessage]);
  // The welcome is put back whenever the list is empty.
  const shown = messages.length > 0 ? messages : [welcomeMessage];
  const [text, setText] = useState('');
  const [pending, setPending] = useState<'direct' | 'fallback' | null>(null);
  const [currentRequestId, setCurrentRequestId] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const location = useUserLocation();
  const speech = useSpeaking();
  const append = useCallback((spoken: string) => setText((t) => (t.trim() ? `${t.trimEnd()} ${spoken}` : spoken)), []);
  const voice = useVoiceInput(append);

  const requests = useQuery({
    queryKey: ['/api/user-requests', sessionId],
    queryFn: () => fetchUserRequests(sessionId),
    enabled: Boolean(sessionId),
  });
  // The spec's fallback: a failed send is tried once more through a mutation.
  const retry = useMutation({ mutationFn: sendChat });
  const followUp = useMutation({ mutationFn: nextStep });

  useEffect(() => {
    track('concierge_page_viewed', { page: 'modern-concierge' });
  }, []);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, el.scrollHeight))}px`;
  }, [text]);

  const addAssistant = (content: string, timestamp: string) => {
    setMessages((list) => [
      ...list,
      { id: crypto.randomUUID(), role: 'assistant', content, timestamp, topic: imageTopic(content, welcome) },
    ]);
    setAnnouncement(`The concierge replied: ${content.slice(0, 200)}`);
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && !unanswered(error)) {
      notification.error({ title: 'Error', description: error.message || 'Failed to get a response' });
      return;
    }
    console.error(error instanceof ApiError ? `Server responded with status: ${error.status}` : error);
    notification.error({
      title: 'Error',
      description: 'Failed to connect to the AI concierge. Please try again later.',
    });
  };

  const send = async () => {
    const message = text.trim();
    if (!message || pending) return;
    const history = messages.filter((m) => m.id !== 'welcome').map(({ role, content }) => ({ role, content }));
    setMessages((list) => [
      ...list,
      { id: crypto.randomUUID(), role: 'user', content: message, timestamp: new Date().toISOString() },
    ]);
    setText('');
    const body = {
      message,
      conversationHistory: history,
      sessionId,
      ...(location ? { userLocation: location } : {}),
    };
    setPending('direct');
    let answer: ChatAnswer;
    try {
      try {
        answer = await sendChat(body);
      } catch (error) {
        if (!unanswered(error)) throw error;
        console.error(error instanceof ApiError ? `Server responded with status: ${error.status}` : error);
        setPending('fallback');
        answer = await retry.mutateAsync(body);
      }
    } catch (error) {
      failed(error);
      return;
    } finally {
      setPending(null);
    }
    addAssistant(answer.response, answer.timestamp);
    if (answer.requestId) setCurrentRequestId(answer.requestId);
    track('concierge_interaction', { page: 'modern-concierge' });
    void queryClient.invalidateQueries({ queryKey: ['/api/user-requests', sessionId] });
  };

  const continueConversation = async () => {
    if (!currentRequestId) {
      notification.warning({
        title: 'Cannot continue conversation',
        description: "There's no active request to continue. Please start a new conversation.",
      });
      return;
    }
    if (followUp.isPending) return;
    try {
      const content = await followUp.mutateAsync(currentRequestId);
      addAssistant(content, new Date().toISOString());
    } catch (error) {
      failed(error);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const sending = pending !== null;
  const requestsList = <RequestsList requests={requests.data ?? []} loading={requests.isPending} />;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand}>
          {brand}
        </Link>
        <span className={styles.headerTitle}>Private Concierge</span>
        {mobile && (
          <Button
            type="text"
            icon={<UnorderedListOutlined />}
            onClick={() => setDrawerOpen(true)}
            className={styles.requestsButton}
          >
            Your requests
          </Button>
        )}
      </header>
      <div className={styles.body}>
        <main className={styles.conversation}>
          <section className={styles.messages} aria-label="Messages">
            <div className={styles.column}>
              {shown.map((m) => (
                <div key={m.id} className={m.role === 'user' ? styles.userRow : styles.assistantRow}>
                  <article
                    data-role={m.role}
                    className={m.role === 'user' ? styles.userBubble : styles.assistantBubble}
                  >
                    {m.role === 'assistant' ? (
                      <MarkdownMessage content={m.content} />
                    ) : (
                      <p className={styles.plain}>{m.content}</p>
                    )}
                    <div className={styles.meta}>
                      <time dateTime={m.timestamp}>{hourMinute(m.timestamp)}</time>
                      {m.role === 'assistant' && speech.supported && (
                        <button
                          type="button"
                          className={styles.listen}
                          onClick={() => speech.toggle(m.id, m.content)}
                          aria-pressed={speech.speakingId === m.id}
                        >
                          {speech.speakingId === m.id ? <PauseCircleOutlined /> : <SoundOutlined />} Listen
                        </button>
                      )}
                    </div>
                  </article>
                  {m.role === 'assistant' && m.topic && (
                    <ImagePanel topic={m.topic} place={location?.locationName} sessionId={sessionId} />
                  )}
                </div>
              ))}
              {pending && (
                <div className={styles.pending} role="status">
                  <Spin size="small" />{' '}
                  {pending === 'direct'
                    ? 'Crafting your personalized response...'
                    : 'Composing a thoughtful response...'}
                </div>
              )}
              <div ref={end} />
            </div>
          </section>
          <div className="mf-sr-only" aria-live="polite">
            {announcement}
          </div>
          <div className={styles.inputBar}>
            <div className={styles.column}>
              {voice.listening && (
                <div className={styles.listening} role="status">
                  Listening... Speak now
                </div>
              )}
              <div className={styles.actions}>
                <Button
                  onClick={continueConversation}
                  aria-disabled={!currentRequestId}
                  disabled={followUp.isPending}
                  loading={followUp.isPending}
                  className={currentRequestId ? undefined : styles.inactive}
                >
                  <span className={styles.longLabel}>Continue conversation</span>
                  <span className={styles.shortLabel}>Continue</span>
                </Button>
                <Link to="/" className={styles.homeLink}>
                  Return to homepage
                </Link>
                {speech.speakingId && (
                  <Button type="text" icon={<PauseCircleOutlined />} onClick={speech.stop} className={styles.stopAudio}>
                    Stop audio playback
                  </Button>
                )}
              </div>
              <div className={styles.inputRow}>
                <textarea
                  ref={box}
                  className={styles.textarea}
                  value={text}
                  rows={1}
                  placeholder="Ask a question..."
                  aria-label="Message"
                  disabled={sending || voice.listening}
                  onChange={(e) => setText(e.target.value)}
                  onKeyDown={onKeyDown}
                />
                <Button
                  aria-label={voice.listening ? 'Stop listening' : 'Voice input'}
                  aria-pressed={voice.listening}
                  icon={<AudioOutlined />}
                  danger={voice.listening}
                  type={voice.listening ? 'primary' : 'default'}
                  onClick={voice.toggle}
                  disabled={sending}
                />
                <Button
                  type="primary"
                  aria-label="Send"
                  icon={<SendOutlined />}
                  onClick={() => void send()}
                  disabled={!text.trim() || sending}
                />
              </div>
            </div>
          </div>
        </main>
        {!mobile && (
          <aside className={styles.requests} aria-label="Your requests">
            <h2 className={styles.requestsTitle}>Your requests</h2>
            {requestsList}
          </aside>
        )}
      </div>
      {mobile && (
        <Drawer
          placement="right"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={320}
          title="Your requests"
        >
          {requestsList}
        </Drawer>
      )}
    </div>
  );
}
