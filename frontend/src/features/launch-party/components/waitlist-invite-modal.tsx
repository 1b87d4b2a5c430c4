import { Alert, App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useEvents, useInviteFromWaitlist } from '../api/launch-party';
import type { WaitlistInvite, WaitlistInviteResult } from '../api/types';
import { SendProgress } from './invitations-panel';
import styles from './launch-party.module.css';

export interface WaitlistSelection {
  /** The chosen rows, or null for every row matching `filter`. */
  ids: string[] | null;
  /** How many rows the selection covers, as the list counted them. */
  count: number;
  filter: Pick<
    WaitlistInvite,
    'q' | 'source' | 'utmCampaign' | 'signedUpFrom' | 'signedUpTo' | 'confirmed' | 'nominatedBy'
  >;
}

interface InviteFields {
  eventId: number;
  maxGuests: number;
  note?: string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Mounted when opened (each opening starts afresh).
 * 'Invite to event' from the Waitlist tab: the event, the party each invitation admits and an
 * optional note. The server creates the invitations and queues their emails; the progress bar
 * follows the emails until every one is sent or has failed.
 */
export default function WaitlistInviteModal({
  open,
  selection,
  onClose,
  onInvited,
}: {
  open: boolean;
  selection: WaitlistSelection;
  onClose: () => void;
  onInvited: () => void;
}) {
  const [form] = Form.useForm<InviteFields>();
  const events = useEvents();
  const invite = useInviteFromWaitlist();
  const { notification } = App.useApp();
  const [result, setResult] = useState<WaitlistInviteResult | null>(null);
  const open_ = (events.data?.data ?? []).filter((e) => e.status !== 'cancelled' && e.status !== 'completed');

  const submit = async () => {
    if (result) return onClose();
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const answer = await invite.mutateAsync({
        eventId: values.eventId,
        maxGuests: values.maxGuests,
        note: values.note?.trim() || undefined,
        ...(selection.ids ? { ids: selection.ids } : { allMatching: true, ...selection.filter }),
      });
      setResult(answer.data);
      onInvited();
    } catch (error) {
      notification.error({
        title: 'Failed to invite',
        description: error instanceof ApiError ? error.message : 'Request failed',
      });
    }
  };

  const scope = selection.ids
    ? `${plural(selection.count, 'chosen entry', 'chosen entries')}`
    : `every entry matching the current search and filters (${plural(selection.count, 'entry', 'entries')})`;

  return (
    <Modal
      open={open}
      title="Invite to Event"
      okText={result ? 'Done' : 'Send Invitations'}
      onOk={submit}
      onCancel={onClose}
      cancelButtonProps={result ? { style: { display: 'none' } } : undefined}
      confirmLoading={invite.isPending}
      destroyOnHidden
      forceRender
    >
      {result ? (
        <div aria-live="polite">
          <p className={styles.inviteResult}>
            {plural(result.created, 'invitation', 'invitations')} created and queued.
            {result.existing
              ? ` ${plural(result.existing, 'entry', 'entries')} already had an invitation to this event and ${result.existing === 1 ? 'was' : 'were'} not invited again.`
              : ''}
          </p>
          {result.existingEmails.length ? (
            <Alert
              type="info"
              showIcon
              title="Already invited"
              description={`${result.existingEmails.join(', ')}${result.existing > result.existingEmails.length ? ', …' : ''}`}
              className={styles.inviteResult}
            />
          ) : null}
          {result.batch ? <SendProgress batchId={result.batch.id} /> : null}
        </div>
      ) : (
        <>
          <p className={styles.inviteScope}>
            Inviting <strong>{scope}</strong>. One invitation per email per event: anyone already invited is reported,
            not invited twice.
          </p>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            name="waitlist-invite-form"
            initialValues={{ maxGuests: 1 }}
          >
            <Form.Item name="eventId" label="Event" rules={[{ required: true, message: 'Event is required' }]}>
              <Select
                placeholder="Choose an event"
                loading={events.isLoading}
                options={open_.map((e) => ({ value: e.id, label: `${e.name} · ${e.date}` }))}
                notFoundContent="No upcoming events. Create one under Launch Party."
              />
            </Form.Item>
            <Form.Item
              name="maxGuests"
              label="Max Guests"
              rules={[
                { required: true, message: 'Maximum guests must be at least 1' },
                { type: 'number', min: 1, message: 'Maximum guests must be at least 1' },
                { type: 'number', max: 100, message: 'Maximum guests cannot exceed 100' },
              ]}
            >
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="note" label="Note (optional)" rules={[{ max: 2000, message: 'Notes are too long' }]}>
              <Input.TextArea rows={3} placeholder="A personal line shown in every invitation" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
