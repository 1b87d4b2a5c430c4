import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { EmailText } from '../../../lib/email-text';
import { consumeSignInLink, useSignInLink } from '../api/members';
import styles from './members.module.css';

/** What a refused sign-in link says, by the server's code. */
function refusal(error: unknown): { title: string; text: string } {
  const code = error instanceof ApiError ? error.code : null;
  if (code === 'SIGN_IN_LINK_USED') {
    return {
      title: 'This link has been used',
      text: 'Each sign-in link opens the door once. Kindly ask for a new one.',
    };
  }
  if (code === 'SIGN_IN_LINK_EXPIRED') {
    return {
      title: 'This link has expired',
      text: 'Sign-in links are valid for 15 minutes. Kindly ask for a new one.',
    };
  }
  if (code === 'SIGN_IN_LINK_UNKNOWN' || (error instanceof ApiError && error.status === 404)) {
    return {
      title: 'We cannot find this link',
      text: 'Kindly open it again from your email, exactly as it was sent, or ask for a new one.',
    };
  }
  return {
    title: 'Something went wrong',
    text: error instanceof Error && error.message ? error.message : 'Please try again.',
  };
}

/**
 * /members/sign-in/{token}: the link of a sign-in email. Opening it consumes nothing (mail scanners
 * open links first); the member's 'Sign In' does, with a POST.
 */
export function MemberSignInLinkPage({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const link = useSignInLink(token);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const signIn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await consumeSignInLink(token);
      onSignedIn();
      navigate('/concierge', { replace: true });
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  if (link.isPending) {
    return (
      <main className={styles.page} aria-busy="true">
        <Spin />
      </main>
    );
  }

  const refused = link.isError ? link.error : failure instanceof ApiError && failure.status !== 0 ? failure : null;
  if (refused) {
    const { title, text } = refusal(refused);
    return (
      <main className={styles.page}>
        <section className={styles.card} role="alert" aria-labelledby="sign-in-refused">
          <p className={styles.eyebrow}>{brand}</p>
          <h1 id="sign-in-refused" className={styles.title}>
            {title}
          </h1>
          <p className={styles.text}>{text}</p>
          <Button type="primary" size="large" block href="/concierge-auth">
            Back to Sign-In
          </Button>
        </section>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="sign-in-title">
        <div className={styles.mark} aria-hidden>
          <MailOutlined />
        </div>
        <p className={styles.eyebrow}>{brand} Members</p>
        <h1 id="sign-in-title" className={styles.title}>
          Sign In to the Concierge
        </h1>
        <p className={styles.text}>
          You are signing in as <strong>{link.data ? <EmailText email={link.data.email} /> : null}</strong>.
        </p>
        {failure ? <Alert type="error" showIcon title={refusal(failure).text} className={styles.text} /> : null}
        <Button type="primary" size="large" block loading={busy} onClick={signIn}>
          Sign In
        </Button>
        <Link to="/concierge-auth" className={styles.back}>
          Not you? Sign in another way
        </Link>
      </section>
    </main>
  );
}
