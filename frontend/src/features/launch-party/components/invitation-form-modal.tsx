import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../../api/client';
import { useCreateInvitation } from '../api/launch-party';
import type { LaunchEvent, NewInvitation } from '../api/types';

/** Create Invitation, with the spec's rules and messages (section 5). */
export function InvitationFormModal({
  open,
  events,
  eventId,
  onClose,
}: {
  open: boolean;
  events: LaunchEvent[];
  eventId?: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<NewInvitation>();
  const create = useCreateInvitation();
  const { notification } = App.useApp();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ eventId: eventId ?? events[0]?.id, maxGuests: 1 });
  }, [open, eventId, events, form]);

  const submit = async () => {
    // The form shows what is missing beside each field; nothing to send until it is complete.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await create.mutateAsync(values);
      notification.success({ title: 'Invitation created' });
      onClose();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      notification.error({
        title: 'Failed to create invitation',
        description: apiError?.message ?? 'Request failed',
      });
    }
  };

  return (
    <Modal
      open={open}
      title="Create Invitation"
      okText="Create Invitation"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} name="invitation-form">
        <Form.Item
          name="eventId"
          label="Event"
          rules={[{ required: true, type: 'number', min: 1, message: 'Event is required' }]}
        >
          <Select placeholder="Choose an event" options={events.map((e) => ({ value: e.id, label: e.name }))} />
        </Form.Item>
        <Form.Item
          name="recipientName"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="recipientEmail"
          label="Email"
          rules={[{ required: true, type: 'email', message: 'Valid email is required' }]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="recipientPhone" label="Phone (optional)">
          <Input type="tel" />
        </Form.Item>
        <Form.Item
          name="maxGuests"
          label="Maximum Guests"
          rules={[{ required: true, type: 'number', min: 1, message: 'Maximum guests must be at least 1' }]}
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="specialNotes"
          label="Note to guest (optional)"
          extra="The guest sees this note on their invitation page and in the invitation email."
        >
          <Input.TextArea rows={3} placeholder="Valet at the north entrance" maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
