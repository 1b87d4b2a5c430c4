import { Button } from 'antd';
import styles from './payment-page.module.css';

/** Cancel (back to the invitation) and 'Pay Now' ('Processing...' while busy). */
export function PaymentActions({
  busy,
  disabled,
  onCancel,
}: {
  busy: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className={styles.actions}>
      <Button size="large" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="primary" size="large" htmlType="submit" loading={busy} disabled={disabled}>
        {busy ? 'Processing...' : 'Pay Now'}
      </Button>
    </div>
  );
}
