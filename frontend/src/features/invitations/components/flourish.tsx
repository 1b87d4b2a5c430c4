import styles from './flourish.module.css';

/** The gold rule and lozenge between the parts of an invitation card (and of its payment page). */
export function Flourish() {
  return (
    <div className={styles.flourish} aria-hidden>
      <span />
      <i>◆</i>
      <span />
    </div>
  );
}
