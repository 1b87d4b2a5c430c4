import { currencyDigits, formatDateTime, formatMoney } from '@maison/shared';
import { App, Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useBookingAction, useRequestBookings, type DeskBookingPayment } from '../api/bookings';
import styles from './desk.module.css';

const STATUS: Record<DeskBookingPayment['status'], { label: string; color: string }> = {
  pending: { label: 'Paying', color: 'processing' },
  requires_action: { label: 'Awaiting 3-D Secure', color: 'processing' },
  held: { label: 'Held', color: 'gold' },
  succeeded: { label: 'Paid', color: 'green' },
  failed: { label: 'Failed', color: 'default' },
  released: { label: 'Released', color: 'default' },
  refunded: { label: 'Refunded', color: 'default' },
};

function amount(minor: number, currency: string): string {
  return formatMoney(minor / 10 ** currencyDigits(currency), currency);
}

function brand(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The member's payment for the option they accepted: what was paid or held, with which card; staff
 * confirm a held option with the supplier (the amount is taken) or release it, or cancel the
 * booking (refunded by the option's terms).
 */
export function BookingPaymentPanel({ requestId }: { requestId: string }) {
  const { message } = App.useApp();
  const bookings = useRequestBookings(requestId);
  const act = useBookingAction(requestId);
  const [busy, setBusy] = useState<string | null>(null);
  const rows = bookings.data?.data ?? [];
  if (rows.length === 0) return null;
  const live = rows.find((r) => ['pending', 'requires_action', 'held', 'succeeded'].includes(r.status));

  const run = async (action: 'capture' | 'release' | 'cancel', done: string) => {
    setBusy(action);
    try {
      await act(action);
      message.success(done);
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'Request failed');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label="Payment" className={styles.block}>
      <h4>Payment</h4>
      <ul className={styles.proposed}>
        {rows.map((row) => (
          <li key={row.id}>
            {row.optionTitle} · {amount(row.amount, row.currency)}{' '}
            <Tag color={STATUS[row.status].color}>{STATUS[row.status].label}</Tag>
            <span className={styles.muted}>
              {row.card ? `${brand(row.card.brand)} ending ${row.card.last4}` : 'Card form'} ·{' '}
              {formatDateTime(row.createdAt, { style: 'short' })}
              {row.status === 'held' && row.holdExpiresAt
                ? ` · released ${formatDateTime(row.holdExpiresAt, { style: 'short' })} unless confirmed`
                : ''}
              {row.refundedAmount > 0 ? ` · ${amount(row.refundedAmount, row.currency)} refunded` : ''}
              {row.failureMessage && row.status === 'failed' ? ` · ${row.failureMessage}` : ''}
            </span>
            {row.receiptUrl ? (
              <>
                {' '}
                <a href={row.receiptUrl} target="_blank" rel="noreferrer">
                  Receipt
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {live ? (
        <div className={styles.row}>
          {live.status === 'held' ? (
            <>
              <Button type="primary" loading={busy === 'capture'} onClick={() => void run('capture', 'Payment taken')}>
                Supplier Confirmed
              </Button>
              <Button loading={busy === 'release'} onClick={() => void run('release', 'Hold released')}>
                Supplier Declined
              </Button>
            </>
          ) : null}
          {live.status === 'succeeded' || live.status === 'held' ? (
            <Popconfirm
              title="Cancel this booking?"
              description="A hold is released; a payment is refunded by the option’s terms."
              okText="Cancel Booking"
              cancelText="Keep"
              onConfirm={() => void run('cancel', 'Booking cancelled')}
            >
              <Button danger loading={busy === 'cancel'}>
                Cancel Booking
              </Button>
            </Popconfirm>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
