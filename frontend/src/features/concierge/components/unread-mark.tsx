import styles from './unread-mark.module.css';

/** A small gold dot beside a conversation or a request with news the member has not opened. */
export function UnreadMark({ label = 'New from your concierge' }: { label?: string }) {
  return <span className={styles.mark} role="img" aria-label={label} title={label} />;
}

/** Whether a row of a member's list (a request) carries news the member has not opened. */
export function hasNews(row: object): boolean {
  return (row as { unread?: unknown }).unread === true;
}
