import { DeleteOutlined, ExportOutlined, MailOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Progress, Space, Tag, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EmailText } from '../../../lib/email-text';
import { EmptyState } from '../../../lib/ui/empty-state';
import {
  launchPartyKeys,
  useBatchProgress,
  useDeleteInvitation,
  useInvitations,
  useSendInvitation,
  useSendPending,
} from '../api/launch-party';
import type { InvitationRow, LaunchEvent } from '../api/types';
import { formatDateTime } from './format';
import { InvitationFormModal } from './invitation-form-modal';
import { ResponsiveTable } from './responsive-table';
import styles from './launch-party.module.css';

const STATUS_COLORS: Record<string, string> = {
  pending: 'default',
  sent: 'blue',
  accepted: 'green',
  declined: 'orange',
  cancelled: 'red',
};

/** Whether the invitation's email ended without reaching the guest, so it may be sent again. */
export function canSendAgain(row: InvitationRow): boolean {
  return row.deliveryStatus === 'failed' || row.deliveryStatus === 'bounced' || row.deliveryStatus === 'unknown';
}

/** The email's delivery, as the table shows it: queued, sending, sent, failed or bounced with the reason. */
export function DeliveryNote({ row }: { row: InvitationRow }) {
  if (!row.deliveryStatus) return null;
  if (row.deliveryStatus === 'sent') return <Tag color="green">Delivered</Tag>;
  if (row.status !== 'pending') return null;
  if (row.deliveryStatus === 'failed' || row.deliveryStatus === 'bounced') {
    const bounced = row.deliveryStatus === 'bounced';
    return (
      <span className={styles.deliveryFailure}>
        <Tag color="red">{bounced ? 'Bounced' : 'Delivery failed'}</Tag>
        <small>{row.lastError ?? (bounced ? 'The address was refused' : 'The mail server refused the message')}</small>
      </span>
    );
  }
  if (row.deliveryStatus === 'queued') return <Tag color="gold">Queued</Tag>;
  if (row.deliveryStatus === 'unknown') {
    return (
      <Tooltip title={row.lastError ?? undefined}>
        <Tag color="purple">Outcome unknown</Tag>
      </Tooltip>
    );
  }
  if (row.deliveryStatus === 'retrying') {
    return (
      <Tooltip title={row.lastError ?? undefined}>
        <Tag color="orange">Retrying</Tag>
      </Tooltip>
    );
  }
  return <Tag color="gold">Sending…</Tag>;
}

export function SendProgress({ batchId, onClose }: { batchId: string; onClose?: () => void }) {
  const progress = useBatchProgress(batchId);
  const client = useQueryClient();
  const data = progress.data?.data;
  const done = data?.done ?? false;
  useEffect(() => {
    if (done) void client.invalidateQueries({ queryKey: launchPartyKeys.invitations().slice(0, 3) });
  }, [done, client]);
  if (!data) return null;
  const finished = data.sent + data.failed + data.unknown;
  return (
    <div className={styles.progress} role="status">
      <Progress
        aria-label="Invitations sent"
        percent={Math.round((finished / Math.max(1, data.total)) * 100)}
        status={data.done ? (data.failed || data.unknown ? 'exception' : 'success') : 'active'}
        strokeColor="#c9a35b"
      />
      <span>
        {data.sent} of {data.total} sent
        {data.failed ? ` · ${data.failed} failed${data.bounced ? ` (${data.bounced} bounced)` : ''}` : ''}
        {data.unknown ? ` · ${data.unknown} outcome unknown (may have been delivered)` : ''}
        {data.done ? '' : ` · ${data.queued} queued`}
      </span>
      {data.done && onClose ? (
        <Button size="small" type="text" onClick={onClose}>
          Dismiss
        </Button>
      ) : null}
    </div>
  );
}

