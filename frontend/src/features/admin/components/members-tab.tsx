import { SearchOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@maison/shared';
import { Alert, App, Button, Grid, Input, Pagination, Select, Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useStaffSelf } from '../api/staff';
import { EmailText } from '../../../lib/email-text';
import { EmptyState } from '../../../lib/ui/empty-state';
import { ResponsiveTable } from '../../launch-party/responsive-table';
import { MemberNominationsDrawer } from '../../nominations';
import {
  TIER_NAMES,
  useMemberActions,
  useMembers,
  type MemberRow,
  type MemberStatus,
  type MembersFilter,
  type MemberTier,
  type OfferState,
} from '../../members';
import styles from './admin.module.css';

const STATUS_NAMES: Record<MemberStatus, string> = { offered: 'Offered', active: 'Active', suspended: 'Suspended' };
const STATUS_COLOURS: Record<MemberStatus, string | undefined> = {
  offered: undefined,
  active: 'gold',
  suspended: 'red',
};
const OFFER_NAMES: Record<OfferState, string> = {
  pending: 'Pending',
  used: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
};
const TIERS = (Object.entries(TIER_NAMES) as [MemberTier, string][]).map(([value, label]) => ({ value, label }));

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function offerText(row: MemberRow): string {
  if (!row.offer) return '—';
  const state = OFFER_NAMES[row.offer.state];
  return row.offer.state === 'pending' ? `${state} until ${formatDate(row.offer.expiresAt)}` : state;
}

/** Members tab: the members and their offers, searched and paged on the server; what staff may change on each. */
export default function MembersTab() {
  const wide = Grid.useBreakpoint().md !== false;
  const { message, modal } = App.useApp();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [status, setStatus] = useState<MemberStatus | undefined>();
  const [tier, setTier] = useState<MemberTier | undefined>();
  const [pageSize, setPageSize] = useState(20);
  const [nominationsOf, setNominationsOf] = useState<MemberRow | null>(null);
  const filter: MembersFilter = { search: q || undefined, status, tier };

  // A new search or filter starts again at page 1.
  const filterKey = JSON.stringify(filter);
  const [paging, setPaging] = useState({ page: 1, key: filterKey });
  const page = paging.key === filterKey ? paging.page : 1;

  const query = useMembers(filter, page, pageSize);
  const actions = useMemberActions();
  // A concierge reads the members; only those who offer membership change them.
  const rights = useStaffSelf().data?.rights;
  const mayChange = rights?.includes('members:offer') === true;
  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  const run = async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
      message.success(done);
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'Request failed');
    }
  };

  const confirm = (title: string, content: string, okText: string, change: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText: 'Cancel',
      okButtonProps: { danger: true },
      onOk: () => run(change, done),
    });

  const columns: ColumnType<MemberRow>[] = [
    { title: 'Name', key: 'name', dataIndex: 'name' },
    { title: 'Email', key: 'email', dataIndex: 'email', render: (email: string) => <EmailText email={email} /> },
    {
      title: 'Tier',
      key: 'tier',
      render: (_, row) =>
        mayChange ? (
          <Select
            size="small"
            aria-label={`Tier of ${row.name}`}
            value={row.tier}
            options={TIERS}
            popupMatchSelectWidth={false}
            onChange={(next: MemberTier) =>
              void run(
                () => actions.update.mutateAsync({ id: row.id, tier: next }),
                `${row.name} is now ${TIER_NAMES[next]}`,
              )
            }
          />
        ) : (
          TIER_NAMES[row.tier]
        ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, row) => <Tag color={STATUS_COLOURS[row.status]}>{STATUS_NAMES[row.status]}</Tag>,
    },
    {
      title: 'Joined',
      key: 'joinedAt',
      className: styles.nowrap,
      render: (_, row) => (row.joinedAt ? formatDate(row.joinedAt) : '—'),
    },
    {
      title: 'Last Seen',
      key: 'lastSeenAt',
      className: styles.nowrap,
      render: (_, row) => (row.lastSeenAt ? formatDateTime(row.lastSeenAt) : '—'),
    },
    { title: 'Offer', key: 'offer', render: (_, row) => offerText(row) },
  ];
  // Nominees are waitlist entries: shown to those who may read the waitlist.
  if (rights?.includes('waitlist'))
    columns.push({
      title: 'Nominations',
      key: 'nominations',
      render: (_, row) => (
        <Button size="small" aria-label={`Nominations of ${row.name}`} onClick={() => setNominationsOf(row)}>
          View
        </Button>
      ),
    });
  if (mayChange)
    columns.push({
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Space wrap size={[8, 4]}>
          {row.status === 'offered' ? (
            <>
              <Button
                size="small"
                onClick={() =>
                  void run(() => actions.resend.mutateAsync(row.id), `A new offer is on its way to ${row.email}`)
                }
              >
                Resend Offer
              </Button>
              {row.offer?.state === 'pending' ? (
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    confirm(
                      'Revoke Offer',
                      `Revoke the offer to ${row.email}? Its link will no longer open.`,
                      'Revoke',
                      () => actions.revoke.mutateAsync(row.id),
                      'Offer revoked',
                    )
                  }
                >
                  Revoke Offer
                </Button>
              ) : null}
            </>
          ) : row.status === 'active' ? (
            <Button
              size="small"
              danger
              onClick={() =>
                confirm(
                  'Suspend Member',
                  `Suspend ${row.name}? They are signed out on every device at once and cannot sign in until reactivated.`,
                  'Suspend',
                  () => actions.update.mutateAsync({ id: row.id, status: 'suspended' }),
                  `${row.name} is suspended`,
                )
              }
            >
              Suspend
            </Button>
          ) : (
            <Button
              size="small"
              onClick={() =>
                void run(
                  () => actions.update.mutateAsync({ id: row.id, status: 'active' }),
                  `${row.name} is active again`,
                )
              }
            >
              Reactivate
            </Button>
          )}
        </Space>
      ),
    });

  return (
    <section aria-label="Members">
      <div className={styles.filters} role="group" aria-label="Filter the members">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search by name or email"
          aria-label="Search the members"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={styles.search}
        />
        <Select
          allowClear
          placeholder="Any status"
          aria-label="Status"
          value={status}
          onChange={(value?: MemberStatus) => setStatus(value)}
          options={(Object.entries(STATUS_NAMES) as [MemberStatus, string][]).map(([value, label]) => ({
            value,
            label,
          }))}
          className={styles.filter}
        />
        <Select
          allowClear
          placeholder="Any tier"
          aria-label="Tier"
          value={tier}
          onChange={(value?: MemberTier) => setTier(value)}
          options={TIERS}
          className={styles.filter}
        />
      </div>

      {query.isError && query.error.status !== 401 && (
        <Alert type="error" showIcon title={query.error.message} className={styles.error} />
      )}

      <ResponsiveTable<MemberRow>
        rowKey="id"
        headKey="name"
        actionsKey="actions"
        columns={columns}
        dataSource={rows}
        loading={query.isPending}
        pageSize={pageSize}
        size="middle"
        locale={{
          emptyText: (
            <EmptyState
              size="small"
              title="No members found."
              description="Offer membership from the Waitlist tab: choose rows, then Offer Membership."
            />
          ),
        }}
      />
      {total > 0 && (
        <div className={styles.pagination}>
          <Pagination
            current={page}
            pageSize={pageSize}
            total={total}
            size="small"
            showSizeChanger={wide}
            pageSizeOptions={[10, 20, 50, 100]}
            showTotal={(n) => `${n.toLocaleString('en-US')} ${n === 1 ? 'member' : 'members'}`}
            onChange={(p, size) => {
              setPaging({ page: size !== pageSize ? 1 : p, key: filterKey });
              setPageSize(size);
            }}
          />
        </div>
      )}
      <MemberNominationsDrawer member={nominationsOf} onClose={() => setNominationsOf(null)} />
    </section>
  );
}
