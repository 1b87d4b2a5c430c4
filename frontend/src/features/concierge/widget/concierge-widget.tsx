import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Component, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { track } from '../../../lib/analytics';
import {
  conciergeSessionId,
  fetchUserRequest,
  nextStep,
  sendChat,
  type ParsedEntities,
  type UserRequest,
} from '../api/concierge';
import { GALLERY_ART } from '../art/bundled-art';
import { ChatInput, type ChatInputLook } from '../components/chat-input';
import { galleryCategory, galleryCount, SAMPLE_REQUEST, splitClosing } from '../components/gallery';
import { MarkdownMessage } from '../components/markdown-message';
import { recognitionSupported, type Notify } from '../components/speech-recognition';
import { useSpeaking } from '../components/use-speaking';
import { useUserLocation } from '../components/use-user-location';
import styles from './widget.module.css';

interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** The request a reply is about: its parse chooses the reply's gallery. */
  requestId?: string | null;
  /** False for the welcome: only replies get a gallery. */
  gallery: boolean;
}

interface Notice {
  kind: 'error' | 'info';
  title: string;
  description: string;
}

/** How long the strip asks again for a request's parse after a reply, while the worker reads it. */
const PARSE_WAIT_MS = 6000;

const FACTS: Array<[keyof ParsedEntities, string]> = [
  ['location', 'Location'],
  ['timeline', 'Timeline'],
  ['urgency', 'Urgency'],
  ['budget', 'Budget'],
];

const requestKey = (id: string | null) => ['/api/user-requests', 'one', id];

/** The widget's message box, in plain buttons of its own stylesheet. */
const widgetInputLook: ChatInputLook = {
  classNames: { bar: styles.inputBar, listening: styles.listening, row: styles.inputRow, textarea: styles.textarea },
  SendButton: ({ onClick, disabled }) => (
    <button type="button" className={styles.send} aria-label="Send" onClick={onClick} disabled={disabled}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 12h15M13 6l6 6-6 6" />
      </svg>
    </button>
  ),
  VoiceButton: ({ listening, onClick, disabled }) => (
    <button
      type="button"
      className={listening ? styles.micOn : styles.iconButton}
      aria-label={listening ? 'Stop listening' : 'Voice input'}
      aria-pressed={listening}
      onClick={onClick}
      disabled={disabled}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3" />
      </svg>
    </button>
  ),
};

/** A reply whose Markdown cannot be drawn is shown as plain text with its line breaks (spec, section 5). */
class FormattedText extends Component<{ content: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) return <p className={styles.plain}>{this.props.content}</p>;
    return <MarkdownMessage content={this.props.content} />;
  }
}

function Gallery({ parsed }: { parsed: ParsedEntities }) {
  const category = galleryCategory(parsed);
  const art = GALLERY_ART[category].slice(0, galleryCount(category));
  return (
    <div className={styles.gallery} data-gallery={category}>
      {art.map((picture) => (
        <img key={picture.src} src={picture.src} alt={picture.alt} loading="lazy" className={styles.galleryImage} />
      ))}
    </div>
  );
}

/** What a failed call tells the member. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return 'Failed to connect to the AI concierge. Please try again later.';
}

/**
 * The floating concierge (spec, section 2): a modal chat over any page, with what the concierge
 * understood of the request, follow-up questions and a small gallery under each reply. Built on
 * the browser's own <dialog> (focus kept inside, Escape and the backdrop close it), without Ant
 * Design, so opening it costs only its own code and the Markdown renderer.
 */
