import styles from './unread-mark.module.css';

/**
 * A small gold dot beside a conversation or a request with news the member has not opened;
 * `inline` sets it after a word (a request's kind), a little apart from it.
 */
export function UnreadMark({
  label = 'New from your concierge',
  inline = false,
}: {
  label?: string;
  inline?: boolean;
}) {
  return <span className={inline ? styles.inline : styles.mark} role="img" aria-label={label} title={label} />;
}

/** Whether a row of a member's list (a request) carries news the member has not opened. */
export function hasNews(row: object): boolean {
  return (row as { unread?: unknown }).unread === true;
}
