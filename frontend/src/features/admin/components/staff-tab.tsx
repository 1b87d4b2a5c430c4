import { PlusOutlined } from '@ant-design/icons';
import { formatDate } from '@maison/shared';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState } from 'react';
import { useAdminQuery } from '../../../api/admin-client';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../lib/ui/empty-state';
import { ResponsiveTable } from '../../launch-party/responsive-table';
import {
  ROLE_DESCRIPTIONS,
  ROLE_NAMES,
  useStaffAccounts,
  useStaffActions,
  useStaffSelf,
  type StaffAccount,
  type StaffRole,
} from '../api/staff';
import styles from './admin.module.css';

const ROLES = (Object.keys(ROLE_NAMES) as StaffRole[]).map((role) => ({ value: role, label: ROLE_NAMES[role] }));
/** Gold marks the owners; the other roles keep the house's quiet tag. */
const ROLE_COLOURS: Record<StaffRole, string | undefined> = {
  owner: 'gold',
  events: undefined,
  concierge: undefined,
  door: undefined,
};
const PASSWORD_RULE = { min: 12, max: 200, message: 'A password needs at least 12 characters (200 at most)' };

interface EventOption {
  id: number;
  name: string;
  date: string;
}

/** The events an owner may assign to a door account, by name and date. */
function useEventOptions() {
  const events = useAdminQuery<{ data: EventOption[] }>(['admin', 'staff', 'events'], '/api/admin/events?pageSize=500');
  return (events.data?.data ?? []).map((event) => ({
    value: event.id,
    label: `${event.name} · ${formatDate(event.date)}`,
  }));
}

function failure(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Request failed';
}

interface AccountFields {
  username: string;
  displayName: string;
  role: StaffRole;
  doorEventIds?: number[];
  password: string;
}

/** The role, its meaning, and (for the door) the events it may check guests in at. */
function RoleFields({
  role,
  events,
}: {
  role: StaffRole | undefined;
  events: Array<{ value: number; label: string }>;
}) {
  return (
    <>
      <Form.Item
        name="role"
        label="Role"
        rules={[{ required: true, message: 'Please choose a role' }]}
        extra={role ? ROLE_DESCRIPTIONS[role] : undefined}
      >
        <Select aria-label="Role" options={ROLES} placeholder="Choose a role" />
      </Form.Item>
      {role === 'door' ? (
        <Form.Item name="doorEventIds" label="Door Events">
          <Select
            mode="multiple"
            aria-label="Door events"
            options={events}
            placeholder="The events this account checks guests in at"
            optionFilterProp="label"
          />
        </Form.Item>
      ) : null}
    </>
  );
}

function CreateStaffModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<AccountFields>();
  const role = Form.useWatch('role', form);
  const events = useEventOptions();
  const { create } = useStaffActions();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    // A field the form refuses says so beside itself.
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    setError(null);
    try {
      const account = await create.mutateAsync({ ...fields, doorEventIds: fields.doorEventIds ?? [] });
      message.success(`${account.displayName} can now sign in as ${account.username}`);
      onClose();
    } catch (caught) {
      setError(failure(caught));
    }
  };

  return (
    <Modal
      open
      title="Add Staff Account"
      okText="Create Account"
      cancelText="Cancel"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ role: 'concierge' }}>
        {error ? <Alert type="error" showIcon title={error} role="alert" className={styles.error} /> : null}
        <Form.Item
          name="displayName"
          label="Display Name"
          extra="Members see it on replies and notes from the desk."
          rules={[
            { required: true, whitespace: true, message: 'Please enter the name colleagues and members will see' },
          ]}
        >
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="username"
          label="Username"
          rules={[
            { required: true, message: 'Please enter a username' },
            {
              pattern: /^[A-Za-z0-9][A-Za-z0-9._@-]{1,59}$/,
              message: 'Letters, digits, dots, dashes, underscores or @ (2 to 60)',
            },
          ]}
        >
          <Input maxLength={60} autoComplete="off" autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        <RoleFields role={role} events={events} />
        <Form.Item
          name="password"
          label="First Password"
          extra="Share it with them in person; an owner can reset it at any time."
          rules={[{ required: true, message: PASSWORD_RULE.message }, PASSWORD_RULE]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function EditStaffModal({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const [form] = Form.useForm<Pick<AccountFields, 'displayName' | 'role' | 'doorEventIds'>>();
  const role = Form.useWatch('role', form);
  const events = useEventOptions();
  const { update } = useStaffActions();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    // A field the form refuses says so beside itself.
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    setError(null);
    try {
      await update.mutateAsync({ id: account.id, ...fields, doorEventIds: fields.doorEventIds ?? [] });
      message.success(`${fields.displayName} is saved`);
      onClose();
    } catch (caught) {
      setError(failure(caught));
    }
  };

  return (
    <Modal
      open
      title={`Edit ${account.displayName}`}
      okText="Save Changes"
      cancelText="Cancel"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ displayName: account.displayName, role: account.role, doorEventIds: account.doorEventIds }}
      >
        {error ? <Alert type="error" showIcon title={error} role="alert" className={styles.error} /> : null}
        <Form.Item
          name="displayName"
          label="Display Name"
          rules={[
            { required: true, whitespace: true, message: 'Please enter the name colleagues and members will see' },
          ]}
        >
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
        <RoleFields role={role} events={events} />
      </Form>
    </Modal>
  );
}

