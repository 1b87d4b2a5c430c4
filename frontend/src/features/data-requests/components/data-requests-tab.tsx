import { PlusOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@maison/shared';
import { Alert, App, Button, Input, Modal, Pagination, Radio, Segmented } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../lib/ui/empty-state';
import { ResponsiveTable } from '../../launch-party/responsive-table';
import {
  KIND_NAMES,
  REQUESTER_NAMES,
  STATUS_NAMES,
  useDataRequestActions,
  useDataRequestQueue,
  type DataRequest,
  type DataRequestKind,
} from '../api/data-requests';
import styles from './data-requests.module.css';

const PAGE_SIZE = 20;

function readable(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Please try again.';
}

/** The 30-day clock as staff read it: days left, due soon in gold, overdue in red. */
function Clock({ request }: { request: DataRequest }) {
  if (request.daysLeft === null) {
    return (
      <span className={styles.muted}>{request.completedAt ? `Answered ${formatDate(request.completedAt)}` : '—'}</span>
    );
  }
  if (request.overdue) {
    const late = Math.max(1, -request.daysLeft);
    return <span className={styles.overdue}>Overdue by {late === 1 ? '1 day' : `${late} days`}</span>;
  }
  const left = request.daysLeft === 1 ? '1 day left' : `${request.daysLeft} days left`;
  return <span className={request.daysLeft <= 7 ? styles.soon : styles.clock}>{left}</span>;
}

/** 'waitlist.entries' → 'waitlist entries'; 'membership.signInEmails' → 'membership sign in emails'. */
const countName = (key: string) =>
  key
    .replace(/\./g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/-/g, ' ')
    .toLowerCase();

/** What an answered request touched: the rows exported or erased, by part of the club (none at zero). */
function Counts({ counts, kind }: { counts: Record<string, number>; kind: DataRequestKind }) {
  const entries = Object.entries(counts).filter(([, value]) => value > 0);
  if (entries.length === 0) return null;
  return (
    <p className={styles.counts}>
      {kind === 'export' ? 'Exported: ' : 'Erased: '}
      {entries.map(([key, value]) => `${countName(key)} ${value}`).join(' · ')}
    </p>
  );
}

/**
 * The Data Requests tab (owners): people's requests for a copy of their data or its erasure, open
 * ones soonest due first, each with its 30-day clock. An owner carries one out, refuses it saying
 * why, or starts one for a person who asked by letter or telephone. Every action is audited.
 */
export default function DataRequestsTab() {
  const { message, modal } = App.useApp();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [page, setPage] = useState(1);
  const queue = useDataRequestQueue(status, page, PAGE_SIZE);
  const actions = useDataRequestActions();
  const [refusing, setRefusing] = useState<DataRequest | null>(null);
  const [note, setNote] = useState('');
  const [refuseError, setRefuseError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startEmail, setStartEmail] = useState('');
  const [startKind, setStartKind] = useState<DataRequestKind>('export');
  const [startNote, setStartNote] = useState('');
  const [startError, setStartError] = useState<string | null>(null);

  const rows = queue.data?.data ?? [];
  const total = queue.data?.total ?? 0;

  const complete = (request: DataRequest) => {
    const erasure = request.kind === 'erasure';
    modal.confirm({
      title: erasure ? 'Erase This Person Now' : 'Send the Copy Now',
      content: erasure
        ? `Everything held about ${request.email ?? 'this person'} is removed from every part of the club in one step; payments keep their amounts and dates only. This cannot be undone.`
        : `A copy of everything held about ${request.email ?? 'this person'} is prepared and emailed to them, with a link valid 24 hours.`,
      okText: erasure ? 'Erase Now' : 'Send Copy',
      okButtonProps: erasure ? { danger: true } : undefined,
      cancelText: 'Cancel',
      onOk: () =>
        actions.complete.mutateAsync(request.id).then(
          () => message.success(erasure ? 'Erased' : 'The copy is on its way'),
          (error: unknown) => message.error(readable(error)),
        ),
    });
  };

  const refuse = () => {
    if (!refusing) return;
    if (!note.trim()) {
      setRefuseError('Please say why the request is refused');
      return;
    }
    actions.refuse.mutate(
      { id: refusing.id, note: note.trim() },
      {
        onSuccess: () => {
          setRefusing(null);
          setNote('');
          setRefuseError(null);
          message.success('Request refused');
        },
        onError: (error) =>
          setRefuseError(error instanceof ApiError ? (error.fields.note ?? error.message) : readable(error)),
      },
    );
  };

  const start = () => {
    setStartError(null);
    actions.start.mutate(
      { kind: startKind, email: startEmail.trim(), ...(startNote.trim() ? { notes: startNote.trim() } : {}) },
      {
        onSuccess: (request) => {
          setStarting(false);
          setStartEmail('');
          setStartNote('');
          message.success(request.kind === 'erasure' ? 'Erased' : 'The copy is on its way');
        },
        onError: (error) =>
          setStartError(error instanceof ApiError ? (error.fields.email ?? error.message) : readable(error)),
      },
    );
  };

  const columns: ColumnType<DataRequest>[] = [
    {
      title: 'Person',
      key: 'person',
      render: (_, row) => row.email ?? <span className={styles.muted}>Erased</span>,
    },
    { title: 'Request', key: 'kind', render: (_, row) => KIND_NAMES[row.kind] },
    { title: 'Received', key: 'receivedAt', render: (_, row) => formatDateTime(row.receivedAt) },
    { title: 'From', key: 'requestedBy', render: (_, row) => REQUESTER_NAMES[row.requestedBy] },
    { title: 'Status', key: 'status', render: (_, row) => STATUS_NAMES[row.status] },
    { title: 'Clock', key: 'clock', render: (_, row) => <Clock request={row} /> },
    {
      title: 'Details',
      key: 'notes',
      render: (_, row) => (
        <>
          {row.notes ?? null}
          <Counts counts={row.counts} kind={row.kind} />
        </>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) =>
        row.daysLeft === null ? null : (
          <div className={styles.rowActions}>
            <Button size="small" danger={row.kind === 'erasure'} onClick={() => complete(row)}>
              {row.kind === 'erasure' ? 'Erase Now' : 'Send Copy'}
            </Button>
            <Button size="small" onClick={() => setRefusing(row)}>
              Refuse
            </Button>
          </div>
        ),
    },
  ];

  return (
    <section aria-label="Data requests">
      <div className={styles.toolbar}>
        <Segmented
          aria-label="Which requests"
          value={status}
          onChange={(value) => {
            setStatus(value as 'open' | 'all');
            setPage(1);
          }}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'all', label: 'All' },
          ]}
        />
        <Button icon={<PlusOutlined />} onClick={() => setStarting(true)}>
          Start a Request
        </Button>
      </div>

      {queue.isError && queue.error.status !== 401 ? <Alert type="error" showIcon title={queue.error.message} /> : null}

      <ResponsiveTable<DataRequest>
        rowKey="id"
        headKey="person"
        actionsKey="actions"
        columns={columns}
        dataSource={rows}
        loading={queue.isPending}
        pageSize={PAGE_SIZE}
        size="middle"
        locale={{
          emptyText: (
            <EmptyState
              size="small"
              title={status === 'open' ? 'No requests waiting.' : 'No data requests yet.'}
              description="When someone asks for a copy of their data or its erasure, it appears here with 30 days on its clock."
            />
          ),
        }}
      />
      {total > PAGE_SIZE ? (
        <Pagination current={page} pageSize={PAGE_SIZE} total={total} size="small" onChange={setPage} />
      ) : null}

      <Modal
        open={refusing !== null}
        title="Refuse the Request"
        onCancel={() => {
          setRefusing(null);
          setNote('');
          setRefuseError(null);
        }}
        okText="Refuse"
        okButtonProps={{ loading: actions.refuse.isPending }}
        onOk={refuse}
        cancelText="Cancel"
        destroyOnHidden
      >
        <p className={styles.modalText}>
          Say why, as you would to the person: the reason is kept with the request and shown in their account.
        </p>
        <Input.TextArea
          aria-label="Reason"
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          status={refuseError ? 'error' : undefined}
        />
        {refuseError ? (
          <p className={styles.fieldError} role="alert">
            {refuseError}
          </p>
        ) : null}
      </Modal>

      <Modal
        open={starting}
        title="Start a Request"
        onCancel={() => {
          setStarting(false);
          setStartError(null);
        }}
        okText={startKind === 'erasure' ? 'Erase Now' : 'Send Copy'}
        okButtonProps={{
          danger: startKind === 'erasure',
          loading: actions.start.isPending,
          disabled: !startEmail.trim(),
        }}
        onOk={start}
        cancelText="Cancel"
        destroyOnHidden
      >
        <p className={styles.modalText}>
          For a person who asked by letter, telephone or in person. A copy is emailed to their address; an erasure is
          carried out at once and cannot be undone.
        </p>
        <div className={styles.form}>
          <Input
            aria-label="Their email address"
            placeholder="Their email address"
            type="email"
            value={startEmail}
            onChange={(event) => setStartEmail(event.target.value)}
            status={startError ? 'error' : undefined}
          />
          <Radio.Group
            aria-label="Request"
            value={startKind}
            onChange={(event) => setStartKind(event.target.value as DataRequestKind)}
            options={[
              { value: 'export', label: 'A copy of their data' },
              { value: 'erasure', label: 'Erase their data' },
            ]}
          />
          <Input.TextArea
            aria-label="Note"
            placeholder="How they asked (optional)"
            rows={2}
            maxLength={1000}
            value={startNote}
            onChange={(event) => setStartNote(event.target.value)}
          />
          {startError ? (
            <p className={styles.fieldError} role="alert">
              {startError}
            </p>
          ) : null}
        </div>
      </Modal>
    </section>
  );
}
