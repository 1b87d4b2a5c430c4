import { KeyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { EmailText } from '../../../lib/email-text';
import { acceptOffer, offerQuery, TIER_NAMES, usePasskeysAvailable, type MemberSelf } from '../api/members';
import { browserSupportsWebAuthn, isDismissed, registerPasskey } from '../api/passkeys';
import styles from './members.module.css';

/** A day as a letter writes it: 'December 4, 2026'. */
const formatDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** What a refused offer link says, by the server's code. */
const REFUSALS: Record<string, { title: string; text: string; signIn?: boolean }> = {
  OFFER_UNKNOWN: {
    title: 'We cannot find this offer',
    text: 'Offers of membership are personal, and this link does not match one of ours. Kindly open it again from your email, exactly as it was sent.',
  },
  OFFER_EXPIRED: {
    title: 'This offer has expired',
    text: 'An offer of membership is held for seven days. Kindly reply to the email that brought it, and our concierge will gladly send a new one.',
  },
  OFFER_USED: {
    title: 'This offer has been accepted',
    text: 'Your membership is already in place. Sign in with your passkey or your email to continue.',
    signIn: true,
  },
  OFFER_REVOKED: {
    title: 'This offer has been withdrawn',
    text: 'This link is no longer valid. Should you believe this is a mistake, kindly reply to the email that brought it.',
  },
};

function Refusal({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const known = error.code ? REFUSALS[error.code] : undefined;
  return (
    <section className={styles.card} role="alert" aria-labelledby="offer-refused">
      <p className={styles.eyebrow}>Membership</p>
      <h1 id="offer-refused" className={styles.title}>
        {known?.title ?? 'Something went wrong'}
      </h1>
      <p className={styles.text}>{known?.text ?? error.message}</p>
      {known ? (
        known.signIn ? (
          <Button type="primary" size="large" block href="/concierge-auth">
            Sign In
          </Button>
        ) : (
          <Button size="large" block href="/">
            Return to the Site
          </Button>
        )
      ) : (
        <Button type="primary" size="large" block onClick={onRetry}>
          Try Again
        </Button>
      )}
    </section>
  );
}

/**
 * /membership/{token}: the offer a person received by email. Opening it consumes nothing; the
 * person confirms their name and accepts (a POST), then registers a passkey or keeps to email sign-in.
 */
export function MembershipOfferPage({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  // Fetched once: after the acceptance the same link answers 'used'.
  const offer = useQuery({ ...offerQuery(token), staleTime: Infinity, refetchOnWindowFocus: false });
  const passkeysAvailable = usePasskeysAvailable();
  const [member, setMember] = useState<MemberSelf | null>(null);
  const [accepting, setAccepting] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);

  const toConcierge = () => navigate('/concierge', { replace: true });

  const accept = async ({ name }: { name: string }) => {
    setAccepting(true);
    setAcceptError(null);
    try {
      const answer = await acceptOffer(token, name.trim());
      onSignedIn();
      setMember(answer.member);
    } catch (error) {
      setAcceptError(
        error instanceof ApiError ? error.message : 'Your membership could not be accepted. Please try again.',
      );
    } finally {
      setAccepting(false);
    }
  };

  const register = async () => {
    setRegistering(true);
    setPasskeyError(null);
    try {
      await registerPasskey();
      notification.success({ title: 'Passkey Registered', description: `Welcome to ${brand}.` });
      toConcierge();
    } catch (error) {
      setPasskeyError(
        isDismissed(error)
          ? 'No passkey was registered. You may try again, or use email sign-in.'
          : error instanceof Error && error.message
            ? error.message
            : 'The passkey could not be registered. You may try again, or use email sign-in.',
      );
      setRegistering(false);
    }
  };

  if (offer.isPending || (member && passkeysAvailable.isPending)) {
    return (
      <main className={styles.page} aria-busy="true">
        <Spin />
      </main>
    );
  }

  if (offer.isError) {
    return (
      <main className={styles.page}>
        <Refusal error={offer.error as ApiError} onRetry={() => void offer.refetch()} />
      </main>
    );
  }

  const { name, email, tier, expiresAt } = offer.data;

  if (member) {
    const serverAllows = passkeysAvailable.data === true;
    const browserAllows = browserSupportsWebAuthn();
    const passkeys = serverAllows && browserAllows;
    return (
      <main className={styles.page}>
        <section className={styles.card} aria-labelledby="offer-passkey">
          <div className={styles.mark} aria-hidden>
            <KeyOutlined />
          </div>
          <p className={styles.eyebrow}>{TIER_NAMES[member.tier]} Membership</p>
          <h1 id="offer-passkey" className={styles.title}>
            Welcome, {member.name}
          </h1>
          {passkeys ? (
            <>
              <p className={styles.text}>
                A passkey lets you sign in with this device&rsquo;s screen lock: no password to remember. You may also
                sign in at any time with a link sent to <EmailText email={member.email} />.
              </p>
              {passkeyError ? <Alert type="warning" showIcon title={passkeyError} className={styles.text} /> : null}
              <div className={styles.actions}>
                <Button type="primary" size="large" block loading={registering} onClick={register}>
                  Register a Passkey
                </Button>
                <Button size="large" block disabled={registering} onClick={toConcierge}>
                  Use Email Sign-In Only
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className={styles.text}>
                You will sign in with a link and a code sent to <EmailText email={member.email} />.
              </p>
              <div className={styles.actions}>
                <Button type="primary" size="large" block onClick={toConcierge}>
                  Use Email Sign-In Only
                </Button>
              </div>
              <p className={styles.quiet}>
                {serverAllows
                  ? 'This browser does not offer passkeys, so you will sign in by email.'
                  : 'Passkeys are not offered at this web address, so you will sign in by email.'}
              </p>
            </>
          )}
        </section>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="offer-title">
        <p className={styles.eyebrow}>{brand}</p>
        <h1 id="offer-title" className={styles.title}>
          An Offer of Membership
        </h1>
        <p className={styles.text}>
          {brand} is pleased to offer you membership. Kindly confirm your name as you wish the house to know it.
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>Tier</dt>
            <dd>{TIER_NAMES[tier]}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              <EmailText email={email} />
            </dd>
          </div>
          <div>
            <dt>Valid Until</dt>
            <dd>{formatDay(expiresAt)}</dd>
          </div>
        </dl>
        <Form layout="vertical" requiredMark={false} initialValues={{ name }} onFinish={accept}>
          <Form.Item
            name="name"
            label="Your Name"
            rules={[
              { required: true, whitespace: true, message: 'Please enter your name' },
              { max: 120, message: 'Your name is too long' },
            ]}
          >
            <Input autoComplete="name" />
          </Form.Item>
          {acceptError ? <Alert type="error" showIcon title={acceptError} className={styles.text} /> : null}
          <Button type="primary" htmlType="submit" size="large" block loading={accepting}>
            Accept Membership
          </Button>
        </Form>
      </section>
    </main>
  );
}
