import { Alert, Button, Form, Input, InputNumber, Radio } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../../api/client';
import type { GuestRsvp, RsvpAnswer } from '../api/invitation';
import styles from './invitation.module.css';

interface FormValues {
  status: 'attending' | 'not_attending';
  guestCount: number;
  guestNames: string[];
  dietaryRestrictions: string;
  specialRequests: string;
}

/** Names for each guest: the first one defaults to the invitee, the list follows the guest count. */
export function namesFor(count: number, names: string[], invitee: string): string[] {
  return Array.from({ length: count }, (_, i) => names[i] ?? (i === 0 ? invitee : ''));
}

/** The guest's answer: attending or not, 1..maxGuests guests with their names, diet and requests. */
export function RsvpForm({
  recipientName,
  maxGuests,
  paid,
  previous,
  submitting,
  error,
  onSubmit,
}: {
  recipientName: string;
  maxGuests: number;
  paid: boolean;
  previous: GuestRsvp | null;
  submitting: boolean;
  error: ApiError | null;
  onSubmit: (answer: RsvpAnswer) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const status = Form.useWatch('status', form);
  const guestCount = Form.useWatch('guestCount', form) ?? 1;

  useEffect(() => {
    const count = Math.min(Math.max(previous?.guestCount || 1, 1), maxGuests);
    form.setFieldsValue({
      status: previous?.status === 'not_attending' ? 'not_attending' : previous ? 'attending' : undefined,
      guestCount: count,
      guestNames: namesFor(count, previous?.guestNames ?? [], recipientName),
      dietaryRestrictions: previous?.dietaryRestrictions ?? '',
      specialRequests: previous?.specialRequests ?? '',
    });
  }, [previous, maxGuests, recipientName, form]);

  useEffect(() => {
    // The watched count lags a form just filled from the saved answer: resizing the names to it
    // then would cut the saved guests' names off.
    if (form.getFieldValue('guestCount') !== guestCount) return;
    const names: string[] = form.getFieldValue('guestNames') ?? [];
    if (names.length !== guestCount) form.setFieldValue('guestNames', namesFor(guestCount, names, recipientName));
  }, [guestCount, recipientName, form]);

  const finish = (values: FormValues) => {
    const attending = values.status === 'attending';
    onSubmit({
      status: values.status,
      guestCount: attending ? values.guestCount : 1,
      guestNames: attending ? (values.guestNames ?? []).map((n) => n?.trim() ?? '').filter(Boolean) : [],
      dietaryRestrictions: attending ? (values.dietaryRestrictions ?? '') : '',
      specialRequests: values.specialRequests ?? '',
    });
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={finish} className={styles.form} name="rsvp">
      <Form.Item
        name="status"
        label="Will you attend?"
        rules={[{ required: true, message: 'Please tell us whether you will attend' }]}
      >
        <Radio.Group className={styles.choice} optionType="button" buttonStyle="solid">
          <Radio.Button value="attending">Joyfully Accept</Radio.Button>
          <Radio.Button value="not_attending">Regretfully Decline</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {status === 'attending' ? (
        <>
          <Form.Item name="guestCount" label="Number of guests">
            {maxGuests <= 8 ? (
              <Radio.Group
                aria-label="Number of guests"
                className={styles.counts}
                optionType="button"
                options={Array.from({ length: maxGuests }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
              />
            ) : (
              <InputNumber
                aria-label="Number of guests"
                min={1}
                max={maxGuests}
                precision={0}
                style={{ width: '100%' }}
              />
            )}
          </Form.Item>
          <Form.List name="guestNames">
            {(fields) =>
              fields.map((field, index) => (
                <Form.Item key={field.key} name={field.name} label={index === 0 ? 'Guest names' : undefined}>
                  <Input
                    placeholder={index === 0 ? 'Your name' : `Guest ${index + 1}`}
                    aria-label={`Guest ${index + 1} name`}
                  />
                </Form.Item>
              ))
            }
          </Form.List>
          <Form.Item name="dietaryRestrictions" label="Dietary restrictions">
            <Input placeholder="Allergies, vegetarian, …" />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="specialRequests" label="Special requests">
        <Input.TextArea rows={3} placeholder="Anything we should know to make your evening perfect" />
      </Form.Item>
      {error ? <Alert type="error" showIcon message={error.message} className={styles.formError} /> : null}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {status === 'attending' && paid && previous?.status !== 'attending'
          ? 'Continue to Payment'
          : previous && previous.status !== 'pending'
            ? 'Update RSVP'
            : 'Send RSVP'}
      </Button>
    </Form>
  );
}
