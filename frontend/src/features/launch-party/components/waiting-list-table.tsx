import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useAdminQuery } from '../../../api/admin-client';
import { EmailText } from '../../../lib/email-text';
import { EmptyState } from '../../../lib/ui/empty-state';
import type { ApiSchema } from '../../../api/types';
import { launchPartyKeys } from '../api/launch-party';
import type { Page } from '../api/types';
import { formatDateTime } from './format';
import { ResponsiveTable } from './responsive-table';

type WaitingListRow = ApiSchema<'WaitingListAdminRow'>;

const STATUS: Record<WaitingListRow['status'], { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'blue' },
  offered: { label: 'Offer held', color: 'gold' },
  claimed: { label: 'Claimed', color: 'green' },
  expired: { label: 'Offer expired', color: 'default' },
  declined: { label: 'Declined offer', color: 'orange' },
  left: { label: 'Left the list', color: 'default' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

function useWaitingList(eventId: number) {
  return useAdminQuery<Page<WaitingListRow>>(
    [...launchPartyKeys.all, 'waiting-list', eventId],
    `/api/admin/events/${eventId}/waiting-list?pageSize=500`,
    // Offers are made and end on the server's own time: follow them while the tab is open.
    { refetchInterval: 15_000 },
  );
}

/** An event's waiting list, in the order of the line: positions, offers and when they end. */
export function WaitingListTable({ eventId }: { eventId: number }) {
  const list = useWaitingList(eventId);
  const columns: ColumnType<WaitingListRow>[] = [
    { title: 'Position', key: 'position', width: 90, render: (_, r) => r.position ?? '—' },
    { title: 'Guest', key: 'guest', render: (_, r) => r.invitation.recipientName },
    { title: 'Email', key: 'email', render: (_, r) => <EmailText email={r.invitation.recipientEmail} /> },
    { title: 'Party', dataIndex: 'guestCount', key: 'guestCount', width: 80 },
    {
      title: 'Status',
      key: 'status',
      render: (_, r) => <Tag color={STATUS[r.status].color}>{STATUS[r.status].label}</Tag>,
    },
    { title: 'Joined', key: 'joinedAt', render: (_, r) => formatDateTime(r.joinedAt) },
    {
      title: 'Offer',
      key: 'offer',
      render: (_, r) =>
        r.offeredAt && r.offerExpiresAt
          ? `${formatDateTime(r.offeredAt)} → ${r.status === 'offered' ? 'held until ' : ''}${formatDateTime(r.offerExpiresAt)}`
          : '—',
    },
  ];
  return (
    <ResponsiveTable<WaitingListRow>
      headKey="guest"
      rowKey="id"
      columns={columns}
      dataSource={list.data?.data ?? []}
      loading={list.isLoading}
      scroll={{ x: 900 }}
      locale={{
        emptyText: <EmptyState size="small" title={list.isError ? list.error.message : 'No One Is Waiting'} />,
      }}
    />
  );
}
