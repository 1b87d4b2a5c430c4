import {
  CustomerServiceOutlined,
  DeleteOutlined,
  DislikeOutlined,
  EditOutlined,
  LikeOutlined,
  LogoutOutlined,
  MenuOutlined,
  MoreOutlined,
  PlusOutlined,
  ProfileOutlined,
  RedoOutlined,
  SearchOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Alert, Badge, Button, Drawer, Dropdown, Input, Modal, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { track } from '../../../lib/analytics';
import { hasAuthenticatedHint, hasSession, logout, requestTitle, setAuthenticatedHint } from '../api/concierge';
import { resumeChat, streamChat, type StreamRequest } from '../api/stream-chat';
import {
  acceptOption,
  cancelMyRequest,
  createServerThread,
  deleteServerThread,
  followSession,
  listMyRequests,
  listServerThreads,
  type MemberRequest,
  rateReply,
  readServerThread,
  renameServerThread,
  stopReply,
} from '../api/threads';
import { ChatInput } from './chat-input';
import { conciergeInputLook } from './concierge-input-look';
import { ListenButton } from './listen-button';
import { MarkdownMessage } from './markdown-message';
import { MyRequestsPanel, OptionsOffer } from './my-requests-panel';
import {
  appendMessage,
  createThread,
  deleteThread,
  dropDeletedElsewhere,
  dropLastReply,
  groupThreads,
  loadThreads,
  mergeServerThread,
  message,
  NEW_THREAD_TITLE,
  renameThread,
  replaceFrom,
  saveThreads,
  type ChatMessage,
  type ChatThread,
} from './thread-store';
import { useVoiceToasts } from './use-voice-toasts';
import styles from './concierge.module.css';

const MOBILE_QUERY = '(max-width: 767px)';
/** Statuses of a request still under way (counted on the 'My requests' button). */
const OPEN: string[] = ['received', 'in_progress', 'options_proposed', 'confirmed'];

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

/** The reply this tab is reading, kept per tab so that a reload resumes after the last frame it saw. */
const PROGRESS_KEY = 'mf.concierge.streaming';
interface Progress {
  messageId: string;
  frameId: number;
  content: string;
}

function saveProgress(progress: Progress | null): void {
  try {
    if (progress) sessionStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
    else sessionStorage.removeItem(PROGRESS_KEY);
  } catch {
    // Storage may be full or disabled: a resume then starts from the reply's first frame.
  }
}

function loadProgress(messageId: string): Progress | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? 'null') as Progress | null;
    return saved?.messageId === messageId ? saved : null;
  } catch {
    return null;
  }
}

/** A finished reply in place of the thread's copy of it (or after it, when the copy is not there). */
function withReply(threads: ChatThread[], threadId: string, done: ChatMessage): ChatThread[] {
  const thread = threads.find((t) => t.id === threadId);
  if (!thread) return threads;
  if (!thread.messages.some((m) => m.id === done.id)) return appendMessage(threads, threadId, done);
  return threads.map((t) =>
    t.id === threadId ? { ...t, messages: t.messages.map((m) => (m.id === done.id ? done : m)) } : t,
  );
}

