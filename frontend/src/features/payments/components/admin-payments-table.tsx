import { EyeOutlined, FileTextOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Grid,
  Modal,
  Pagination,
  Popconfirm,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  type TableProps,
} from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../../api/client';
import { useStaffMay } from '../../../api/staff-self';
import { EmailText } from '../../../lib/email-text';
import { EmptyState } from '../../../lib/ui/empty-state';
import {
  refundPending,
  useAdminPayments,
  useRefreshAfterRefund,
  useRefundPayment,
  type AdminPayment,
} from '../api/admin-payments';
import { formatDateTime, formatMoney, formatMoneyFigure } from '@maison/shared';
import styles from './admin-payments.module.css';

const STATUS_COLOURS: Record<AdminPayment['status'], string> = {
  pending: 'gold',
  succeeded: 'green',
  failed: 'red',
  refunded: 'default',
};

/** 'Dec 12, 2026 at 20:15'; 'Invalid date' when unreadable, '—' when absent. */
export function formatWhen(value: string | null | undefined): string {
  return value ? formatDateTime(value) : '—';
}

const REFUND_REASONS: Record<NonNullable<AdminPayment['refundReason']>, string> = {
  admin: 'Refunded by an administrator',
  no_seat: 'Event full when the payment arrived (automatic)',
  changed: 'The guest changed their answer before this payment landed (automatic)',
  duplicate: 'The reservation was already paid: a second payment (automatic)',
  event_cancelled: 'The event was cancelled (automatic)',
  guest_change: 'The guest declined or brought fewer guests before the RSVP deadline (automatic)',
};

/** What a refund of the payment now gives back: the amount, less the parts given back already. */
function refundable(p: AdminPayment): number {
  return p.amount - p.partRefunded - p.partRefundPending;
}