/** 'Invitations for {event}' or 'All Invitations': the table, create, send, send all pending, delete. */
export function InvitationsPanel({ events, eventId }: { events: LaunchEvent[]; eventId?: number }) {
  const invitations = useInvitations(eventId);
  const send = useSendInvitation();
  const remove = useDeleteInvitation();
  const sendPending = useSendPending();
  const { modal, notification } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [batchId, setBatchId] = useState<string | null>(null);
  const selected = events.find((e) => e.id === eventId);
  const rows = invitations.data?.data ?? [];

  const confirmSend = (row: InvitationRow) => {
    const interrupted = row.deliveryStatus === 'unknown';
    const again = row.deliveryStatus === 'failed' || row.deliveryStatus === 'bounced';
    modal.confirm({
      title: interrupted || again ? 'Send Invitation Again' : 'Send Invitation',
      content: interrupted
        ? `The last send to ${row.recipientName} was interrupted before the mail server answered, so it may have been delivered. Sending again may give ${row.recipientEmail} a second copy.`
        : `A real email will be sent to ${row.recipientName} at ${row.recipientEmail}.`,
      okText: interrupted || again ? 'Send Again' : 'Send Email',
      onOk: async () => {
        try {
          const answer = await send.mutateAsync(row.id);
          notification.success({
            title: 'Invitation sent',
            description: `The invitation to ${answer.data.recipientName} is on its way.`,
          });
        } catch (error) {
          notification.error({ title: 'Failed to send invitation', description: (error as Error).message });
        }
      },
    });
  };

  const deleteInvitation = async (row: InvitationRow) => {
    try {
      await remove.mutateAsync(row.id);
      notification.success({ title: 'Invitation deleted' });
    } catch (error) {
      notification.error({ title: 'Failed to delete invitation', description: (error as Error).message });
    }
  };

  const confirmSendPending = () => {
    if (!selected) return;
    const pending = rows.filter((r) => r.status === 'pending').length;
    modal.confirm({
      title: 'Send all pending invitations',
      content: `Real emails will be sent to the ${pending} pending ${pending === 1 ? 'guest' : 'guests'} of ${selected.name}.`,
      okText: 'Send Emails',
      onOk: async () => {
        try {
          const answer = await sendPending.mutateAsync(selected.id);
          setBatchId(answer.data.id);
        } catch (error) {
          notification.error({ title: 'Failed to send invitation', description: (error as Error).message });
        }
      },
    });
  };

  const columns: ColumnType<InvitationRow>[] = [
    { title: 'Name', dataIndex: 'recipientName', key: 'name', width: 200 },
    {
      title: 'Email',
      dataIndex: 'recipientEmail',
      key: 'email',
      width: 240,
      render: (email: string) => <EmailText email={email} />,
    },
    { title: 'Event', key: 'event', render: (_, row) => row.event.name },
    {
      title: 'Status',
      key: 'status',
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[row.status]}>{row.status}</Tag>
          <DeliveryNote row={row} />
        </Space>
      ),
    },
    {
      title: 'Sent At',
      dataIndex: 'sentAt',
      key: 'sentAt',
      width: 150,
      render: (value: string | null) => (value ? formatDateTime(value) : 'Not sent'),
    },
    { title: 'Max Guests', dataIndex: 'maxGuests', key: 'maxGuests' },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Space size={0}>
          <Tooltip title="Open invitation page">
            <Button
              type="text"
              icon={<ExportOutlined />}
              href={`/invitation/${row.invitationCode}`}
              target="_blank"
              rel="noopener"
              aria-label={`Open invitation for ${row.recipientName}`}
            />
          </Tooltip>
          {row.status === 'pending' ? (
            <Tooltip title={canSendAgain(row) ? 'Send again' : 'Send invitation'}>
              <Button
                type="text"
                icon={<SendOutlined />}
                onClick={() => confirmSend(row)}
                aria-label={`Send invitation to ${row.recipientName}`}
              />
            </Tooltip>
          ) : null}
          <Popconfirm
            title="Delete this invitation?"
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => deleteInvitation(row)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete invitation for ${row.recipientName}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <section>
      <div className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>{selected ? `Invitations for ${selected.name}` : 'All Invitations'}</h2>
        <Space wrap>
          {selected ? (
            <Button
              icon={<MailOutlined />}
              onClick={confirmSendPending}
              disabled={!rows.some((r) => r.status === 'pending')}
              loading={sendPending.isPending}
            >
              Send all pending
            </Button>
          ) : null}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={events.length === 0 && !selected}
            onClick={() => setCreating(true)}
          >
            Create Invitation
          </Button>
        </Space>
      </div>
      {batchId ? <SendProgress batchId={batchId} onClose={() => setBatchId(null)} /> : null}
      <ResponsiveTable<InvitationRow>
        headKey="name"
        actionsKey="actions"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={invitations.isLoading}
        scroll={{ x: 1040 }}
        locale={{
          emptyText: (
            <EmptyState size="small" title={invitations.isError ? invitations.error.message : 'No Invitations Yet'} />
          ),
        }}
      />
      <InvitationFormModal open={creating} events={events} eventId={eventId} onClose={() => setCreating(false)} />
    </section>
  );
}
