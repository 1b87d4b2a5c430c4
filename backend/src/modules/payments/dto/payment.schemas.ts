import { schema, t } from '../../../common/api-schema';
import { PAYMENT_STATUSES } from '../payment.entity';

/** The answer shapes of the payments routes, for the OpenAPI document (payments.service.ts). */

export const GUEST_PAYMENT = schema(
  'GuestPayment',
  t.object({
    id: t.string({ format: 'uuid' }),
    status: t.oneOf(PAYMENT_STATUSES),
    refundPending: { ...t.boolean(), description: 'A refund has been asked for and has not landed yet.' },
    failureMessage: t.nullable(t.string()),
  }),
);

const PAYMENT_FIELDS = {
  id: t.string({ format: 'uuid' }),
  rsvpId: t.string({ format: 'uuid' }),
  amount: { ...t.number(), description: 'Major units, as people read it (500 for EUR 500.00).' },
  amountMinor: t.integer(),
  currency: t.string(),
  status: t.oneOf(PAYMENT_STATUSES),
  paymentMethodType: t.nullable(t.string()),
  transactionId: t.nullable(t.string()),
  paymentDate: t.nullable(t.dateTime()),
  refundedAt: t.nullable(t.dateTime()),
  receiptUrl: t.nullable(t.string()),
  failureMessage: t.nullable(t.string()),
  refundReason: t.nullable(t.oneOf(['admin', 'no_seat', 'changed', 'duplicate', 'event_cancelled', 'guest_change'])),
  refundRequestedAt: t.nullable(t.dateTime()),
  refundError: t.nullable(t.string()),
  supersededAt: t.nullable(t.dateTime()),
  createdAt: t.dateTime(),
  updatedAt: t.dateTime(),
};

export const PAYMENT_VIEW = schema('PaymentView', t.object(PAYMENT_FIELDS));

export const PAYMENT_ADMIN_ROW = schema(
  'PaymentAdminRow',
  t.object({
    ...PAYMENT_FIELDS,
    partRefunded: {
      ...t.number(),
      description: 'Major units given back in part (a guest who lowered the count) and landed.',
    },
    partRefundPending: { ...t.number(), description: 'Major units asked back in part and not landed yet.' },
    invitation: t.object({
      id: t.integer(),
      recipientName: t.string(),
      recipientEmail: t.string(),
      invitationCode: t.string(),
      status: t.string(),
    }),
    event: t.object({ id: t.integer(), name: t.string(), date: t.date(), currency: t.string() }),
    rsvp: t.object({ id: t.string({ format: 'uuid' }), status: t.string(), guestCount: t.integer() }),
  }),
);