export function ConciergeWidget({ open, onClose }: { open: boolean; onClose: () => void }) {
  const brand = useBrand();
  const queryClient = useQueryClient();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const [sessionId] = useState(conciergeSessionId);
  const [messages, setMessages] = useState<Message[]>(() => [
    {
      id: 'welcome',
      role: 'assistant',
      content: `Welcome to ${brand}. I'm your personal luxury concierge with access to current global insights. How may I assist you today?`,
      gallery: false,
    },
  ]);
  const [pending, setPending] = useState(false);
  const [followUpPending, setFollowUpPending] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);
  const [pollUntil, setPollUntil] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const location = useUserLocation(open);
  const speech = useSpeaking();
  const notify = useCallback<Notify>((kind, title, description) => setNotice({ kind, title, description }), []);

  const request = useQuery({
    queryKey: requestKey(requestId),
    queryFn: () => fetchUserRequest(requestId!),
    enabled: Boolean(requestId),
    // Earlier replies keep the parse of their own request.
    gcTime: Infinity,
    // The worker parses a request a moment after the reply: ask again until it has, a few seconds at most.
    refetchInterval: (query) =>
      Date.now() < pollUntil || (!query.state.data?.parsedEntities && query.state.dataUpdateCount < 10) ? 800 : false,
  });
  const parsed = request.data?.parsedEntities ?? null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), 5000);
    return () => window.clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  const close = () => {
    speech.stop();
    track('ai_concierge_closed', { messages: messages.length - 1 });
    onClose();
  };

  const reply = (content: string, about: string | null) =>
    setMessages((list) => [
      ...list,
      { id: crypto.randomUUID(), role: 'assistant', content, requestId: about, gallery: true },
    ]);

  const send = async (message: string) => {
    const history = messages.filter((m) => m.id !== 'welcome').map(({ role, content }) => ({ role, content }));
    setMessages((list) => [...list, { id: crypto.randomUUID(), role: 'user', content: message, gallery: false }]);
    setPending(true);
    try {
      const answer = await sendChat({
        message,
        conversationHistory: history,
        sessionId,
        ...(location ? { userLocation: location } : {}),
      });
      const about = answer.requestId ?? requestId;
      if (answer.requestId) {
        setRequestId(answer.requestId);
        setPollUntil(Date.now() + PARSE_WAIT_MS);
        void queryClient.invalidateQueries({ queryKey: requestKey(answer.requestId) });
      }
      reply(answer.response, about);
      track('ai_concierge_interaction', { action: 'message' });
    } catch (error) {
      setNotice({ kind: 'error', title: 'Error', description: failureText(error) });
    } finally {
      setPending(false);
    }
  };

  const followUp = async () => {
    if (!requestId || followUpPending) return;
    setFollowUpPending(true);
    try {
      reply(await nextStep(requestId), requestId);
      track('ai_concierge_interaction', { action: 'follow-up' });
    } catch (error) {
      setNotice({ kind: 'error', title: 'Error', description: failureText(error) });
    } finally {
      setFollowUpPending(false);
    }
  };

  const chips = parsed
    ? [
        ...FACTS.filter(([key]) => parsed[key]).map(([key, label]) => ({
          key,
          text: `${label}: ${String(parsed[key])}`,
        })),
        ...parsed.preferences.map((preference) => ({ key: `preference-${preference}`, text: preference })),
      ]
    : [];

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the dialog element itself, outside its panel, is a click on the backdrop.
        if (event.target === dialog.current) close();
      }}
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <div>
            <h2 id={titleId} className={styles.title}>
              {brand} Concierge
            </h2>
            <p className={styles.subtitle}>Personalized luxury assistance</p>
          </div>
          <button type="button" className={styles.close} aria-label="Close" onClick={close}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </header>

        {requestId && (
          <section className={styles.preferences} aria-label="Understanding your preferences">
            <h3 className={styles.preferencesTitle}>Understanding your preferences</h3>
            {chips.length > 0 ? (
              <ul className={styles.chips}>
                {chips.map((chip) => (
                  <li key={chip.key} className={styles.chip}>
                    {chip.text}
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.preferencesWait}>
                {parsed ? 'Tell me more to refine it.' : 'Reading your request...'}
              </p>
            )}
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => void followUp()}
              disabled={followUpPending}
            >
              {followUpPending ? 'Composing a question...' : 'Generate follow-up question'}
            </button>
          </section>
        )}

        <div className={styles.messages} aria-live="polite">
          {messages.map((m) => {
            if (m.role === 'user') {
              return (
                <article key={m.id} data-role="user" className={styles.userBubble}>
                  <p className={styles.plain}>{m.content}</p>
                </article>
              );
            }
            const { body, closing } = m.gallery ? splitClosing(m.content) : { body: m.content, closing: '' };
            const about =
              (m.requestId && queryClient.getQueryData<UserRequest>(requestKey(m.requestId))?.parsedEntities) ||
              SAMPLE_REQUEST;
            return (
              <article key={m.id} data-role="assistant" className={styles.assistantBubble}>
                <FormattedText content={body} />
                {m.gallery && <Gallery parsed={about} />}
                {closing && <FormattedText content={closing} />}
                {speech.supported && (
                  <button
                    type="button"
                    className={styles.listen}
                    aria-pressed={speech.speakingId === m.id}
                    onClick={() => speech.toggle(m.id, m.content)}
                  >
                    {speech.speakingId === m.id ? 'Stop Speaking' : 'Listen'}
                  </button>
                )}
              </article>
            );
          })}
          {pending && (
            <p className={styles.pending} role="status">
              <span className={styles.dots} aria-hidden="true" /> Crafting your personalized response...
            </p>
          )}
          <div ref={end} />
        </div>

        {notice && (
          <div
            className={notice.kind === 'error' ? styles.noticeError : styles.notice}
            role={notice.kind === 'error' ? 'alert' : 'status'}
          >
            <strong>{notice.title}</strong> {notice.description}
          </div>
        )}

        <ChatInput
          look={widgetInputLook}
          onSend={(message) => void send(message)}
          loading={pending}
          placeholder="Ask anything..."
          onVoiceNotice={recognitionSupported() ? notify : undefined}
        />
      </div>
    </dialog>
  );
}
