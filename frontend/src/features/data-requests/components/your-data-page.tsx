import { Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { useEmailDataLink } from '../api/data-requests';
import styles from './data-requests.module.css';

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVALID = 'Please enter a valid email address';

/**
 * /your-data: anyone may ask what the club holds about their address. We email a private link if
 * we hold anything; the page answers the same either way, so it tells nobody who is known here.
 */
export function YourDataPage() {
  const brand = useBrand();
  const ask = useEmailDataLink();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!ADDRESS.test(address)) {
      setFieldError(INVALID);
      return;
    }
    setFieldError(null);
    ask.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (error) => setFieldError(error instanceof ApiError ? (error.fields.email ?? error.message) : INVALID),
    });
  };

  if (sentTo) {
    return (
      <main className={styles.page}>
        <section className={styles.card} aria-labelledby="your-data-sent" aria-live="polite">
          <p className={styles.eyebrow}>{brand}</p>
          <hr className={styles.rule} />
          <h1 id="your-data-sent" className={styles.title}>
            Please Check Your Email
          </h1>
          <p className={styles.text}>
            If we hold anything about <span className={styles.address}>{sentTo}</span>, a private link is on its way. It
            opens a page where you may receive a copy of your data or ask us to erase it, and it remains valid for 24
            hours.
          </p>
          <p className={styles.quiet}>Nothing arrived? Look in your spam folder, or try the address you gave us.</p>
          <Button type="link" className={styles.link} onClick={() => setSentTo(null)}>
            Use Another Address
          </Button>
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
          See what {brand} holds about you, receive a copy, or ask us to erase it. Enter the address you gave us and we
          will send a private link to it.
        </p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <label htmlFor="your-data-email" className={styles.choiceText}>
            Email address
          </label>
          <Input
            id="your-data-email"
            type="email"
            size="large"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            status={fieldError ? 'error' : undefined}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'your-data-email-error' : undefined}
          />
          {fieldError ? (
            <p id="your-data-email-error" className={styles.fieldError} role="alert">
              {fieldError}
            </p>
          ) : null}
          <Button type="primary" size="large" block htmlType="submit" loading={ask.isPending}>
            Email Me a Link
          </Button>
        </form>
        <p className={styles.quiet}>Members may also find this in their account, under Your Data.</p>
      </section>
    </main>
  );
}