function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** /concierge: the members' threaded chat. Access is the server's session; the flag is a hint. */
export function ConciergeChatPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const voiceToasts = useVoiceToasts();
  const [allowed, setAllowed] = useState(false);
  const [threads, setThreads] = useState<ChatThread[]>(() => loadThreads());
  const [selectedId, setActiveId] = useState<string | null>(null);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [editing, setEditing] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [editingMessage, setEditingMessage] = useState<{ id: string; text: string } | null>(null);
  const [commenting, setCommenting] = useState<{ id: string; helpful: boolean; text: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** The id of the reply this tab is reading (for Stop), once the server has named it. */
  const streamId = useRef<string | null>(null);
  /** Stop pressed before the server named the reply: it is stopped as soon as it is named. */
  const stopWanted = useRef(false);
  /** Titles given here that the server has not confirmed yet: its older copy must not undo them. */
  const pendingTitles = useRef(new Map<string, string>());
  /** The reply last followed, so a reply is never followed twice by this tab. */
  const resumed = useRef<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const [requests, setRequests] = useState<MemberRequest[]>([]);
  const [requestsOpen, setRequestsOpen] = useState(false);

  const loadRequests = useCallback(() => {
    listMyRequests()
      .then(setRequests)
      .catch(() => undefined);
  }, []);

  const toAuth = useCallback(() => {
    setAuthenticatedHint(false);
    navigate('/concierge-auth', { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!hasAuthenticatedHint()) {
      toAuth();
      return;
    }
    hasSession()
      .then((valid) => (valid ? setAllowed(true) : toAuth()))
      .catch(() => setAllowed(true));
  }, [toAuth]);

  useEffect(() => {
    if (allowed) track('concierge_page_viewed', { page: 'concierge' });
  }, [allowed]);

  useEffect(() => () => abort.current?.abort(), []);

  // Every change is stored; the list is re-read from storage order (newest first).
  const commit = useCallback((next: ChatThread[]) => {
    saveThreads(next);
    setThreads(loadThreads());
  }, []);

  /** The server's copy of a thread replaces the cache's; one the server no longer has is removed. */
  const refresh = useCallback(
    async (threadId: string) => {
      try {
        const copy = await readServerThread(threadId);
        const title = pendingTitles.current.get(threadId);
        commit(mergeServerThread(loadThreads(), title ? { ...copy, title } : copy, brand));
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 404) {
          const local = loadThreads().find((t) => t.id === threadId);
          if (local?.synced) commit(deleteThread(loadThreads(), threadId));
        }
      }
    },
    [brand, commit],
  );

  // The cache is on screen at once; the server's threads then reconcile it, and its live
  // updates (other tabs of this session) keep it current.
  useEffect(() => {
    if (!allowed) return;
    let cancelled = false;
    void (async () => {
      try {
        const listed = await listServerThreads();
        if (cancelled) return;
        const ids = new Set(listed.map((t) => t.id));
        commit(dropDeletedElsewhere(loadThreads(), ids));
        // Threads this browser made while the server was out of reach are given to it.
        for (const local of loadThreads().filter((t) => !ids.has(t.id))) {
          await createServerThread(local.id, local.title)
            .then(() => commit(loadThreads().map((t) => (t.id === local.id ? { ...t, synced: true } : t))))
            .catch(() => undefined);
        }
        const copies = await Promise.all(listed.slice(0, 50).map((t) => readServerThread(t.id).catch(() => null)));
        if (cancelled) return;
        let merged = loadThreads();
        for (const copy of copies) {
          const title = copy && pendingTitles.current.get(copy.id);
          if (copy) merged = mergeServerThread(merged, title ? { ...copy, title } : copy, brand);
        }
        commit(merged);
      } catch {
        // Out of reach: the cache stays, and is reconciled on the next visit.
      }
    })();
    loadRequests();
    const stop = followSession((update) => {
      if (update.event === 'thread.deleted') commit(deleteThread(loadThreads(), update.data.threadId));
      else if (update.event === 'request.changed') loadRequests();
      else void refresh(update.data.threadId);
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [allowed, brand, commit, refresh, loadRequests]);

  // When no thread is active, the first one is selected.
  const activeId = selectedId && threads.some((t) => t.id === selectedId) ? selectedId : (threads[0]?.id ?? null);

  const active = threads.find((t) => t.id === activeId) ?? null;
  // A reply still being written is shown by the streaming bubble, not as a stored message.
  const visible = active ? active.messages.filter((m) => m.role !== 'system' && m.status !== 'streaming') : [];
  const pendingReply = active?.messages.find((m) => m.role === 'assistant' && m.status === 'streaming') ?? null;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [visible.length, streaming, loading]);

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? threads.filter((t) => t.title.toLowerCase().includes(q)) : threads;
  }, [threads, search]);

  const handleFailure = (failure: unknown) => {
    if (failure instanceof DOMException && failure.name === 'AbortError') return;
    if (failure instanceof ApiError && failure.status === 401) {
      toAuth();
      return;
    }
    setError(failure instanceof Error && failure.message ? failure.message : 'An error occurred. Please try again.');
  };

  /** Reads a reply to its end (a new one, or one resumed), showing it as it is written. */
  const readReply = async (
    threadId: string,
    read: (progress: Parameters<typeof streamChat>[1], signal: AbortSignal) => Promise<ChatMessage>,
    start: Progress | null,
  ) => {
    setError(null);
    setLoading(true);
    stopWanted.current = false;
    let partial = start?.content ?? '';
    setStreaming(partial);
    const controller = new AbortController();
    abort.current = controller;
    let id = start?.messageId ?? null;
    streamId.current = id;
    try {
      const done = await read(
        {
          onStart: (messageId) => {
            id = messageId;
            streamId.current = messageId;
            if (stopWanted.current) stopReply(messageId).catch(() => controller.abort());
            resumed.current = messageId;
          },
          onDelta: (piece, frameId) => {
            partial += piece;
            setStreaming(partial);
            if (id) saveProgress({ messageId: id, frameId, content: partial });
          },
        },
        controller.signal,
      );
      commit(withReply(loadThreads(), threadId, done));
      setAnnouncement(`The concierge replied: ${done.content.slice(0, 200)}`);
      track('concierge_interaction', { page: 'concierge' });
    } catch (failure) {
      if (controller.signal.aborted && partial) {
        commit(withReply(loadThreads(), threadId, { ...message('assistant', partial), ...(id ? { id } : {}) }));
      } else if (failure instanceof ApiError && failure.status === 404 && start) {
        // The reply ended long ago: the server's copy of the thread has it.
        await refresh(threadId);
      } else {
        handleFailure(failure);
      }
    } finally {
      saveProgress(null);
      setStreaming(null);
      setLoading(false);
      abort.current = null;
      streamId.current = null;
    }
  };

  const reply = async (threadId: string, base: ChatThread[], extra: Partial<StreamRequest> = {}) => {
    const thread = base.find((t) => t.id === threadId);
    if (!thread) return;
    // The member's latest message: the server keeps it once (sent again for Regenerate, in case
    // the server's copy of the thread lacks it) and answers the thread as it holds it.
    const last = [...thread.messages].reverse().find((m) => m.role === 'user');
    if (!last) return;
    await readReply(
      threadId,
      (progress, signal) =>
        streamChat({ threadId, message: last.content, userMessageId: last.id, ...extra }, progress, signal),
      null,
    );
  };

  // A reply the server is still writing (this page was reloaded, or another tab asked) is
  // followed from the last frame this tab saw.
  useEffect(() => {
    if (!allowed || loading || !active || !pendingReply || resumed.current === pendingReply.id) return;
    resumed.current = pendingReply.id;
    const saved = loadProgress(pendingReply.id);
    const start = saved ?? { messageId: pendingReply.id, frameId: 0, content: '' };
    void readReply(
      active.id,
      (progress, signal) => resumeChat(start.messageId, start.frameId, progress, signal),
      start,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed, loading, active?.id, pendingReply?.id]);

  const stop = () => {
    // The server stops writing (upstream included) and the partial reply arrives as 'stopped'.
    if (streamId.current) stopReply(streamId.current).catch(() => abort.current?.abort());
    else stopWanted.current = true;
  };

  /** A new title, here at once and on the server; the server's older copies keep it until it confirms. */
  const retitle = (threadId: string, title: string) => {
    pendingTitles.current.set(threadId, title);
    commit(renameThread(loadThreads(), threadId, title));
    // The server may not hold the thread yet (its first reply is still starting): it is created
    // first (a thread it holds already is answered unchanged), then renamed.
    createServerThread(threadId, title)
      .then(() => renameServerThread(threadId, title))
      .catch(() => undefined)
      .finally(() => {
        if (pendingTitles.current.get(threadId) === title) pendingTitles.current.delete(threadId);
      });
  };

  const send = async (text: string) => {
    let current = threads;
    let id = activeId;
    if (!id || !current.some((t) => t.id === id)) {
      const created = createThread(current, brand);
      current = created.threads;
      id = created.thread.id;
      setActiveId(id);
    }
    const thread = current.find((t) => t.id === id)!;
    const isFirst = !thread.messages.some((m) => m.role === 'user');
    const next = appendMessage(current, id, message('user', text));
    commit(next);
    if (isFirst && thread.title === NEW_THREAD_TITLE) {
      const threadId = id;
      requestTitle(text)
        .then((title) => retitle(threadId, title))
        .catch(handleFailure);
    }
    await reply(id, next);
  };

  const regenerate = async () => {
    if (!active || loading) return;
    const last = active.messages[active.messages.length - 1];
    const next = dropLastReply(threads, active.id);
    commit(next);
    await reply(active.id, next, last?.role === 'assistant' ? { replaceFrom: last.id } : {});
  };

  /** Edit and resend: the member's message is replaced, and every later one with the new reply. */
  const resend = async () => {
    if (!active || loading || !editingMessage?.text.trim()) return;
    const added = message('user', editingMessage.text.trim());
    const next = replaceFrom(threads, active.id, editingMessage.id, added);
    setEditingMessage(null);
    commit(next);
    await reply(active.id, next, { replaceFrom: editingMessage.id, userMessageId: added.id });
  };

  const rate = async (messageId: string, helpful: boolean, comment?: string) => {
    if (!active) return;
    const threadId = active.id;
    try {
      await rateReply(threadId, messageId, helpful, comment);
      commit(
        loadThreads().map((t) =>
          t.id === threadId
            ? {
                ...t,
                messages: t.messages.map((m) =>
                  m.id === messageId ? { ...m, rating: { helpful, comment: comment ?? null } } : m,
                ),
              }
            : t,
        ),
      );
      setCommenting(comment === undefined ? { id: messageId, helpful, text: '' } : null);
    } catch (failure) {
      handleFailure(failure);
    }
  };

  /** The member accepts an option or cancels a request; the panel shows the server's answer at once. */
  const changeRequest = async (change: () => Promise<MemberRequest>) => {
    try {
      const changed = await change();
      setRequests((current) => current.map((r) => (r.id === changed.id ? changed : r)));
    } catch (failure) {
      handleFailure(failure);
    }
  };

  const newConversation = () => {
    const created = createThread(threads, brand);
    commit(created.threads);
    const id = created.thread.id;
    createServerThread(id, created.thread.title)
      .then(() => commit(loadThreads().map((t) => (t.id === id ? { ...t, synced: true } : t))))
      .catch(() => undefined);
    setActiveId(created.thread.id);
    setError(null);
    setDrawerOpen(false);
  };

  const saveRename = () => {
    if (!editing) return;
    if (editing.title.trim()) retitle(editing.id, editing.title.trim());
    setEditing(null);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    commit(deleteThread(threads, deleting));
    deleteServerThread(deleting).catch(() => undefined);
    if (deleting === activeId) setActiveId(null);
    setDeleting(null);
  };

  const signOut = async () => {
    await logout().catch(() => undefined);
    toAuth();
  };

  if (!allowed) {
    return (
      <div className={styles.gateWait} aria-busy="true">
        <Spin />
      </div>
    );
  }

  const lastIsAssistant = visible[visible.length - 1]?.role === 'assistant';

  const sidebar = (
    <nav className={styles.sidebar} aria-label="Conversations">
      <div className={styles.sidebarHead}>
        <h2 className={styles.sidebarTitle}>Conversations</h2>
        <Button type="primary" icon={<PlusOutlined />} onClick={newConversation} block>
          New Conversation
        </Button>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search conversations"
          aria-label="Search conversations"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className={styles.threadList}>
        {threads.length === 0 && <p className={styles.empty}>No conversations yet</p>}
        {groupThreads(filtered).map((group) => (
          <div key={group.label}>
            <h3 className={styles.groupLabel}>{group.label}</h3>
            <ul className={styles.threads}>
              {group.threads.map((thread) => (
                <li key={thread.id} className={thread.id === activeId ? styles.threadActive : styles.thread}>
                  {editing?.id === thread.id ? (
                    <div className={styles.renameRow}>
                      <Input
                        size="small"
                        autoFocus
                        aria-label="Conversation title"
                        value={editing.title}
                        onChange={(e) => setEditing({ id: thread.id, title: e.target.value })}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') saveRename();
                          if (e.key === 'Escape') setEditing(null);
                        }}
                      />
                      <Button size="small" type="primary" onClick={saveRename}>
                        Save
                      </Button>
                    </div>
                  ) : (
                    <>
                      <button
                        type="button"
                        className={styles.threadButton}
                        onClick={() => {
                          setActiveId(thread.id);
                          setError(null);
                          setDrawerOpen(false);
                        }}
                      >
                        {thread.title}
                      </button>
                      <Dropdown
                        trigger={['click']}
                        menu={{
                          items: [
                            { key: 'rename', icon: <EditOutlined />, label: 'Rename' },
                            { key: 'delete', icon: <DeleteOutlined />, label: 'Delete', danger: true },
                          ],
                          onClick: ({ key }) =>
                            key === 'rename'
                              ? setEditing({ id: thread.id, title: thread.title })
                              : setDeleting(thread.id),
                        }}
                      >
                        <Button
                          size="small"
                          type="text"
                          icon={<MoreOutlined />}
                          aria-label={`Options for ${thread.title}`}
                        />
                      </Dropdown>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <Button type="text" icon={<LogoutOutlined />} onClick={signOut} className={styles.signOut}>
        Sign out
      </Button>
    </nav>
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
          title={null}
        >
          {sidebar}
        </Drawer>
      ) : (
        sidebar
      )}
      <main className={styles.chatMain}>
        <header className={styles.chatHeader}>
          {mobile && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="Show conversations"
              onClick={() => setDrawerOpen(true)}
            />
          )}
          <h1 className={styles.chatTitle}>{active?.title ?? `${brand} Concierge`}</h1>
          <Button
            type="text"
            icon={<CustomerServiceOutlined />}
            aria-label="Speak to a concierge"
            disabled={loading}
            onClick={() => void send('I would like to speak to a concierge, please.')}
          >
            {mobile ? null : 'Speak to a concierge'}
          </Button>
          <Badge count={requests.filter((r) => OPEN.includes(r.status)).length} size="small" color="#b08d57">
            <Button icon={<ProfileOutlined />} aria-label="My requests" onClick={() => setRequestsOpen(true)}>
              {mobile ? null : 'My requests'}
            </Button>
          </Badge>
          <Link to="/" className={styles.homeLink}>
            {brand}
          </Link>
        </header>
        <section className={styles.messages} aria-label="Messages">
          {visible.length === 0 && streaming === null && (
            <div className={styles.welcome}>
              <span className={styles.ornament} aria-hidden />
              <h2>Welcome to {brand} Concierge</h2>
              <p>
                Tell me what you have in mind: a table tonight, a villa for the summer, a jet in the morning. I will
                take care of every detail.
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
                    <OptionsOffer
                      attachment={m.attachment}
                      request={requests.find((r) => r.id === m.attachment?.requestId)}
                      onAccept={(requestId, optionId) => changeRequest(() => acceptOption(requestId, optionId))}
                    />
                  )}
                  <div className={styles.meta}>
                    <time dateTime={m.createdAt}>{timeOfDay(m.createdAt)}</time>
                  </div>
                </>
              ) : m.role === 'assistant' ? (
                <MarkdownMessage content={m.content} />
              ) : editingMessage?.id === m.id ? (
                <div className={styles.editRow}>
                  <Input.TextArea
                    autoFocus
                    aria-label="Edit your message"
                    autoSize={{ minRows: 1, maxRows: 6 }}
                    value={editingMessage.text}
                    onChange={(e) => setEditingMessage({ id: m.id, text: e.target.value })}
                  />
                  <div className={styles.editActions}>
                    <Button size="small" onClick={() => setEditingMessage(null)}>
                      Cancel
                    </Button>
                    <Button size="small" type="primary" onClick={resend} disabled={!editingMessage.text.trim()}>
                      Save &amp; send
                    </Button>
                  </div>
                </div>
              ) : (
                <p className={styles.plain}>{m.content}</p>
              )}
              {m.role === 'user' && !loading && editingMessage?.id !== m.id && (
                <div className={styles.userMeta}>
                  <Button
                    size="small"
                    type="text"
                    icon={<EditOutlined />}
                    aria-label="Edit message"
                    onClick={() => setEditingMessage({ id: m.id, text: m.content })}
                  />
                </div>
              )}
              {m.role === 'assistant' && m.status === 'stopped' && <p className={styles.stopped}>Stopped</p>}
              {m.role === 'assistant' && (
                <div className={styles.meta}>
                  <time dateTime={m.createdAt}>{timeOfDay(m.createdAt)}</time>
                  <ListenButton content={m.content} />
                  {active?.synced && (
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
                  {index === visible.length - 1 && lastIsAssistant && !loading && (
                    <Button size="small" type="text" icon={<RedoOutlined />} onClick={regenerate}>
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
                    onPressEnter={() =>
                      commenting.text.trim() && rate(m.id, commenting.helpful, commenting.text.trim())
                    }
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
          {streaming !== null && streaming !== '' && (
            <article data-role="assistant" className={styles.assistantBubble} aria-busy="true">
              <MarkdownMessage content={streaming} />
            </article>
          )}
          {loading && streaming === '' && (
            <div className={styles.pending}>
              <Spin size="small" /> Crafting your personalized response...
            </div>
          )}
          {error && (
            <Alert type="error" showIcon title="Error" description={error || 'An error occurred. Please try again.'} />
          )}
          <div ref={end} />
        </section>
        <div className="mf-sr-only" aria-live="polite">
          {announcement}
        </div>
        <ChatInput
          look={conciergeInputLook}
          onSend={send}
          loading={loading}
          onVoiceNotice={voiceToasts}
          onStop={stop}
        />
      </main>
      <Drawer
        placement="right"
        open={requestsOpen}
        onClose={() => setRequestsOpen(false)}
        size={mobile ? 340 : 420}
        title="My requests"
      >
        <MyRequestsPanel
          requests={requests}
          onCancel={(id) => changeRequest(() => cancelMyRequest(id))}
          onAccept={(requestId, optionId) => changeRequest(() => acceptOption(requestId, optionId))}
        />
      </Drawer>
      <Modal
        open={deleting !== null}
        title="Delete Conversation"
        okText="Delete"
        cancelText="Cancel"
        okButtonProps={{ danger: true }}
        onOk={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete this conversation? This action cannot be undone.
      </Modal>
    </div>
  );
}
