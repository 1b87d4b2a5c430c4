import styles from './ui.module.css';

/**
 * The shape of what is loading, in the house's gold hairline: a page shows its frame at once and
 * fills it in, instead of a spinner on an empty screen. A screen reader hears the label, not the bars.
 */
export function Skeleton({
  lines = 3,
  title = false,
  align = 'start',
  label = 'Loading',
}: {
  lines?: number;
  title?: boolean;
  align?: 'start' | 'center';
  label?: string;
}) {
  return (
    <div className={styles.skeleton} data-align={align}>
      <span className="mf-sr-only">{label}</span>
      {title ? <span className={styles.bar} data-kind="title" aria-hidden /> : null}
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          className={styles.bar}
          aria-hidden
          // The last line is shorter, as a paragraph's is.
          style={{ width: index === lines - 1 && lines > 1 ? '55%' : index % 2 ? '88%' : '100%' }}
        />
      ))}
    </div>
  );
}
