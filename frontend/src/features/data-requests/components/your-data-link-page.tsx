import { formatDate, formatDateTime } from '@maison/shared';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { useAskByLink, useDataLink, type DataRequest } from '../api/data-requests';
import styles from './data-requests.module.css';

function readable(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Please try again.';
}

/** A link that no longer works (expired, altered): said kindly, with the way to ask again. */
function LinkRefused({ brand, error, onRetry }: { brand: string; error: unknown; onRetry: () => void }) {
  const code = error instanceof ApiError ? error.code : null;
  const known = code === 'DATA_LINK_EXPIRED' || code === 'DATA_LINK_INVALID';
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="link-refused-title" role="alert">
        <p className={styles.eyebrow}>{brand}</p>
        <hr className={styles.rule} />
        <h1 id="link-refused-title" className={styles.title}>
          {code === 'DATA_LINK_EXPIRED' ? 'This Link Has Expired' : known ? 'This Link Is Not Valid' : 'Your Data'}
        </h1>
        <p className={styles.text}>{readable(error)}</p>
        {known ? (
          <Link to="/your-data" className={styles.link}>
            Ask for a New Link
          </Link>
        ) : (
          <Button type="primary" size="large" block onClick={onRetry}>
            Try Again
          </Button>
        )}
      </section>
    </main>
  );
}

/**
 * /your-data/{token}: the private page of the emailed link. Opening it changes nothing (mail
 * scanners open links first); the person chooses a copy of their data or its erasure.
 */
export function YourDataLinkPage({ token }: { token: string }) {
  const brand = useBrand();
  const link = useDataLink(token);
  const ask = useAskByLink(token);
  const [confirmingErasure, setConfirmingErasure] = useState(false);
  const [done, setDone] = useState<DataRequest | null>(null);

  if (link.isPending) {
    return (
      <main className={styles.page} aria-busy="true">
        <Spin />
      </main>
    );
  }
  if (link.isError) return <LinkRefused brand={brand} error={link.error} onRetry={() => void link.refetch()} />;

  const { email } = link.data;
  const choose = (kind: DataRequest['kind']) => ask.mutate(kind, { onSuccess: setDone });

  if (done) {
    const exported = done.kind === 'export';
    return (
      <main className={styles.page}>
        <section className={styles.card} aria-labelledby="your-data-done" aria-live="polite">
          <p className={styles.eyebrow}>{brand}</p>
          <hr className={styles.rule} />
          <h1 id="your-data-done" className={styles.title}>
            {exported ? 'Your Copy Is on Its Way' : 'Your Request Is Received'}
          </h1>
          <p className={styles.text}>
            {exported && done.status === 'completed' ? (
              <>
                We sent a copy to <span className={styles.address}>{email}</span> within the hour. Its link works until{' '}
                {formatDateTime(done.downloadExpiresAt ?? done.dueAt)}; please look for it in your inbox.
              </>
            ) : exported ? (
              <>
                We are preparing a copy of everything we hold about you. It will arrive at{' '}
                <span className={styles.address}>{email}</span> within minutes, as a download valid for 24 hours.
              </>
            ) : (
              <>
                We will erase what we hold about <span className={styles.address}>{email}</span> by{' '}
                {formatDate(done.dueAt)} at the latest. Records of payments stay, as the law requires, with the amounts
                and dates only.
              </>
            )}
          </p>
        </section>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="your-data-title">
        <p className={styles.eyebrow}>{brand}</p>
        <hr className={styles.rule} />
        <h1 id="your-data-title" className={styles.title}>
          Your Data
        </h1>
        <p className={styles.text}>
          For <span className={styles.address}>{email}</span>. Choose what you would like us to do.
        </p>
        {ask.isError ? <Alert type="error" showIcon title={readable(ask.error)} className={styles.text} /> : null}
        <div className={styles.choices}>
          <div className={styles.choice}>
            <h2 className={styles.choiceTitle}>Receive a Copy</h2>
            <p className={styles.choiceText}>
              Everything we hold about you, in one archive with a short guide: your place on the waitlist, what you
              agreed to, your conversations, requests, invitations and payments. Sent to this address, valid for 24
              hours.
            </p>
            <Button
              type="primary"
              size="large"
              block
              loading={ask.isPending && ask.variables === 'export'}
              onClick={() => choose('export')}
            >
              Send Me a Copy
            </Button>
          </div>
          <div className={styles.choice}>
            <h2 className={styles.choiceTitle}>Erase My Data</h2>
            <p className={styles.choiceText}>
              We remove your name, address and everything you shared with us. Records of payments stay, as the law
              requires, with the amounts and dates only. It cannot be undone.
            </p>
            {confirmingErasure ? (
              <div className={styles.confirm}>
                <Button
                  danger
                  size="large"
                  block
                  loading={ask.isPending && ask.variables === 'erasure'}
                  onClick={() => choose('erasure')}
                >
                  Yes, Erase My Data
                </Button>
                <Button type="link" onClick={() => setConfirmingErasure(false)}>
                  Keep My Data
                </Button>
              </div>
            ) : (
              <Button danger size="large" block onClick={() => setConfirmingErasure(true)}>
                Erase My Data
              </Button>
            )}
          </div>
        </div>
        <p className={styles.quiet}>This page is yours alone: please do not share its link.</p>
      </section>
    </main>
  );
}
