import { Button } from 'antd';
import type { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { Flourish } from './flourish';
import styles from './invitation.module.css';

/**
 * Who a guest turns to: the invitation came by email from the club's concierge, and a reply to it
 * reaches a person. The page cannot name the address itself for a code it does not know.
 */
function Contact() {
  return (
    <p className={styles.errorContact}>
      Should it persist, simply reply to the email that brought your invitation: our concierge will gladly see to it.
    </p>
  );
}

/**
 * The guest pages' load failure. An unknown code is said plainly, with where to turn; any other
 * failure is the spec's panel ('Error', Try Again). Shared by the invitation, thank-you and payment pages.
 */
export function InvitationError({ error, onRetry }: { error: ApiError | null; onRetry: () => void }) {
  const brand = useBrand();
  const unknown = error?.code === 'NOT_FOUND';
  return (
    <main className={styles.page}>
      <section className={`${styles.card} ${styles.errorCard}`} role="alert" aria-labelledby="invitation-error-title">
        <div className={styles.cardInner}>
          <p className={styles.brand}>{brand}</p>
          <Flourish />
          {unknown ? (
            <>
              <h1 id="invitation-error-title" className={styles.errorTitle}>
                We cannot find this invitation
              </h1>
              <p className={styles.errorText}>
                Invitations are personal, and this link does not match one of ours. Kindly open it again from your
                invitation email, exactly as it was sent.
              </p>
              <Contact />
              <Button type="primary" size="large" href="/">
                Visit {brand}
              </Button>
            </>
          ) : (
            <>
              <h1 id="invitation-error-title" className={styles.errorTitle}>
                Error
              </h1>
              <p className={styles.errorText}>We couldn't find your invitation or there was an error loading it.</p>
              <Button type="primary" size="large" onClick={onRetry}>
                Try Again
              </Button>
              <Contact />
            </>
          )}
        </div>
      </section>
    </main>
  );
}
