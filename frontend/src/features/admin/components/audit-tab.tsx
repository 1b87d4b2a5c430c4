import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { formatDateTime } from '@maison/shared';
import { Alert, App, Button, Grid, Input, Pagination, Select, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../lib/ui/empty-state';
import { ResponsiveTable } from '../../launch-party/responsive-table';
import { downloadAuditCsv, useAuditLog, type AuditFilter, type AuditItem } from '../api/audit';
import { ROLE_NAMES, useStaffAccounts, type StaffRole } from '../api/staff';
import styles from './admin.module.css';
import own from './audit-tab.module.css';

/** What an action's target is, as the house names it. */
const TARGET_NAMES: Record<string, string> = {
  vendor: 'Vendor',
  'vendor-application': 'Application',
  event: 'Event',
  invitation: 'Invitation',
  rsvp: 'Guest',
  payment: 'Payment',
  request: 'Request',
  'site-setting': 'Site setting',
  waitlist: 'Waitlist',
  staff: 'Staff account',
  member: 'Member',
};

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Changes({ changes }: { changes: AuditItem['changes'] }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <>—</>;
  return (
    <ul className={own.changes}>
      {entries.map(([field, [before, after]]) => (
        <li key={field}>
          <span className={own.field}>{field}</span> {shown(before)} → {shown(after)}
        </li>
      ))}
    </ul>
  );
}

/** The Audit tab (owners): who did what, when, from where, filtered and paged on the server, and its CSV. */
export default function AuditTab() {
  const wide = Grid.useBreakpoint().md !== false;
  const { message } = App.useApp();
  const staff = useStaffAccounts();
  const [actor, setActor] = useState<string | undefined>();
  const [actionText, setActionText] = useState('');
  const [targetType, setTargetType] = useState<string | undefined>();
  const [targetText, setTargetText] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pageSize, setPageSize] = useState(20);
  const [exporting, setExporting] = useState(false);
  const action = useDebounced(actionText.trim(), 300);
  const targetId = useDebounced(targetText.trim(), 300);
  const filter: AuditFilter = {
    actor,
    action: action || undefined,
    targetType,
    targetId: targetId || undefined,
    from: from || undefined,
    to: to || undefined,
  };

  // A new filter starts again at page 1.
  const filterKey = JSON.stringify(filter);
  const [paging, setPaging] = useState({ page: 1, key: filterKey });
  const page = paging.key === filterKey ? paging.page : 1;

  const query = useAuditLog(filter, page, pageSize);
  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(filter);
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'Request failed');
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnType<AuditItem>[] = [
    {
      title: 'When',
      key: 'at',
      className: styles.nowrap,
      render: (_, row) => formatDateTime(row.at),
    },
    {
      title: 'Person',
      key: 'actor',
      render: (_, row) =>
        row.actorName ? (
          <span className={own.actor}>
            {row.actorName}
            {row.actorRole ? <Tag>{ROLE_NAMES[row.actorRole as StaffRole] ?? row.actorRole}</Tag> : null}
          </span>
        ) : (
          'Unknown'
        ),
    },
    { title: 'Action', key: 'action', render: (_, row) => <code className={own.action}>{row.action}</code> },
    {
      title: 'Target',
      key: 'target',
      render: (_, row) =>
        row.targetType ? `${TARGET_NAMES[row.targetType] ?? row.targetType} ${row.targetId ?? ''}`.trim() : '—',
    },
    { title: 'Changes', key: 'changes', render: (_, row) => <Changes changes={row.changes} /> },
    { title: 'Address', key: 'clientIp', render: (_, row) => row.clientIp ?? '—' },
  ];

  return (
    <section aria-label="Audit log">
      <div className={styles.filters} role="group" aria-label="Filter the audit log">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="Anyone"
          aria-label="Person"
          value={actor}
          onChange={(value?: string) => setActor(value)}
          loading={staff.isPending}
          options={(staff.data?.data ?? []).map((account) => ({ value: account.id, label: account.displayName }))}
          className={styles.filter}
        />
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Action, e.g. vendor.update"
          aria-label="Action"
          value={actionText}
          onChange={(e) => setActionText(e.target.value)}
          className={styles.filter}
        />
        <Select
          allowClear
          placeholder="Any target"
          aria-label="Target type"
          value={targetType}
          onChange={(value?: string) => setTargetType(value)}
          options={Object.entries(TARGET_NAMES).map(([value, label]) => ({ value, label }))}
          className={styles.filter}
        />
        <Input
          allowClear
          placeholder="Target id"
          aria-label="Target id"
          value={targetText}
          onChange={(e) => setTargetText(e.target.value)}
          className={styles.filter}
        />
        <label className={styles.dateFilter}>
          <span>From</span>
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className={styles.dateFilter}>
          <span>to</span>
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </div>

      {query.isError && query.error.status !== 401 && (
        <Alert type="error" showIcon title={query.error.message} className={styles.error} />
      )}

      <ResponsiveTable<AuditItem>
        rowKey="id"
        headKey="action"
        columns={columns}
        dataSource={rows}
        loading={query.isPending}
        pageSize={pageSize}
        size="middle"
        locale={{
          emptyText: (
            <EmptyState
              size="small"
              title="No actions recorded."
              description="Every change made by staff appears here, with who made it and when."
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
            showTotal={(n) => `${n.toLocaleString('en-US')} ${n === 1 ? 'action' : 'actions'}`}
            onChange={(p, size) => {
              setPaging({ page: size !== pageSize ? 1 : p, key: filterKey });
              setPageSize(size);
            }}
          />
        </div>
      )}
    </section>
  );
}
