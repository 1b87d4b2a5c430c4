import { isValidEmail } from '@maison/shared';
import { Alert, App, Button, Form, Input } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { EmailText } from '../../../lib/email-text';
import { codeSignIn, emailSignIn, usePasskeysAvailable, type MemberSelf } from '../api/members';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  cancelPasskeyRequest,
  isDismissed,
  signInWithPasskey,
} from '../api/passkeys';
import styles from './members.module.css';

const CODE = /^\d{6}$/;

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'SIGN_IN_CODE_WRONG') {
    return 'That code is not the one we sent. Kindly check the email and try again.';
  }
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

/**
 * The 'Members' part of /concierge-auth: a passkey (the browser's prompt, or its autofill on the
 * email field), or a sign-in email with a link and a 6-digit code. What the page says after
 * 'Email Me a Sign-In Link' is the same whether or not the address belongs to a member.
 */
export function MembersSignIn({ onSignedIn }: { onSignedIn: (member: MemberSelf) => void }) {
  const { notification } = App.useApp();
  const available = usePasskeysAvailable();
  const passkeys = available.data === true && browserSupportsWebAuthn();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<null | 'passkey' | 'email' | 'code'>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const done = useRef(false);

  const welcome = useCallback(
    (member: MemberSelf) => {
      done.current = true;
      notification.success({ title: 'Signed In', description: `Welcome back, ${member.name}` });
      onSignedIn(member);
    },
    [notification, onSignedIn],
  );

  // Where the browser offers it, the member's passkeys wait among the email field's suggestions.
  // A passkey the server refused (its challenge expired while the page stayed open) is said, and
  // the suggestions are offered again; a request ended by the page or by a newer one is not.
  const startAutofill = useCallback(
    function start() {
      void browserSupportsWebAuthnAutofill().then((supported) => {
        if (!supported || done.current) return;
        signInWithPasskey({ autofill: true }).then(
          (answer) => welcome(answer.member),
          (error: unknown) => {
            if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return;
            setFailure(failureText(error));
            if (error.code === 'PASSKEY_REFUSED') start();
          },
        );
      });
    },
    [welcome],
  );

  useEffect(() => {
    if (!passkeys) return;
    startAutofill();
    return cancelPasskeyRequest;
  }, [passkeys, startAutofill]);

  const passkey = async () => {
    setBusy('passkey');
    setFailure(null);
    try {
      welcome((await signInWithPasskey()).member);
    } catch (error) {
      if (!isDismissed(error)) setFailure(failureText(error));
      setBusy(null);
      startAutofill();
    }
  };

  const sendLink = async () => {
    const address = email.trim();
    if (!address) return setEmailError('Email is required');
    if (!isValidEmail(address)) return setEmailError('Please enter a valid email address');
    setEmailError(null);
    setFailure(null);
    setBusy('email');
    try {
      await emailSignIn(address);
      setSentTo(address);
      setCode('');
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(null);
    }
  };

  const enterCode = async () => {
    if (!sentTo || !CODE.test(code)) return;
    setBusy('code');
    setFailure(null);
    try {
      welcome((await codeSignIn(sentTo, code)).member);
    } catch (error) {
      setFailure(failureText(error));
      setBusy(null);
    }
  };

  return (
    <section className={styles.members} aria-labelledby="members-sign-in">
      <h2 id="members-sign-in" className={styles.membersTitle}>
        Members
      </h2>
      <p className={styles.membersText}>Sign in with your passkey, or with a link sent to your email.</p>
      {passkeys ? (
        <>
          <Button size="large" block loading={busy === 'passkey'} disabled={busy !== null} onClick={passkey}>
            Sign In with a Passkey
          </Button>
          <div className={styles.or}>or</div>
        </>
      ) : null}
      {sentTo ? (
        <Form layout="vertical" requiredMark={false} onFinish={enterCode}>
          <p className={styles.sent} aria-live="polite">
            If{' '}
            <strong>
              <EmailText email={sentTo} />
            </strong>{' '}
            belongs to a member, a sign-in link and a 6-digit code are on their way. Both are valid for 15 minutes.
          </p>
          <Form.Item label="Enter the code from the email" htmlFor="member-code">
            <Input
              id="member-code"
              className={styles.codeInput}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            />
          </Form.Item>
          {failure ? <Alert type="error" showIcon title={failure} className={styles.sent} /> : null}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={busy === 'code'}
            disabled={!CODE.test(code) || busy !== null}
          >
            Sign In
          </Button>
          <Button
            type="link"
            className={styles.linkButton}
            onClick={() => {
              setSentTo(null);
              setFailure(null);
            }}
          >
            Use a Different Email
          </Button>
        </Form>
      ) : (
        <Form layout="vertical" requiredMark={false} onFinish={sendLink} noValidate>
          <Form.Item
            label="Email"
            htmlFor="member-email"
            validateStatus={emailError ? 'error' : undefined}
            help={emailError ?? undefined}
          >
            <Input
              id="member-email"
              type="email"
              autoComplete="username webauthn"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Form.Item>
          {failure ? <Alert type="error" showIcon title={failure} className={styles.sent} /> : null}
          <Button htmlType="submit" size="large" block loading={busy === 'email'} disabled={busy !== null}>
            Email Me a Sign-In Link
          </Button>
        </Form>
      )}
    </section>
  );
}
