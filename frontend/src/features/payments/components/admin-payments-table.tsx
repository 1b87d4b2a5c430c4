import { EyeOutlined, FileTextOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Grid,
  List,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tooltip,
  type TableProps,
} from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useAdminPayments, useRefundPayment, type AdminPayment } from '../api/admin-payments';
import { formatMoney } from './payment-format';

const STATUS_COLOURS: Record<AdminPayment['status'], string> = {
  pending: 'gold',
  succeeded: 'green',
  failed: 'red',
  refunded: 'default',
};

/** 'Dec 12, 2026, 8:15 PM'; 'Invalid date' when unreadable, '—' when absent. */
export function formatWhen(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
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

/** The Responses tab's inner 'Payments' tab: every payment with its guest and event. */
export default function AdminPaymentsTable({ eventId }: { eventId?: number }) {
  const { notification } = App.useApp();
  // A table from 768 px, cards below (as the waitlist tab).
  const wide = Grid.useBreakpoint().md !== false;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [details, setDetails] = useState<AdminPayment | null>(null);
  const query = useAdminPayments(eventId, page, pageSize);
  const refund = useRefundPayment();
  const rows = query.data?.data ?? [];

  const doRefund = async (payment: AdminPayment) => {
    try {
      await refund.mutateAsync(payment.id);
      notification.success({
        message: 'Refund requested',
        description: `${formatMoney(payment.amount, payment.currency)} will be returned to ${payment.invitation.recipientName}.`,
      });
    } catch (error) {
      notification.error({
        message: 'Refund failed',
        description: error instanceof ApiError ? error.message : 'Request failed',
      });
    }
  };

  const columns: TableProps<AdminPayment>['columns'] = [
    {
      title: 'Amount',
      key: 'amount',
      render: (_, p) => <strong>{formatMoney(p.amount, p.currency).replace(/^[A-Z]{3} /, '')}</strong>,
    },
    { title: 'Currency', dataIndex: 'currency', key: 'currency' },
    {
      title: 'Status',
      key: 'status',
      render: (_, p) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLOURS[p.status]}>{p.status}</Tag>
          {p.status === 'succeeded' && p.refundRequestedAt && <Tag>refund pending</Tag>}
        </Space>
      ),
    },
    { title: 'Method', key: 'method', render: (_, p) => methodLabel(p.paymentMethodType) },
    { title: 'Date', key: 'date', render: (_, p) => formatWhen(p.paymentDate ?? p.createdAt) },
    {
      title: 'Guest',
      key: 'guest',
      render: (_, p) => (
        <div>
          <div>{p.invitation.recipientName}</div>
          <div style={{ opacity: 0.6, fontSize: 13 }}>{p.invitation.recipientEmail}</div>
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
            onClick={() => setDetails(p)}
            aria-label={`Details of the payment by ${p.invitation.recipientName}`}
          >
            Details
          </Button>
        </Tooltip>
        <ReceiptLink url={p.receiptUrl} />
        {p.status === 'succeeded' && !p.refundRequestedAt && (
          <Popconfirm
            title="Refund this payment?"
            description={`${formatMoney(p.amount, p.currency)} goes back to ${p.invitation.recipientName}, and their seats are released.`}
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
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Payments Yet" />;

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
        <List<AdminPayment>
          dataSource={rows}
          loading={query.isLoading}
          locale={{ emptyText: empty }}
          pagination={rows.length ? pagination : false}
          renderItem={(p) => (
            <Card size="small" style={{ marginBottom: 12 }} data-testid="payment-card">
              <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
                <div>
                  <strong style={{ fontSize: 18 }}>{formatMoney(p.amount, p.currency)}</strong>
                  <div>{p.invitation.recipientName}</div>
                  <div style={{ opacity: 0.6, fontSize: 13 }}>{p.invitation.recipientEmail}</div>
                </div>
                <Tag color={STATUS_COLOURS[p.status]}>{p.status}</Tag>
              </Space>
              <div style={{ marginTop: 8, fontSize: 13, opacity: 0.8 }}>
                {p.event.name} · {methodLabel(p.paymentMethodType)} · {formatWhen(p.paymentDate ?? p.createdAt)}
              </div>
              <div style={{ marginTop: 4 }}>{actions(p)}</div>
            </Card>
          )}
        />
      )}
      <Modal
        open={details !== null}
        title="Payment Details"
        footer={null}
        onCancel={() => setDetails(null)}
        width={640}
      >
        {details && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Amount">{formatMoney(details.amount, details.currency)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag color={STATUS_COLOURS[details.status]}>{details.status}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Method">{methodLabel(details.paymentMethodType)}</Descriptions.Item>
            <Descriptions.Item label="Transaction ID">{details.transactionId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Payment Date">{formatWhen(details.paymentDate)}</Descriptions.Item>
            {details.refundedAt && (
              <Descriptions.Item label="Refunded At">{formatWhen(details.refundedAt)}</Descriptions.Item>
            )}
            {details.refundReason && (
              <Descriptions.Item label="Refund Reason">
                {details.refundReason === 'no_seat'
                  ? 'Event full when the payment arrived (automatic)'
                  : 'Refunded by an administrator'}
              </Descriptions.Item>
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
