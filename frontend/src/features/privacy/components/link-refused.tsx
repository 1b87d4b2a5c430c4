import { Button } from 'antd';
import { ApiError } from '../../../api/client';
import styles from './privacy.module.css';

/** What a link that cannot be read (or a server out of reach) says, in the card. */
export function LinkRefused({ brand, error, onRetry }: { brand: string; error: unknown; onRetry: () => void }) {
  const unreadable = error instanceof ApiError && error.code === 'PRIVACY_LINK_INVALID';
  return (
    <main className={styles.page}>
      <section className={styles.card} role="alert" aria-labelledby="privacy-refused">
        <p className={styles.eyebrow}>{brand}</p>
        <hr className={styles.rule} />
        <h1 id="privacy-refused" className={styles.title}>
          {unreadable ? 'This Link Cannot Be Read' : 'Something Went Wrong'}
        </h1>
        <p className={styles.text}>
          {unreadable
            ? 'It may have been shortened or altered on its way. Kindly open it again from the email, exactly as it arrived.'
            : error instanceof Error && error.message
              ? error.message
              : 'Please try again in a moment.'}
        </p>
        {unreadable ? null : (
          <Button type="primary" size="large" block onClick={onRetry}>
            Try Again
          </Button>
        )}
      </section>
    </main>
  );
}
