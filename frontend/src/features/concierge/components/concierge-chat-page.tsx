import {
  DeleteOutlined,
  EditOutlined,
  LogoutOutlined,
  MenuOutlined,
  MoreOutlined,
  PlusOutlined,
  RedoOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Alert, Button, Drawer, Dropdown, Input, Modal, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { track } from '../../../lib/analytics';
import { hasAuthenticatedHint, hasSession, logout, requestTitle, setAuthenticatedHint } from '../api/concierge';
import { streamChat } from '../api/stream-chat';
import { ChatInput } from './chat-input';
import { ListenButton } from './listen-button';
import { MarkdownMessage } from './markdown-message';
import {
  appendMessage,
  createThread,
  deleteThread,
  dropLastReply,
  groupThreads,
  loadThreads,
  message,
  NEW_THREAD_TITLE,
  recentTurns,
  renameThread,
  saveThreads,
  type ChatThread,
} from './thread-store';
import styles from './concierge.module.css';

const MOBILE_QUERY = '(max-width: 767px)';

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

function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** /concierge: the members' threaded chat. Access is the server's session; the flag is a hint. */
export function ConciergeChatPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const mobile = useIsMobile();
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
  const abort = useRef<AbortController | null>(null);
  const end = useRef<HTMLDivElement>(null);

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

  // When no thread is active, the first one is selected.
  const activeId = selectedId && threads.some((t) => t.id === selectedId) ? selectedId : (threads[0]?.id ?? null);

  const active = threads.find((t) => t.id === activeId) ?? null;
  const visible = active ? active.messages.filter((m) => m.role !== 'system') : [];

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

  const reply = async (threadId: string, base: ChatThread[]) => {
    const thread = base.find((t) => t.id === threadId);
    if (!thread) return;
    setError(null);
    setLoading(true);
    setStreaming('');
    const controller = new AbortController();
    abort.current = controller;
    let partial = '';
    try {
      const done = await streamChat(
        { threadId, messages: recentTurns(thread.messages) },
        (piece) => {
          partial += piece;
          setStreaming(partial);
        },
        controller.signal,
      );
      commit(appendMessage(loadThreads(), threadId, done));
      setAnnouncement(`The concierge replied: ${done.content.slice(0, 200)}`);
      track('concierge_interaction', { page: 'concierge' });
    } catch (failure) {
      if (controller.signal.aborted && partial) {
        commit(appendMessage(loadThreads(), threadId, message('assistant', partial)));
      } else {
        handleFailure(failure);
      }
    } finally {
      setStreaming(null);
      setLoading(false);
      abort.current = null;
    }
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
        .then((title) => commit(renameThread(loadThreads(), threadId, title)))
        .catch(handleFailure);
    }
    await reply(id, next);
  };

  const regenerate = async () => {
    if (!active || loading) return;
    const next = dropLastReply(threads, active.id);
    commit(next);
    await reply(active.id, next);
  };

  const newConversation = () => {
    const created = createThread(threads, brand);
    commit(created.threads);
    setActiveId(created.thread.id);
    setError(null);
    setDrawerOpen(false);
  };

  const saveRename = () => {
    if (!editing) return;
    if (editing.title.trim()) commit(renameThread(threads, editing.id, editing.title));
    setEditing(null);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    commit(deleteThread(threads, deleting));
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
              className={m.role === 'user' ? styles.userBubble : styles.assistantBubble}
            >
              {m.role === 'assistant' ? (
                <MarkdownMessage content={m.content} />
              ) : (
                <p className={styles.plain}>{m.content}</p>
              )}
              {m.role === 'assistant' && (
                <div className={styles.meta}>
                  <time dateTime={m.createdAt}>{timeOfDay(m.createdAt)}</time>
                  <ListenButton content={m.content} />
                  {index === visible.length - 1 && lastIsAssistant && !loading && (
                    <Button size="small" type="text" icon={<RedoOutlined />} onClick={regenerate}>
                      Regenerate
                    </Button>
                  )}
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
        <ChatInput onSend={send} loading={loading} voice onStop={() => abort.current?.abort()} />
      </main>
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
