import { ExclamationCircleOutlined } from '@ant-design/icons';
import styles from './payment-page.module.css';

/**
 * Why the payment did not go through, written on the ivory card in dark ink. It stays until the
 * guest pays again: the toast beside it goes after a few seconds, this is what the guest reads.
 */
export function PaymentProblem({ message }: { message: string }) {
  return (
    <div className={styles.problem} role="alert">
      <ExclamationCircleOutlined className={styles.problemIcon} aria-hidden />
      <div>
        <p className={styles.problemTitle}>Your payment did not go through</p>
        <p className={styles.problemText}>{message}</p>
      </div>
    </div>
  );
}
