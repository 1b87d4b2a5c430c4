import { Alert, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { useConfirmWaitlist } from '../api/confirm-waitlist';
import styles from './confirm-page.module.css';

/** A link the server does not know: mistyped, or its sign-up removed after 30 days unconfirmed. */
const isUnknownLink = (error: unknown) =>
  error instanceof ApiError && (error.code === 'CONFIRMATION_LINK_INVALID' || error.status === 404);

/**
 * /waitlist/confirm/{token}: the welcome email's 'Confirm your place'. Opening it confirms nothing
 * (mail scanners open links first); the button does, with a POST. Confirming twice is harmless.
 */
export function ConfirmPage({ token }: { token: string }) {
  const brand = useBrand();
  const confirm = useConfirmWaitlist(token);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const settled = confirm.isSuccess || (confirm.isError && isUnknownLink(confirm.error));

  // The answer replaces the card's words: take the reader (and a screen reader) to its title.
  useEffect(() => {
    if (settled) titleRef.current?.focus();
  }, [settled]);

  if (confirm.isSuccess) {
    const again = !confirm.data.data.newlyConfirmed;
    return (
      <main className={styles.page}>
        <section className={styles.card} aria-labelledby="confirm-done" aria-live="polite">
          <Seal />
          <p className={styles.eyebrow}>{brand}</p>
          <h1 id="confirm-done" className={styles.title} ref={titleRef} tabIndex={-1}>
            {again ? 'Already Confirmed' : 'Your Place Is Confirmed'}
          </h1>
          <p className={styles.text}>
            {again
              ? 'Your place was confirmed before: there is nothing more to do. We will write to you as membership opens.'
              : `Thank you. Your address is confirmed and your place with ${brand} is kept for you. We will write to you as membership opens.`}
          </p>
          <Link to="/" className={styles.link}>
            Return to {brand}
          </Link>
        </section>
      </main>
    );
  }

  if (confirm.isError && isUnknownLink(confirm.error)) {
    return (
      <main className={styles.page}>
        <section className={styles.card} role="alert" aria-labelledby="confirm-refused">
          <p className={styles.eyebrow}>{brand}</p>
          <hr className={styles.rule} />
          <h1 id="confirm-refused" className={styles.title} ref={titleRef} tabIndex={-1}>
            This Link Is No Longer Valid
          </h1>
          <p className={styles.text}>{confirm.error.message}</p>
          <Button type="primary" size="large" block href="/#access">
            Request Access
          </Button>
        </section>
      </main>
    );
  }

  const failure = confirm.isError
    ? confirm.error instanceof Error && confirm.error.message
      ? confirm.error.message
      : 'Please try again in a moment.'
    : null;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="confirm-title">
        <p className={styles.eyebrow}>{brand}</p>
        <hr className={styles.rule} />
        <h1 id="confirm-title" className={styles.title}>
          Confirm Your Place
        </h1>
        <p className={styles.text}>
          One last step: confirm that this address is yours, and we will write to you as membership opens.
        </p>
        {failure ? <Alert type="error" showIcon title={failure} className={styles.alert} /> : null}
        <Button type="primary" size="large" block loading={confirm.isPending} onClick={() => confirm.mutate()}>
          Confirm My Place
        </Button>
      </section>
    </main>
  );
}

function Seal() {
  return (
    <span className={styles.seal} aria-hidden="true">
      <svg viewBox="0 0 48 48" width="48" height="48">
        <circle cx="24" cy="24" r="22.5" fill="none" stroke="currentColor" strokeWidth="0.75" />
        <circle cx="24" cy="24" r="18.5" fill="none" stroke="currentColor" strokeWidth="0.5" opacity="0.6" />
        <path d="M16.5 24.5l5 5 10-11" fill="none" stroke="currentColor" strokeWidth="1.1" />
      </svg>
    </span>
  );
}
