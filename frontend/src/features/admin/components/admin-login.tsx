import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { adminSignIn, ADMIN_MESSAGES } from '../../../api/admin-client';
import { useBrand } from '../../../app/config';
import styles from './admin.module.css';

interface Values {
  username: string;
  password: string;
}

/** Admin login: username and password, both required, checked by the server. */
export function AdminLogin({ notice, onSignedIn }: { notice?: string | null; onSignedIn: () => void }) {
  const brand = useBrand();
  const [error, setError] = useState<string | null>(notice ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ username, password }: Values) => {
    setBusy(true);
    setError(null);
    try {
      await adminSignIn(username.trim(), password);
      onSignedIn();
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : ADMIN_MESSAGES.loginFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.loginPage}>
      <div className={styles.loginPanel}>
        <p className="mf-eyebrow">{brand}</p>
        <h1 className={`mf-display ${styles.loginTitle}`}>Admin Dashboard</h1>
        <p className={styles.loginLead}>Sign in to manage the waitlist, vendors and events.</p>
        <Form<Values> layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
          <Form.Item
            label="Username"
            name="username"
            rules={[{ required: true, whitespace: true, message: 'Username is required' }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} role="alert" className={styles.error} />}
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            Sign In
          </Button>
        </Form>
      </div>
    </main>
  );
}
