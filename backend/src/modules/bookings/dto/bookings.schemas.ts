import { schema, t } from '../../../common/api-schema';
import { BOOKING_PAYMENT_STATUSES } from '../booking-payment.entity';

/** The answer shapes of the bookings routes (CardView, PayState, BookingView). */

export const MEMBER_CARD = schema(
  'MemberCard',
  t.object({
    id: t.string({ format: 'uuid' }),
    brand: t.string(),
    last4: t.string(),
    expMonth: t.integer(),
    expYear: t.integer(),
    createdAt: t.dateTime(),
  }),
);

export const CARD_SETUP = schema('CardSetup', t.object({ setupIntentId: t.string(), clientSecret: t.string() }));

const CARD_SHOWN = t.nullable(t.object({ brand: t.string(), last4: t.string() }));

export const PAY_STATE = schema(
  'PayState',
  t.object({
    paymentId: t.nullable(t.string({ format: 'uuid' })),
    status: t.oneOf(['confirmed', 'succeeded', 'held', 'processing', 'requires_action', 'requires_payment_method']),
    clientSecret: t.nullable(t.string()),
    amount: t.integer(),
    currency: t.string(),
    card: CARD_SHOWN,
  }),
);

export const BOOKING_VIEW = schema(
  'BookingPayment',
  t.object({
    id: t.string({ format: 'uuid' }),
    requestId: t.string({ format: 'uuid' }),
    optionId: t.string(),
    optionTitle: t.string(),
    amount: t.integer(),
    currency: t.string(),
    status: t.oneOf(BOOKING_PAYMENT_STATUSES),
    capture: t.oneOf(['automatic', 'manual']),
    card: CARD_SHOWN,
    holdExpiresAt: t.nullable(t.dateTime()),
    refundedAmount: t.integer(),
    failureMessage: t.nullable(t.string()),
    receiptUrl: t.nullable(t.string()),
    confirmedAt: t.nullable(t.dateTime()),
    createdAt: t.dateTime(),
  }),
);
