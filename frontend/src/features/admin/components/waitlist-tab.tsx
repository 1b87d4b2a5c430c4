import { CrownOutlined, DownloadOutlined, MailOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Grid,
  Input,
  Pagination,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  type TableProps,
} from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { adminDownload, useAdminQuery } from '../../../api/admin-client';
import { EmailText } from '../../../lib/email-text';
import { EmptyState } from '../../../lib/ui/empty-state';
import styles from './admin.module.css';
import own from './waitlist-tab.module.css';
import {
  displayName,
  formatCreated,
  formatNetWorth,
  nominatorName,
  type AdminWaitlistEntry,
  type WaitlistNomination,
} from './waitlist-format';

interface WaitlistPage {
  data: AdminWaitlistEntry[];
  /** Every entry, or the matches of a search counted up to the server's limit. */
  total: number;
  /** The search matched more than `total` entries: narrow it to see them all. */
  totalCapped?: boolean;
}

type Sort = '-createdAt' | 'createdAt' | 'email' | '-email' | '-netWorth' | 'netWorth' | 'nominatedBy';

const EMPTY_TEXT = 'No waitlist entries found.';

// The invite dialog belongs to the launch-party feature (it owns invitations); loaded when opened.
const WaitlistInviteModal = lazy(() => import('../../launch-party/waitlist-invite-modal'));
// 'Offer Membership' belongs to the members feature; loaded when opened.
const OfferMembershipModal = lazy(() => import('../../members/offer-membership-modal'));

interface Filters {
  source?: string;
  utmCampaign?: string;
  signedUpFrom?: string;
  signedUpTo?: string;
  confirmed?: 'confirmed' | 'unconfirmed';
  nominatedBy?: string;
}

const CONFIRMATION_CHOICES = [
  { value: 'all', label: 'All sign-ups' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'unconfirmed', label: 'Unconfirmed' },
];

/** Whether the person confirmed through the welcome email's link, and when. */
function Confirmation({ confirmedAt }: { confirmedAt: string | null }) {
  return confirmedAt ? <span>{formatCreated(confirmedAt)}</span> : <span className={own.muted}>Unconfirmed</span>;
}

/**
 * The nominating member; a suspect nomination is marked, its reasons on hover or focus (in the
 * table) or written out beneath (on a phone's card, where nothing hovers).
 */