/** The status as the admin reads it, with what is under way or went wrong beside it. */
function StatusTags({ p }: { p: AdminPayment }) {
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLOURS[p.status]}>{p.status}</Tag>
      {refundPending(p) && <Tag color="gold">refund pending</Tag>}
      {p.status === 'succeeded' && p.partRefunded > 0 && (
        <Tooltip title="The guest brought fewer guests before the RSVP deadline: the difference went back.">
          <Tag>{formatMoney(p.partRefunded, p.currency)} refunded</Tag>
        </Tooltip>
      )}
      {p.status === 'succeeded' && p.partRefundPending > 0 && (
        <Tag color="gold">{formatMoney(p.partRefundPending, p.currency)} refund pending</Tag>
      )}
      {p.status === 'succeeded' && !p.refundRequestedAt && p.refundError && (
        <Tooltip title={p.refundError}>
          <Tag color="red">refund failed</Tag>
        </Tooltip>
      )}
      {p.supersededAt && p.status === 'failed' && (
        <Tooltip title="The guest changed their answer before paying; this payment was replaced.">
          <Tag>replaced</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

function methodLabel(method: string | null): string {
  if (!method) return '—';
  return method.charAt(0).toUpperCase() + method.slice(1).replace(/_/g, ' ');
}

function ReceiptLink({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <Button type="link" size="small" href={url} target="_blank" rel="noopener noreferrer" icon={<FileTextOutlined />}>
      Receipt
    </Button>
  );
}

/** The payments on a phone: one card each, the amount and guest first, then the event and how it was paid. */
function PaymentCards({
  rows,
  loading,
  empty,
  actions,
}: {
  rows: AdminPayment[];
  loading: boolean;
  empty: ReactNode;
  actions: (p: AdminPayment) => ReactNode;
}) {
  if (loading) return <Spin className={styles.loading} />;
  if (rows.length === 0) return empty;
  return (
    <ul className={styles.cards}>
      {rows.map((p) => (
        <li key={p.id} className={styles.card} data-testid="payment-card">
          <div className={styles.cardHead}>
            <div className={styles.who}>
              <strong className={styles.amount}>{formatMoney(p.amount, p.currency)}</strong>
              <div>{p.invitation.recipientName}</div>
              <div className={styles.email}>
                <EmailText email={p.invitation.recipientEmail} />
              </div>
            </div>
            <StatusTags p={p} />
          </div>
          <p className={styles.meta}>
            {p.event.name} · {methodLabel(p.paymentMethodType)} · {formatWhen(p.paymentDate ?? p.createdAt)}
          </p>
          <div className={styles.cardActions}>{actions(p)}</div>
        </li>
      ))}
    </ul>
  );
}

/** The Responses tab's inner 'Payments' tab: every payment with its guest and event. */
export default function AdminPaymentsTable({ eventId }: { eventId?: number }) {
  const { notification } = App.useApp();
  // A table from 768 px, cards below (as the waitlist tab).
  const wide = Grid.useBreakpoint().md !== false;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const query = useAdminPayments(eventId, page, pageSize);
  const refund = useRefundPayment();
  // Refunds are the owners' (the events role reads payments).
  const mayRefund = useStaffMay('payments:refund');
  const refresh = useRefreshAfterRefund();
  const rows = useMemo(() => query.data?.data ?? [], [query.data]);
  // The dialog follows the row as it refreshes (a refund landing while it is open).
  const details = rows.find((p) => p.id === detailsId) ?? null;

  // A refund that lands (or comes back refused) changes the RSVP and invitation lists too, and
  // the admin hears how it ended.
  const watched = useRef(new Set<string>());
  useEffect(() => {
    let settled = false;
    for (const p of rows) {
      if (refundPending(p)) {
        watched.current.add(p.id);
        continue;
      }
      if (!watched.current.delete(p.id)) continue;
      settled = true;
      if (p.status === 'refunded') {
        notification.success({
          title: 'Payment refunded',
          description: `${formatMoney(p.amount, p.currency)} returned to ${p.invitation.recipientName}.`,
        });
      } else if (p.refundError) {
        notification.error({ title: 'Refund failed', description: p.refundError });
      }
    }
    if (settled) void refresh();
  }, [rows, notification, refresh]);

  const doRefund = async (payment: AdminPayment) => {
    // Watched before asking: a refund can land before the list is next read.
    watched.current.add(payment.id);
    try {
      await refund.mutateAsync(payment.id);
      notification.success({
        title: 'Refund requested',
        description: `${formatMoney(refundable(payment), payment.currency)} will be returned to ${payment.invitation.recipientName}.`,
      });
    } catch (error) {
      watched.current.delete(payment.id);
      notification.error({
        title: 'Refund failed',
        description: error instanceof ApiError ? error.message : 'Request failed',
      });
    }
  };

  const columns: TableProps<AdminPayment>['columns'] = [
    {
      title: 'Amount',
      key: 'amount',
      render: (_, p) => <strong>{formatMoneyFigure(p.amount, p.currency)}</strong>,
    },
    { title: 'Currency', dataIndex: 'currency', key: 'currency' },
    { title: 'Status', key: 'status', render: (_, p) => <StatusTags p={p} /> },
    { title: 'Method', key: 'method', render: (_, p) => methodLabel(p.paymentMethodType) },
    { title: 'Date', key: 'date', render: (_, p) => formatWhen(p.paymentDate ?? p.createdAt) },
    {
      title: 'Guest',
      key: 'guest',
      render: (_, p) => (
        <div>
          <div>{p.invitation.recipientName}</div>
          <div className={styles.email}>
            <EmailText email={p.invitation.recipientEmail} />
          </div>
        </div>
      ),
    },
    { title: 'Event', key: 'event', render: (_, p) => p.event.name },
    { title: 'Actions', key: 'actions', render: (_, p) => actions(p) },
  ];

  function actions(p: AdminPayment) {
    return (
      <Space size={0} wrap>
        <Tooltip title="Details">
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            onClick={() => setDetailsId(p.id)}
            aria-label={`Details of the payment by ${p.invitation.recipientName}`}
          >
            Details
          </Button>
        </Tooltip>
        <ReceiptLink url={p.receiptUrl} />
        {mayRefund && p.status === 'succeeded' && !p.refundRequestedAt && (
          <Popconfirm
            title={p.refundError ? 'Ask for the refund again?' : 'Refund this payment?'}
            description={
              p.refundReason && p.refundReason !== 'admin'
                ? `${formatMoney(refundable(p), p.currency)} goes back to ${p.invitation.recipientName}.`
                : `${formatMoney(refundable(p), p.currency)} goes back to ${p.invitation.recipientName}, and their seats are released.`
            }
            okText="Refund"
            okButtonProps={{ danger: true }}
            cancelText="Keep"
            onConfirm={() => doRefund(p)}
          >
            <Button type="link" size="small" danger icon={<RollbackOutlined />}>
              Refund
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  }

  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={query.error.message}
        action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
      />
    );
  }

  const pagination = {
    current: page,
    pageSize,
    total: query.data?.total ?? 0,
    showSizeChanger: true,
    hideOnSinglePage: (query.data?.total ?? 0) <= 20,
    onChange: (next: number, size: number) => {
      setPage(size !== pageSize ? 1 : next);
      setPageSize(size);
    },
  };
  const empty = <EmptyState size="small" title="No Payments Yet" />;

  return (
    <>
      {wide ? (
        <Table<AdminPayment>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={query.isLoading}
          scroll={{ x: 960 }}
          locale={{ emptyText: empty }}
          pagination={pagination}
        />
      ) : (
        <>
          <PaymentCards rows={rows} loading={query.isLoading} empty={empty} actions={actions} />
          {rows.length ? <Pagination {...pagination} size="small" className={styles.pagination} /> : null}
        </>
      )}
      <Modal
        open={details !== null}
        title="Payment Details"
        footer={null}
        onCancel={() => setDetailsId(null)}
        width={640}
      >
        {details && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Amount">{formatMoney(details.amount, details.currency)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <StatusTags p={details} />
            </Descriptions.Item>
            <Descriptions.Item label="Method">{methodLabel(details.paymentMethodType)}</Descriptions.Item>
            <Descriptions.Item label="Transaction ID">{details.transactionId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Payment Date">{formatWhen(details.paymentDate)}</Descriptions.Item>
            {details.partRefunded + details.partRefundPending > 0 && (
              <Descriptions.Item label="Refunded in Part">
                {formatMoney(details.partRefunded, details.currency)}
                {details.partRefundPending > 0 &&
                  ` (and ${formatMoney(details.partRefundPending, details.currency)} on its way)`}
              </Descriptions.Item>
            )}
            {details.refundedAt && (
              <Descriptions.Item label="Refunded At">{formatWhen(details.refundedAt)}</Descriptions.Item>
            )}
            {details.refundReason && (details.refundRequestedAt || details.status === 'refunded') && (
              <Descriptions.Item label="Refund Reason">{REFUND_REASONS[details.refundReason]}</Descriptions.Item>
            )}
            {details.refundError && details.status === 'succeeded' && (
              <Descriptions.Item label="Refund Failed">{details.refundError}</Descriptions.Item>
            )}
            {details.failureMessage && details.status === 'failed' && (
              <Descriptions.Item label="Failure">{details.failureMessage}</Descriptions.Item>
            )}
            <Descriptions.Item label="Guest">
              {details.invitation.recipientName} ({details.invitation.recipientEmail})
            </Descriptions.Item>
            <Descriptions.Item label="Guests">{details.rsvp.guestCount}</Descriptions.Item>
            <Descriptions.Item label="Event">{details.event.name}</Descriptions.Item>
            <Descriptions.Item label="Created">{formatWhen(details.createdAt)}</Descriptions.Item>
            {details.receiptUrl && (
              <Descriptions.Item label="Receipt">
                <ReceiptLink url={details.receiptUrl} />
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
      </Modal>
    </>
  );
}
