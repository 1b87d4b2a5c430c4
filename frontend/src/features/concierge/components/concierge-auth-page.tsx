import { LockOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { MembersSignIn } from '../../members';
import { authenticate, hasSession, setAuthenticatedHint } from '../api/concierge';
import styles from './concierge.module.css';

const REDIRECT_DELAY_MS = 500;

/** /concierge-auth: the members' password, checked by the server; below it, a member's own sign-in. */
export function ConciergeAuthPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  // An already-valid session goes straight in.
  useEffect(() => {
    let live = true;
    hasSession()
      .then((valid) => {
        if (!live) return;
        setAuthenticatedHint(valid);
        if (valid) navigate('/concierge', { replace: true });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [navigate]);

  const submit = async () => {
    if (!password || busy) return;
    setBusy(true);
    try {
      await authenticate(password);
      setAuthenticatedHint(true);
      notification.success({ title: 'Authentication successful', description: `Welcome to ${brand} Concierge` });
      window.setTimeout(() => navigate('/concierge'), REDIRECT_DELAY_MS);
    } catch (error) {
      const description =
        error instanceof ApiError && error.status !== 401 ? error.message : 'Invalid password. Please try again.';
      notification.error({ title: 'Authentication failed', description });
      setBusy(false);
    }
  };

  return (
    <main className={styles.authPage}>
      <div className={styles.authCard}>
        <div className={styles.authMark} aria-hidden>
          <LockOutlined />
        </div>
        <h1 className={styles.authTitle}>{brand} Concierge</h1>
        <p className={styles.authText}>
          This is a private service for {brand} members only. Unauthorized access is strictly prohibited.
        </p>
        <Form onFinish={submit} layout="vertical">
          <Form.Item label="Password" htmlFor="concierge-password">
            <Input.Password
              id="concierge-password"
              autoFocus
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" disabled={!password || busy} loading={busy}>
            {busy ? 'Authenticating...' : 'Access Concierge'}
          </Button>
        </Form>
        <MembersSignIn
          onSignedIn={() => {
            setAuthenticatedHint(true);
            navigate('/concierge');
          }}
        />
      </div>
    </main>
  );
}
