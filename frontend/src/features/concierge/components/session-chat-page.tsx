import {
  AudioOutlined,
  PauseCircleOutlined,
  SendOutlined,
  SoundOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { formatTime } from '@maison/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { track } from '../../../lib/analytics';
import { conciergeSessionId, fetchUserRequests, nextStep, sendChat, type ChatAnswer } from '../api/concierge';
import { ChatInput, type ChatInputLook } from './chat-input';
import { ImagePanel } from './image-panel';
import { MarkdownMessage } from './markdown-message';
import { RequestsList } from './requests-list';
import { imageTopic, type MessageTopic } from './topics';
import { useIsMobile } from './use-is-mobile';
import { useSpeaking } from './use-speaking';
import { useUserLocation } from './use-user-location';
import { useVoiceToasts } from './use-voice-toasts';
import styles from './session-chat.module.css';

interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  /** The topic whose illustration follows an assistant message, if any. */
  topic?: MessageTopic | null;
}

/** The session chat's message box: a voice toggle (red while it listens) and a send button. */
const sessionInputLook: ChatInputLook = {
  classNames: { bar: styles.column, listening: styles.listening, row: styles.inputRow, textarea: styles.textarea },
  SendButton: ({ onClick, disabled }) => (
    <Button type="primary" aria-label="Send" icon={<SendOutlined />} onClick={onClick} disabled={disabled} />
  ),
  VoiceButton: ({ listening, onClick, disabled }) => (
    <Button
      aria-label={listening ? 'Stop listening' : 'Voice input'}
      aria-pressed={listening}
      icon={<AudioOutlined />}
      danger={listening}
      type={listening ? 'primary' : 'default'}
      onClick={onClick}
      disabled={disabled}
    />
  ),
};

function hourMinute(iso: string): string {
  return formatTime(iso);
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
  const [pending, setPending] = useState<'direct' | 'fallback' | null>(null);
  const [currentRequestId, setCurrentRequestId] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const location = useUserLocation();
  const speech = useSpeaking();
  const voiceToasts = useVoiceToasts();

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

  const send = async (message: string) => {
    const history = messages.filter((m) => m.id !== 'welcome').map(({ role, content }) => ({ role, content }));
    setMessages((list) => [
      ...list,
      { id: crypto.randomUUID(), role: 'user', content: message, timestamp: new Date().toISOString() },
    ]);
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
            <ChatInput
              look={sessionInputLook}
              onSend={(message) => void send(message)}
              loading={sending}
              disabled={sending}
              placeholder="Ask a question..."
              onVoiceNotice={voiceToasts}
            >
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
            </ChatInput>
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
