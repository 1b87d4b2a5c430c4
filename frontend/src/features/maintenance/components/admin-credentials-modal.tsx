import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { basicHeader } from '../../../api/admin-client';
import { AntdProviders } from '../../../app/antd-providers';

interface Props {
  open: boolean;
  title: string;
  okText: string;
  /** Runs with the Basic header built from the form; throw to show the error in the dialog. */
  onSubmit: (auth: string) => Promise<void>;
  onClose: () => void;
}

interface Values {
  username: string;
  password: string;
}

/** Asks for administrator credentials; the server checks them when `onSubmit` uses the header. */
export function AdminCredentialsModal({ open, title, okText, onSubmit, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(basicHeader(values.username.trim(), values.password));
      form.resetFields();
      onClose();
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : 'Request failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => {
        setError(null);
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      {/* Nothing is filled in for the visitor: a guessed name is half of a credential. */}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label="Username"
          name="username"
          rules={[{ required: true, whitespace: true, message: 'Username is required' }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
          <Input.Password autoComplete="current-password" onPressEnter={submit} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Form>
    </Modal>
  );
}

/** The same dialog with Ant Design's providers, for pages that load Ant Design only with it. */
export function ThemedAdminCredentialsModal(props: Props) {
  return (
    <AntdProviders>
      <AdminCredentialsModal {...props} />
    </AntdProviders>
  );
}
