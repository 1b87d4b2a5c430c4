import { App, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useEffect, useMemo } from 'react';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { useEventDefaults, useSaveEvent } from '../api/launch-party';
import { CURRENCIES, EVENT_STATUSES, EVENT_TYPES, type EventFields, type LaunchEvent } from '../api/types';
import { formatEventType } from './format';
import { FALLBACK_TIME_ZONE, timeZoneOptions } from './time-zones';

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The spec's defaults for a new event (section 5), in the server's default time zone. */
export function eventDefaults(brand: string, timeZone = FALLBACK_TIME_ZONE): EventFields {
  return {
    name: '',
    description: '',
    eventType: 'launch_party',
    date: today(),
    startTime: '19:00',
    endTime: '23:00',
    timeZone,
    venue: '',
    venueAddress: '',
    city: '',
    state: '',
    country: '',
    zipCode: '',
    capacity: 100,
    ticketPrice: 0,
    currency: 'USD',
    isPrivate: true,
    dresscode: '',
    imageUrl: '',
    organizer: brand,
    organizerContact: '',
    status: 'draft',
    offerWindowHours: 24,
    rsvpDeadline: '',
    reminderHours: [...DEFAULT_REMINDER_HOURS],
  };
}

/** Attending guests are reminded this long before the start, unless the event says otherwise. */
const DEFAULT_REMINDER_HOURS = [168, 24];

const REMINDER_OPTIONS = [
  { value: 336, label: '14 days before' },
  { value: 168, label: '7 days before' },
  { value: 72, label: '3 days before' },
  { value: 48, label: '48 hours before' },
  { value: 24, label: '24 hours before' },
  { value: 3, label: '3 hours before' },
];

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** Create or edit an event: every field, default and message of the spec's section 5. */
export function EventFormModal({
  open,
  event,
  onClose,
}: {
  open: boolean;
  event: LaunchEvent | null;
  onClose: () => void;
}) {
  const brand = useBrand();
  const [form] = Form.useForm<EventFields>();
  const save = useSaveEvent();
  const defaultTimeZone = useEventDefaults().data?.data.timeZone ?? FALLBACK_TIME_ZONE;
  const timeZones = useMemo(() => timeZoneOptions(event?.timeZone), [event?.timeZone]);
  const { notification } = App.useApp();
  const editing = Boolean(event);
  const status = Form.useWatch('status', form);
  const cancelling = editing && event?.status !== 'cancelled' && status === 'cancelled';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      event
        ? {
            ...event,
            dresscode: event.dresscode ?? '',
            imageUrl: event.imageUrl ?? '',
            rsvpDeadline: event.rsvpDeadline ?? '',
          }
        : eventDefaults(brand),
    );
  }, [open, event, brand, form]);

  // A new event is in the server's default zone: put in place of the fallback after each reset
  // above, and when the setting arrives after the form opened (a zone chosen by then stays).
  useEffect(() => {
    if (open && !event && form.getFieldValue('timeZone') === FALLBACK_TIME_ZONE) {
      form.setFieldValue('timeZone', defaultTimeZone);
    }
  }, [open, event, brand, form, defaultTimeZone]);

  const submit = async () => {
    // The form shows what is missing beside each field; nothing to send until it is complete.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({ id: event?.id, fields: { ...values, ticketPrice: Number(values.ticketPrice ?? 0) } });
      notification.success({ title: editing ? 'Event updated' : 'Event created' });
      onClose();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.fields) {
        form.setFields(
          Object.entries(apiError.fields)
            .filter(([name]) => name in eventDefaults(brand))
            .map(([name, message]) => ({ name: name as keyof EventFields, errors: [message] })),
        );
      }
      notification.error({
        title: editing ? 'Failed to update event' : 'Failed to create event',
        description: apiError?.message ?? 'Request failed',
      });
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Event' : 'Create Event'}
      okText={editing ? 'Save Changes' : 'Create Event'}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={760}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} name="event-form">
        <Form.Item name="name" label="Event Name" rules={required('Name is required')}>
          <Input placeholder="The Riviera Launch" />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={required('Description is required')}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="eventType" label="Event Type">
              <Select options={EVENT_TYPES.map((value) => ({ value, label: formatEventType(value) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="status"
              label="Status"
              extra={cancelling ? 'Saving refunds every guest who paid, and tells each of them by email.' : undefined}
            >
              <Select options={EVENT_STATUSES.map((value) => ({ value, label: formatEventType(value) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="date" label="Date" rules={required('Date is required')}>
              <Input type="date" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="startTime" label="Start Time" rules={required('Start time is required')}>
              <Input type="time" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="endTime" label="End Time" rules={required('End time is required')}>
              <Input type="time" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="timeZone"
          label="Time Zone"
          extra="The venue's time zone: the date, the times and the RSVP deadline are on its clock."
          rules={[{ required: true, message: 'Time zone is required' }]}
        >
          <Select
            aria-label="Time Zone"
            showSearch={{ optionFilterProp: 'label' }}
            options={timeZones}
            placeholder="Europe/Monaco"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="rsvpDeadline"
              label="RSVP Deadline"
              extra="Guests may change their answer until then. Leave empty for 48 hours before the start."
            >
              <Input type="datetime-local" aria-label="RSVP Deadline" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="reminderHours" label="Reminders" extra="Attending guests are emailed at these times.">
              <Select
                mode="multiple"
                aria-label="Reminders"
                placeholder="No reminders"
                options={[
                  ...REMINDER_OPTIONS,
                  ...(event?.reminderHours ?? [])
                    .filter((hours) => !REMINDER_OPTIONS.some((o) => o.value === hours))
                    .map((hours) => ({ value: hours, label: `${hours} hours before` })),
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="venue" label="Venue" rules={required('Venue is required')}>
          <Input />
        </Form.Item>
        <Form.Item name="venueAddress" label="Venue Address" rules={required('Venue address is required')}>
          <Input />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="city" label="City" rules={required('City is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="state" label="State/Province" rules={required('State/Province is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="country" label="Country" rules={required('Country is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="zipCode" label="Zip/Postal Code" rules={required('Zip/Postal code is required')}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="capacity"
              label="Capacity"
              rules={[{ required: true, type: 'number', min: 1, message: 'Capacity must be at least 1' }]}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="ticketPrice"
              label="Ticket Price"
              rules={[{ required: true, type: 'number', min: 0, message: 'Ticket price must be non-negative' }]}
            >
              <InputNumber min={0} step={0.01} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="currency" label="Currency">
              <Select options={CURRENCIES.map((value) => ({ value, label: value }))} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="dresscode" label="Dress Code">
              <Input placeholder="Black tie" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="imageUrl" label="Image URL" extra="Leave empty for the default image.">
              <Input placeholder="https://" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="organizer" label="Organizer" rules={required('Organizer is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="organizerContact"
              label="Organizer Contact"
              rules={required('Organizer contact is required')}
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="isPrivate" label="Private Event" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="offerWindowHours"
          label="Waiting List Offer Window (hours)"
          extra="How long a freed place is held for the next guest on the waiting list."
          rules={[{ required: true, type: 'number', min: 1, max: 720, message: 'Offer window must be 1 to 720 hours' }]}
        >
          <InputNumber min={1} max={720} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
