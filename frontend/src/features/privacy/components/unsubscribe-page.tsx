import { Alert, Button, Spin } from 'antd';
import { Link } from 'react-router-dom';
import { useBrand } from '../../../app/config';
import { LEAVING, useLinkPreferences, useUnsubscribe, MAIL_KINDS } from '../api/privacy';
import { LinkRefused } from './link-refused';
import styles from './privacy.module.css';

/**
 * /unsubscribe/{token}: the link in an email's footer. Opening it changes nothing (mail scanners
 * open links first); the button does, with the same POST a mail client's one-click sends.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const brand = useBrand();
  const link = useLinkPreferences(token);
  const unsubscribe = useUnsubscribe(token);

  if (link.isPending) {
    return (
      <main className={styles.page} aria-busy="true">
        <Spin />
      </main>
    );
  }
  if (link.isError) return <LinkRefused brand={brand} error={link.error} onRetry={() => void link.refetch()} />;

  const { category, choices } = link.data;
  const kind = MAIL_KINDS.find((entry) => entry.category === category)!;
  const left = !choices[kind.choice];
  const choose = (
    <Link to={`/email-preferences/${encodeURIComponent(token)}`} className={styles.link}>
      Choose what you receive
    </Link>
  );

  if (left) {
    return (
      <main className={styles.page}>
        <section className={styles.card} aria-labelledby="unsubscribed-title" aria-live="polite">
          <p className={styles.eyebrow}>{brand}</p>
          <hr className={styles.rule} />
          <h1 id="unsubscribed-title" className={styles.title}>
            You Have Unsubscribed
          </h1>
          <p className={styles.text}>
            You will no longer receive {LEAVING[category]} from {brand}. Should you wish to hear from us again, you may
            change this at any time.
          </p>
          {choose}
        </section>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="unsubscribe-title">
        <p className={styles.eyebrow}>{brand}</p>
        <hr className={styles.rule} />
        <h1 id="unsubscribe-title" className={styles.title}>
          Unsubscribe
        </h1>
        <p className={styles.text}>
          Stop receiving {LEAVING[category]} from {brand}? {ALWAYS}
        </p>
        {unsubscribe.isError ? (
          <Alert
            type="error"
            showIcon
            title={unsubscribe.error instanceof Error ? unsubscribe.error.message : 'Please try again.'}
            className={styles.text}
          />
        ) : null}
        <Button type="primary" size="large" block loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          Unsubscribe
        </Button>
        {choose}
      </section>
    </main>
  );
}

const ALWAYS = 'Messages about your sign-in, your requests and replies, payments and passes will still arrive.';
