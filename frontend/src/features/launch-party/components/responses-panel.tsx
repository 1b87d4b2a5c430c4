import { Button, Descriptions, Modal, Spin, Tabs, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { EmailText } from '../../../lib/email-text';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useRsvps } from '../api/launch-party';
import type { RsvpRow } from '../api/types';
import { formatDateTime, formatEventDate } from './format';
import { ResponsiveTable } from './responsive-table';
import { WaitingListTable } from './waiting-list-table';

const AdminPaymentsTable = lazy(() => import('../../payments/admin-payments-table'));

const RSVP_COLORS: Record<string, string> = { attending: 'green', not_attending: 'orange', pending: 'gold' };
const RSVP_LABELS: Record<string, string> = {
  attending: 'Attending',
  not_attending: 'Not attending',
  pending: 'Awaiting payment',
};

function RsvpDetails({ rsvp, onClose }: { rsvp: RsvpRow | null; onClose: () => void }) {
  return (
    <Modal
      open={Boolean(rsvp)}
      title="RSVP Details"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {rsvp ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Guest">{rsvp.invitation.recipientName}</Descriptions.Item>
          <Descriptions.Item label="Email">
            <EmailText email={rsvp.invitation.recipientEmail} />
          </Descriptions.Item>
          {rsvp.invitation.recipientPhone ? (
            <Descriptions.Item label="Phone">{rsvp.invitation.recipientPhone}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label="Event">
            {rsvp.event.name} · {formatEventDate(rsvp.event.date)}
          </Descriptions.Item>
          <Descriptions.Item label="Status">
            <Tag color={RSVP_COLORS[rsvp.status]}>{RSVP_LABELS[rsvp.status] ?? rsvp.status}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="Guests">
            {rsvp.guestCount} of {rsvp.invitation.maxGuests}
          </Descriptions.Item>
          <Descriptions.Item label="Guest Names">
            {rsvp.guestNames.length ? rsvp.guestNames.join(', ') : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Dietary Restrictions">{rsvp.dietaryRestrictions || '—'}</Descriptions.Item>
          <Descriptions.Item label="Special Requests">{rsvp.specialRequests || '—'}</Descriptions.Item>
          <Descriptions.Item label="Responded">{formatDateTime(rsvp.respondedAt)}</Descriptions.Item>
          {rsvp.status === 'pending' && rsvp.holdExpiresAt ? (
            <Descriptions.Item label="Seats held until">{formatDateTime(rsvp.holdExpiresAt)}</Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
    </Modal>
  );
}

function RsvpsTable({ eventId }: { eventId?: number }) {
  const rsvps = useRsvps(eventId);
  const [details, setDetails] = useState<RsvpRow | null>(null);
  const columns: ColumnType<RsvpRow>[] = [
    { title: 'Guest', key: 'guest', render: (_, r) => r.invitation.recipientName },
    { title: 'Email', key: 'email', render: (_, r) => <EmailText email={r.invitation.recipientEmail} /> },
    { title: 'Event', key: 'event', render: (_, r) => r.event.name },
    {
      title: 'Status',
      key: 'status',
      render: (_, r) => <Tag color={RSVP_COLORS[r.status]}>{RSVP_LABELS[r.status] ?? r.status}</Tag>,
    },
    { title: 'Guests', dataIndex: 'guestCount', key: 'guestCount' },
    { title: 'Responded', key: 'respondedAt', render: (_, r) => formatDateTime(r.respondedAt) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, r) => (
        <Button size="small" onClick={() => setDetails(r)}>
          Details
        </Button>
      ),
    },
  ];
  return (
    <>
      <ResponsiveTable<RsvpRow>
        headKey="guest"
        actionsKey="actions"
        rowKey="id"
        columns={columns}
        dataSource={rsvps.data?.data ?? []}
        loading={rsvps.isLoading}
        scroll={{ x: 800 }}
        locale={{ emptyText: <EmptyState size="small" title={rsvps.isError ? rsvps.error.message : 'No RSVPs Yet'} /> }}
      />
      <RsvpDetails rsvp={details} onClose={() => setDetails(null)} />
    </>
  );
}

/** Responses: RSVPs and Payments, each with a Details dialog. */
export function ResponsesPanel({ eventId }: { eventId?: number }) {
  return (
    <Tabs
      items={[
        { key: 'rsvps', label: 'RSVPs', children: <RsvpsTable eventId={eventId} /> },
        {
          key: 'payments',
          label: 'Payments',
          children: (
            <Suspense fallback={<Spin />}>
              <AdminPaymentsTable eventId={eventId} />
            </Suspense>
          ),
        },
        {
          key: 'waiting-list',
          label: 'Waiting List',
          children: eventId ? (
            <WaitingListTable eventId={eventId} />
          ) : (
            <EmptyState size="small" title="Choose an event to see its waiting list" />
          ),
        },
      ]}
    />
  );
}