function ResetPasswordModal({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const { resetPassword } = useStaffActions();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    const { password } = fields;
    setError(null);
    try {
      await resetPassword.mutateAsync({ id: account.id, password });
      message.success(`${account.displayName}’s password is reset`);
      onClose();
    } catch (caught) {
      setError(failure(caught));
    }
  };

  return (
    <Modal
      open
      title="Reset Password"
      okText="Reset Password"
      cancelText="Cancel"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={resetPassword.isPending}
      destroyOnHidden
    >
      <p>
        A new password for <strong>{account.displayName}</strong> ({account.username}). The old one stops working at
        once.
      </p>
      <Form form={form} layout="vertical" requiredMark={false}>
        {error ? <Alert type="error" showIcon title={error} role="alert" className={styles.error} /> : null}
        <Form.Item
          name="password"
          label="New Password"
          rules={[{ required: true, message: PASSWORD_RULE.message }, PASSWORD_RULE]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Dialog = { kind: 'create' } | { kind: 'edit' | 'password'; account: StaffAccount } | null;

/**
 * Staff tab (owners): every staff account with its role and status; an owner adds accounts,
 * changes a role or a door's events, suspends and reactivates, and resets passwords. The server
 * keeps at least one active owner.
 */
export default function StaffTab() {
  const query = useStaffAccounts();
  const me = useStaffSelf();
  const { update } = useStaffActions();
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const events = useEventOptions();
  const eventName = new Map(events.map((event) => [event.value, event.label]));
  const rows = query.data?.data ?? [];

  const setStatus = async (account: StaffAccount, status: StaffAccount['status']) => {
    try {
      await update.mutateAsync({ id: account.id, status });
      message.success(
        status === 'active' ? `${account.displayName} can sign in again` : `${account.displayName} is suspended`,
      );
    } catch (error) {
      message.error(failure(error));
    }
  };

  const columns: ColumnType<StaffAccount>[] = [
    {
      title: 'Name',
      key: 'displayName',
      render: (_, row) => (
        <span>
          {row.displayName}
          {row.id === me.data?.id ? <span className={styles.you}> (you)</span> : null}
        </span>
      ),
    },
    { title: 'Username', key: 'username', dataIndex: 'username' },
    {
      title: 'Role',
      key: 'role',
      render: (_, row) => (
        <div className={styles.staffRole}>
          <Tag color={ROLE_COLOURS[row.role]}>{ROLE_NAMES[row.role]}</Tag>
          {row.role === 'door' ? (
            <ul className={styles.doorEvents} aria-label={`Door events of ${row.displayName}`}>
              {row.doorEventIds.length ? (
                row.doorEventIds.map((id) => <li key={id}>{eventName.get(id) ?? `Event ${id}`}</li>)
              ) : (
                <li>No events yet</li>
              )}
            </ul>
          ) : null}
        </div>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, row) => (row.status === 'active' ? <Tag color="gold">Active</Tag> : <Tag color="red">Suspended</Tag>),
    },
    { title: 'Since', key: 'createdAt', className: styles.nowrap, render: (_, row) => formatDate(row.createdAt) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Space wrap size={[8, 4]}>
          <Button size="small" onClick={() => setDialog({ kind: 'edit', account: row })}>
            Edit
          </Button>
          <Button size="small" onClick={() => setDialog({ kind: 'password', account: row })}>
            Reset Password
          </Button>
          {row.status === 'active' ? (
            <Button
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: 'Suspend Account',
                  content: `Suspend ${row.displayName}? They are refused at once and cannot sign in until reactivated.`,
                  okText: 'Suspend',
                  cancelText: 'Cancel',
                  okButtonProps: { danger: true },
                  onOk: () => setStatus(row, 'suspended'),
                })
              }
            >
              Suspend
            </Button>
          ) : (
            <Button size="small" onClick={() => void setStatus(row, 'active')}>
              Reactivate
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section aria-label="Staff">
      <div className={styles.toolbar}>
        <p className={styles.staffLead}>
          Each person signs in with their own account; their role decides what they may see and do.
        </p>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
          Add Staff Account
        </Button>
      </div>
      {query.isError ? <Alert type="error" showIcon title={query.error.message} className={styles.error} /> : null}
      <ResponsiveTable<StaffAccount>
        rowKey="id"
        headKey="displayName"
        actionsKey="actions"
        columns={columns}
        dataSource={rows}
        loading={query.isPending}
        locale={{ emptyText: <EmptyState size="small" title="No staff accounts yet." /> }}
      />
      {dialog?.kind === 'create' ? <CreateStaffModal onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <EditStaffModal account={dialog.account} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'password' ? (
        <ResetPasswordModal account={dialog.account} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}
