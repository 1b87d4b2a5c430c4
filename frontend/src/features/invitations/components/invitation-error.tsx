import { Button } from 'antd';
import styles from './invitation.module.css';

/** The spec's load-failure panel, shared by the invitation and thank-you pages. */
export function InvitationError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className={styles.page}>
      <section className={`${styles.card} ${styles.errorCard}`} role="alert">
        <h1 className={styles.errorTitle}>Error</h1>
        <p className={styles.errorText}>We couldn't find your invitation or there was an error loading it.</p>
        <Button type="primary" size="large" onClick={onRetry}>
          Try Again
        </Button>
      </section>
    </main>
  );
}
