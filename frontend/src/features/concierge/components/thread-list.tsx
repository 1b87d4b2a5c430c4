import {
  DeleteOutlined,
  EditOutlined,
  LogoutOutlined,
  MoreOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Input, Modal } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { groupThreads, type ChatThread } from './thread-store';
import { UnreadMark } from './unread-mark';
import styles from './concierge.module.css';

interface ThreadListProps {
  threads: ChatThread[];
  activeId: string | null;
  onSelect: (threadId: string) => void;
  onNew: () => void;
  onRename: (threadId: string, title: string) => void;
  onDelete: (threadId: string) => void;
  onSignOut: () => void;
  /** Shown above Sign out: a signed-in member's way to 'Your Account'. */
  account?: ReactNode;
  /** A signed-in member's conversations with news they have not opened. */
  unread?: ReadonlySet<string>;
}

/** The 'Conversations' sidebar: new, search, the threads by day with Rename and Delete, and Sign out. */
export function ThreadList({
  threads,
  activeId,
  onSelect,
  onNew,
  onRename,
  onDelete,
  onSignOut,
  account,
  unread,
}: ThreadListProps) {
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? threads.filter((t) => t.title.toLowerCase().includes(q)) : threads;
  }, [threads, search]);

  const saveRename = () => {
    if (!editing) return;
    if (editing.title.trim()) onRename(editing.id, editing.title.trim());
    setEditing(null);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    onDelete(deleting);
    setDeleting(null);
  };

  return (
    <nav className={styles.sidebar} aria-label="Conversations">
      <div className={styles.sidebarHead}>
        <h2 className={styles.sidebarTitle}>Conversations</h2>
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew} block>
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
                      <button type="button" className={styles.threadButton} onClick={() => onSelect(thread.id)}>
                        {thread.title}
                      </button>
                      {unread?.has(thread.id) && thread.id !== activeId ? <UnreadMark /> : null}
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
      {account}
      <Button type="text" icon={<LogoutOutlined />} onClick={onSignOut} className={styles.signOut}>
        Sign out
      </Button>
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
    </nav>
  );
}
