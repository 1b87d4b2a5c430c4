import { CustomerServiceOutlined, MenuOutlined, ProfileOutlined, UserOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { track } from '../../../lib/analytics';
import { useMe } from '../../members';
import { logout, requestTitle } from '../api/concierge';
import { rateReply } from '../api/threads';
import { ChatInput } from './chat-input';
import { conciergeInputLook } from './concierge-input-look';
import { MessageList } from './message-list';
import { MyRequestsPanel } from './my-requests-panel';
import { ThreadList } from './thread-list';
import { message, NEW_THREAD_TITLE } from './thread-store';
import { forgetLinkedThread, linkedThread } from './linked-thread';
import { hasNews } from './unread-mark';
import { useConciergeAccess } from './use-concierge-access';
import { useIsMobile } from './use-is-mobile';
import { useMyRequests } from './use-my-requests';
import { useReplyStream } from './use-reply-stream';
import { useThreads } from './use-threads';
import { useUnread } from './use-unread';
import { useVoiceToasts } from './use-voice-toasts';
import styles from './concierge.module.css';

/** Statuses of a request still under way (counted on the 'My requests' button). */
const OPEN: string[] = ['received', 'in_progress', 'options_proposed', 'confirmed'];

/** /concierge: the members' threaded chat. Access is the server's session; the flag is a hint. */
export function ConciergeChatPage() {
  const brand = useBrand();
  const mobile = useIsMobile();
  const voiceToasts = useVoiceToasts();
  const { allowed, toPasswordScreen } = useConciergeAccess();
  const location = useLocation();
  // An email's link opens its conversation, after sign-in if one comes first.
  const [selectedId, setSelectedId] = useState<string | null>(() => linkedThread(location.search));
  const [error, setError] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [requestsOpen, setRequestsOpen] = useState(false);
  const navigate = useNavigate();
  const member = useMe(allowed);

  const showFailure = useCallback(
    (failure: unknown) => {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      if (failure instanceof ApiError && failure.status === 401) {
        toPasswordScreen();
        return;
      }
      setError(failure instanceof Error && failure.message ? failure.message : 'An error occurred. Please try again.');
    },
    [toPasswordScreen],
  );

  const myRequests = useMyRequests(allowed, showFailure);
  const threads = useThreads({
    brand,
    enabled: allowed,
    onRequestChanged: myRequests.reload,
    onSessionEnded: toPasswordScreen,
  });
  // When no thread is selected (or it is gone), the newest one is.
  const active = threads.list.find((t) => t.id === selectedId) ?? threads.list[0] ?? null;
  const replies = useReplyStream({
    thread: active,
    enabled: allowed,
    onStart: () => setError(null),
    onEnd: threads.putReply,
    onEndedUnseen: threads.reload,
    onFailure: showFailure,
  });

  const unread = useUnread({
    enabled: allowed && Boolean(member.data),
    activeThreadId: active?.id ?? null,
    threads: threads.list,
    onRequestMarks: myRequests.reload,
  });
  const newElsewhere = [...unread.threads].some((id) => id !== active?.id);

  useEffect(() => {
    if (allowed) track('concierge_page_viewed', { page: 'concierge' });
  }, [allowed]);

  useEffect(() => {
    if (allowed) forgetLinkedThread();
  }, [allowed]);

  const send = async (text: string) => {
    const thread = active ?? threads.create({ onServer: false });
    if (!active) setSelectedId(thread.id);
    const isFirst = !thread.messages.some((m) => m.role === 'user');
    const added = message('user', text);
    threads.addMessage(thread.id, added);
    if (isFirst && thread.title === NEW_THREAD_TITLE) {
      requestTitle(text)
        .then((title) => threads.retitle(thread.id, title))
        .catch(showFailure);
    }
    // The server keeps the member's message once and answers the thread as it holds it.
    await replies.start(thread.id, { message: text, userMessageId: added.id });
  };

  const regenerate = async () => {
    if (!active || replies.busy) return;
    const last = active.messages[active.messages.length - 1];
    threads.dropLastReply(active.id);
    // Sent again in case the server's copy of the thread lacks it.
    const asked = [...active.messages].reverse().find((m) => m.role === 'user');
    if (!asked) return;
    await replies.start(active.id, {
      message: asked.content,
      userMessageId: asked.id,
      ...(last?.role === 'assistant' ? { replaceFrom: last.id } : {}),
    });
  };

  const resend = async (messageId: string, text: string) => {
    if (!active || replies.busy) return;
    const added = message('user', text);
    threads.replaceFrom(active.id, messageId, added);
    await replies.start(active.id, { message: text, userMessageId: added.id, replaceFrom: messageId });
  };

  const rate = async (messageId: string, helpful: boolean, comment?: string): Promise<boolean> => {
    if (!active) return false;
    const threadId = active.id;
    try {
      await rateReply(threadId, messageId, helpful, comment);
      threads.rate(threadId, messageId, { helpful, comment: comment ?? null });
      return true;
    } catch (failure) {
      showFailure(failure);
      return false;
    }
  };

  const select = (threadId: string) => {
    setSelectedId(threadId);
    setError(null);
    setDrawerOpen(false);
  };

  const remove = (threadId: string) => {
    threads.remove(threadId);
    if (threadId === active?.id) setSelectedId(null);
  };

  const signOut = async () => {
    await logout().catch(() => undefined);
    toPasswordScreen();
  };

  if (!allowed) {
    return (
      <div className={styles.gateWait} aria-busy="true">
        <Spin />
      </div>
    );
  }

  const sidebar = (
    <ThreadList
      threads={threads.list}
      activeId={active?.id ?? null}
      onSelect={select}
      onNew={() => select(threads.create({ onServer: true }).id)}
      onRename={threads.retitle}
      onDelete={remove}
      onSignOut={signOut}
      unread={unread.threads}
      account={
        member.data ? (
          <Button
            type="text"
            icon={<UserOutlined />}
            onClick={() => navigate('/concierge/account')}
            className={styles.signOut}
            // Close above Sign out, as one pair.
            style={{ marginBottom: 0 }}
          >
            Your Account
          </Button>
        ) : null
      }
    />
  );

  return (
    <div className={styles.chatLayout}>
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={300}
          styles={{ body: { padding: 0 } }}
          title={
            <Link to="/" className={styles.homeLink}>
              {brand}
            </Link>
          }
        >
          {sidebar}
        </Drawer>
      ) : (
        sidebar
      )}
      <main className={styles.chatMain}>
        <header className={styles.chatHeader}>
          {mobile && (
            <Badge dot={newElsewhere} color="#c9a35b" offset={[-8, 8]}>
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={newElsewhere ? 'Show conversations, some with news' : 'Show conversations'}
                onClick={() => setDrawerOpen(true)}
              />
            </Badge>
          )}
          <h1 className={styles.chatTitle} title={active?.title}>
            {active?.title ?? `${brand} Concierge`}
          </h1>
          <Button
            type="text"
            icon={<CustomerServiceOutlined />}
            aria-label="Speak to a concierge"
            disabled={replies.busy}
            onClick={() => void send('I would like to speak to a concierge, please.')}
          >
            {mobile ? null : 'Speak to a concierge'}
          </Button>
          <Badge count={myRequests.requests.filter((r) => OPEN.includes(r.status)).length} size="small" color="#b08d57">
            <Button
              icon={<ProfileOutlined />}
              aria-label="My requests"
              onClick={() => {
                setRequestsOpen(true);
                unread.readRequests(myRequests.requests.filter(hasNews).map((r) => r.id));
              }}
            >
              {mobile ? null : 'My requests'}
            </Button>
          </Badge>
          {/* On a phone the conversations drawer carries the house's name: the title keeps the room. */}
          {mobile ? null : (
            <Link to="/" className={styles.homeLink}>
              {brand}
            </Link>
          )}
        </header>
        <MessageList
          brand={brand}
          messages={active?.messages ?? []}
          synced={active?.synced === true}
          replyText={replies.text}
          replySteps={replies.steps}
          busy={replies.busy}
          error={error}
          requests={myRequests.requests}
          onAcceptOption={myRequests.accept}
          onResend={resend}
          onRate={rate}
          onRegenerate={regenerate}
        />
        <div className="mf-sr-only" aria-live="polite">
          {replies.lastReply && `The concierge replied: ${replies.lastReply.content.slice(0, 200)}`}
        </div>
        <ChatInput
          look={conciergeInputLook}
          onSend={send}
          loading={replies.busy}
          onVoiceNotice={voiceToasts}
          onStop={replies.stop}
        />
      </main>
      <Drawer
        placement="right"
        open={requestsOpen}
        onClose={() => {
          setRequestsOpen(false);
          // What was new has been seen: the marks go.
          myRequests.reload();
        }}
        size={mobile ? 340 : 420}
        title="My requests"
      >
        <MyRequestsPanel requests={myRequests.requests} onCancel={myRequests.cancel} onAccept={myRequests.accept} />
      </Drawer>
    </div>
  );
}
