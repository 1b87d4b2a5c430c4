import type { ReactNode } from 'react';
import styles from './ui.module.css';

/**
 * The house's mark for 'nothing here yet': a lozenge between two rules, the ornament of the
 * invitation card. It stands where Ant Design would put its stock picture (app/antd-providers.tsx).
 */
export function EmptyMark() {
  return (
    <svg className={`mf-empty-mark ${styles.mark}`} width="96" height="14" viewBox="0 0 96 14" aria-hidden="true">
      <line x1="0" y1="7" x2="38" y2="7" stroke="currentColor" strokeWidth="0.75" opacity="0.6" />
      <path d="M48 1.5 53.5 7 48 12.5 42.5 7Z" fill="none" stroke="currentColor" strokeWidth="0.9" />
      <line x1="58" y1="7" x2="96" y2="7" stroke="currentColor" strokeWidth="0.75" opacity="0.6" />
    </svg>
  );
}

interface Props {
  title: ReactNode;
  description?: ReactNode;
  /** What the visitor can do about it (a button or link). */
  action?: ReactNode;
  /** Small inside a table or a select; the default for a page or a panel. */
  size?: 'small' | 'default';
}

/** An empty list or panel: the mark, what is (not) there, and what to do next. No stock picture. */
export function EmptyState({ title, description, action, size = 'default' }: Props) {
  return (
    <div className={styles.empty} data-size={size}>
      <EmptyMark />
      <p className={styles.emptyTitle}>{title}</p>
      {description ? <p className={styles.emptyText}>{description}</p> : null}
      {action ? <div className={styles.emptyAction}>{action}</div> : null}
    </div>
  );
}