function Nomination({
  nomination,
  reasonsShown = false,
}: {
  nomination: WaitlistNomination | null;
  reasonsShown?: boolean;
}) {
  if (!nomination) return <span className={own.muted}>—</span>;
  const reasons = `Suspect, not credited: ${nomination.reasons.join('; ') || 'no reason given'}`;
  return (
    <span className={own.nomination}>
      <span>{nominatorName(nomination)}</span>
      {nomination.status === 'suspect' ? (
        reasonsShown ? (
          <>
            <Tag color="error" className={own.suspect}>
              Suspect
            </Tag>
            <span className={own.reasons}>{reasons}</span>
          </>
        ) : (
          <Tooltip title={reasons}>
            <Tag color="error" className={own.suspect} tabIndex={0} aria-label={reasons}>
              Suspect
            </Tag>
          </Tooltip>
        )
      ) : null}
    </span>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Waitlist tab: server-side pages, sorting and search; a table on wide screens, cards on narrow ones. */
export function WaitlistTab() {
  const screens = Grid.useBreakpoint();
  // Table from 768 px (antd's md breakpoint), cards below.
  const wide = screens.md !== false;
  const { message } = App.useApp();
  const [pageSize, setPageSize] = useState(20);
  const [sort, setSort] = useState<Sort>('-createdAt');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [exporting, setExporting] = useState(false);
  const [filters, setFilters] = useState<Filters>({});
  const setFilter = (name: keyof Filters, value: string | undefined) =>
    setFilters((current) => ({ ...current, [name]: value || undefined }));
  const [chosen, setChosen] = useState<string[]>([]);
  const [inviting, setInviting] = useState<null | 'chosen' | 'all'>(null);
  const [offering, setOffering] = useState<null | 'chosen' | 'all'>(null);
  const choices = useAdminQuery<{
    data: { sources: string[]; utmCampaigns: string[]; nominators: Array<{ id: string; name: string }> };
  }>(['admin', 'waitlist', 'filters'], '/api/admin/waitlist/filters', { staleTime: 60_000 });

  // A new search, filter or sort starts again at page 1.
  const filterKey = `${q}|${sort}|${JSON.stringify(filters)}`;
  const [paging, setPaging] = useState({ page: 1, key: filterKey });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, key: filterKey });

  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sort });
  if (q) params.set('q', q);
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const query = useAdminQuery<WaitlistPage>(
    ['admin', 'waitlist', page, pageSize, sort, q, filters],
    `/api/admin/waitlist?${params}`,
    {
      placeholderData: keepPreviousData,
    },
  );
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const capped = query.data?.totalCapped === true;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await adminDownload('/api/admin/waitlist/export-link');
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'Request failed');
    } finally {
      setExporting(false);
    }
  };

  const sortOrder = (field: 'createdAt' | 'email' | 'netWorth') =>
    sort === field ? ('ascend' as const) : sort === `-${field}` ? ('descend' as const) : null;

  const columns: TableProps<AdminWaitlistEntry>['columns'] = [
    { title: 'Name', key: 'name', render: (_, entry) => displayName(entry) },
    {
      title: 'Email',
      dataIndex: 'email',
      key: 'email',
      sorter: true,
      sortOrder: sortOrder('email'),
      render: (email: string) => <EmailText email={email} />,
    },
    {
      title: 'Phone',
      dataIndex: 'phone',
      key: 'phone',
      className: styles.nowrap,
      render: (phone: string | null) => phone || '—',
    },
    {
      title: 'Net Worth',
      dataIndex: 'netWorth',
      key: 'netWorth',
      className: styles.nowrap,
      sorter: true,
      sortOrder: sortOrder('netWorth'),
      render: (value: number | null) => formatNetWorth(value),
    },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      key: 'createdAt',
      className: styles.nowrap,
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: (value: string) => formatCreated(value),
    },
    {
      title: 'Confirmed',
      dataIndex: 'confirmedAt',
      key: 'confirmedAt',
      className: styles.nowrap,
      render: (value: string | null) => <Confirmation confirmedAt={value} />,
    },
    {
      title: 'Nominated By',
      dataIndex: 'nominatedBy',
      key: 'nominatedBy',
      sorter: true,
      // One order: nominated entries first, grouped by member, newest first.
      sortDirections: ['ascend'],
      sortOrder: sort === 'nominatedBy' ? ('ascend' as const) : null,
      render: (value: WaitlistNomination | null) => <Nomination nomination={value} />,
    },
  ];

  const onTableChange: TableProps<AdminWaitlistEntry>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.columnKey as 'createdAt' | 'email' | 'netWorth' | 'nominatedBy' | undefined;
    if (!field || !one.order) setSort('-createdAt');
    else if (field === 'nominatedBy') setSort('nominatedBy');
    else setSort((one.order === 'ascend' ? field : `-${field}`) as Sort);
  };

  const pagination = (
    <Pagination
      current={page}
      pageSize={pageSize}
      total={total}
      size="small"
      showSizeChanger={wide}
      pageSizeOptions={[10, 20, 50, 100]}
      showTotal={(n) =>
        capped
          ? `More than ${n.toLocaleString('en-US')} entries`
          : `${n.toLocaleString('en-US')} ${n === 1 ? 'entry' : 'entries'}`
      }
      onChange={(p, size) => {
        setPage(size !== pageSize ? 1 : p);
        setPageSize(size);
      }}
    />
  );

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...new Set([...current, id])] : current.filter((c) => c !== id)));

  return (
    <section aria-label="Waitlist">
      <div className={styles.toolbar}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search by name, email or phone"
          aria-label="Search the waitlist"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={styles.search}
        />
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting}>
            Export CSV
          </Button>
        </Space>
      </div>
      <div className={styles.filters} role="group" aria-label="Filter the waitlist">
        <Select
          allowClear
          placeholder="Any source"
          aria-label="Source"
          value={filters.source}
          onChange={(value?: string) => setFilter('source', value)}
          options={(choices.data?.data.sources ?? []).map((v) => ({ value: v, label: v }))}
          className={styles.filter}
        />
        <Select
          allowClear
          placeholder="Any UTM campaign"
          aria-label="UTM campaign"
          value={filters.utmCampaign}
          onChange={(value?: string) => setFilter('utmCampaign', value)}
          options={(choices.data?.data.utmCampaigns ?? []).map((v) => ({ value: v, label: v }))}
          className={styles.filter}
        />
        <Select
          aria-label="Confirmation"
          value={filters.confirmed ?? 'all'}
          onChange={(value: string) => setFilter('confirmed', value === 'all' ? undefined : value)}
          options={CONFIRMATION_CHOICES}
          className={styles.filter}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Nominated by anyone"
          aria-label="Nominated by"
          value={filters.nominatedBy}
          onChange={(value?: string) => setFilter('nominatedBy', value)}
          options={(choices.data?.data.nominators ?? []).map((m) => ({ value: m.id, label: m.name }))}
          notFoundContent="No nominations yet"
          className={styles.filter}
        />
        <div className={own.dates}>
          <label className={styles.dateFilter}>
            <span>Signed up from</span>
            <Input
              type="date"
              value={filters.signedUpFrom ?? ''}
              onChange={(e) => setFilter('signedUpFrom', e.target.value)}
            />
          </label>
          <label className={styles.dateFilter}>
            <span>to</span>
            <Input
              type="date"
              value={filters.signedUpTo ?? ''}
              onChange={(e) => setFilter('signedUpTo', e.target.value)}
            />
          </label>
        </div>
      </div>
      <div className={styles.selectionBar} aria-live="polite">
        <span>
          {chosen.length
            ? `${chosen.length.toLocaleString('en-US')} selected`
            : 'Select rows to invite or offer membership, or act on every row matching the search and filters.'}
        </span>
        <Space wrap>
          {chosen.length ? (
            <>
              <Button type="text" onClick={() => setChosen([])}>
                Clear selection
              </Button>
              <Button icon={<CrownOutlined />} onClick={() => setOffering('chosen')}>
                Offer Membership
              </Button>
              <Button type="primary" icon={<MailOutlined />} onClick={() => setInviting('chosen')}>
                Invite to event
              </Button>
            </>
          ) : (
            <>
              <Button icon={<CrownOutlined />} disabled={total === 0 || capped} onClick={() => setOffering('all')}>
                {`Offer Membership to all ${total.toLocaleString('en-US')}`}
              </Button>
              <Button icon={<MailOutlined />} disabled={total === 0 || capped} onClick={() => setInviting('all')}>
                {`Invite all ${total.toLocaleString('en-US')} matching`}
              </Button>
            </>
          )}
        </Space>
      </div>
      {capped ? (
        <p className={styles.hint}>
          Narrow the search to invite every match: it matches more entries than are counted.
        </p>
      ) : null}
      {inviting ? (
        <Suspense fallback={null}>
          <WaitlistInviteModal
            open
            selection={{
              ids: inviting === 'chosen' ? chosen : null,
              count: inviting === 'chosen' ? chosen.length : total,
              filter: { q: q || undefined, ...filters },
            }}
            onClose={() => setInviting(null)}
            onInvited={() => setChosen([])}
          />
        </Suspense>
      ) : null}

      {offering ? (
        <Suspense fallback={null}>
          <OfferMembershipModal
            selection={{
              ids: offering === 'chosen' ? chosen : null,
              count: offering === 'chosen' ? chosen.length : total,
              filter: { q: q || undefined, ...filters },
            }}
            onClose={() => setOffering(null)}
            onOffered={() => setChosen([])}
          />
        </Suspense>
      ) : null}

      {query.isError && query.error.status !== 401 && (
        <Alert type="error" showIcon title={query.error.message} className={styles.error} />
      )}

      {wide ? (
        // No horizontal scroll (the emails wrap instead): with one, Ant Design copies the select-all
        // box into a hidden measuring row, where the keyboard still reaches it.
        <Table<AdminWaitlistEntry>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          pagination={false}
          onChange={onTableChange}
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setChosen(keys as string[]),
          }}
          locale={{ emptyText: <EmptyState size="small" title={EMPTY_TEXT} /> }}
          size="middle"
        />
      ) : rows.length === 0 && !query.isFetching ? (
        <EmptyState size="small" title={EMPTY_TEXT} />
      ) : (
        <ul className={styles.cards} aria-busy={query.isFetching}>
          {rows.map((entry) => (
            <li key={entry.id}>
              <Card
                size="small"
                title={
                  <Checkbox checked={chosen.includes(entry.id)} onChange={(e) => toggle(entry.id, e.target.checked)}>
                    {displayName(entry)}
                  </Checkbox>
                }
                className={styles.card}
              >
                <dl className={styles.facts}>
                  <dt>Email</dt>
                  <dd>
                    <EmailText email={entry.email} />
                  </dd>
                  <dt>Phone</dt>
                  <dd>{entry.phone || '—'}</dd>
                  <dt>Net Worth</dt>
                  <dd>{formatNetWorth(entry.netWorth)}</dd>
                  <dt>Created</dt>
                  <dd>{formatCreated(entry.createdAt)}</dd>
                  <dt>Confirmed</dt>
                  <dd>
                    <Confirmation confirmedAt={entry.confirmedAt} />
                  </dd>
                  <dt>Nominated By</dt>
                  <dd>
                    <Nomination nomination={entry.nominatedBy} reasonsShown />
                  </dd>
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {total > 0 && <div className={styles.pagination}>{pagination}</div>}
    </section>
  );
}
