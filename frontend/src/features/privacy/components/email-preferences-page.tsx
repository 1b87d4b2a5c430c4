import { Alert, Spin } from 'antd';
import { useBrand } from '../../../app/config';
import { useLinkPreferences, useSaveLinkPreferences } from '../api/privacy';
import { LinkRefused } from './link-refused';
import { ALWAYS_SENT, MailChoicesForm } from './mail-choices-form';
import styles from './privacy.module.css';

/** /email-preferences/{token}: what the person the link names receives, three switches and Save. */
export function EmailPreferencesPage({ token }: { token: string }) {
  const brand = useBrand();
  const link = useLinkPreferences(token);
  const save = useSaveLinkPreferences(token);

  if (link.isPending) {
    return (
      <main className={styles.page} aria-busy="true">
        <Spin />
      </main>
    );
  }
  if (link.isError) return <LinkRefused brand={brand} error={link.error} onRetry={() => void link.refetch()} />;

  const { choices } = link.data;
  return (
    <main className={styles.page}>
      <section className={styles.wideCard} aria-labelledby="email-preferences-title">
        <p className={styles.eyebrow}>{brand}</p>
        <hr className={styles.rule} />
        <h1 id="email-preferences-title" className={styles.title}>
          Emails We Send You
        </h1>
        <p className={styles.text}>Choose what {brand} writes to you. You may change this at any time.</p>
        <MailChoicesForm
          key={JSON.stringify(choices)}
          initial={choices}
          saving={save.isPending}
          onSave={(next) => save.mutate(next)}
        />
        <div aria-live="polite">
          {save.isSuccess ? <p className={`${styles.saved} ${styles.quiet}`}>Your choices are saved.</p> : null}
          {save.isError ? (
            <Alert
              type="error"
              showIcon
              title={save.error instanceof Error ? save.error.message : 'Please try again.'}
              className={styles.quiet}
            />
          ) : null}
        </div>
        <p className={styles.quiet}>{ALWAYS_SENT}</p>
      </section>
    </main>
  );
}
