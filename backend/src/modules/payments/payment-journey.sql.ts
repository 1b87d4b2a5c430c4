/**
 * Payments' part of the insights funnel (offered through index.ts): when each RSVP was first paid
 * for (a payment that succeeded; one refunded in full afterwards does not count as paid).
 * Columns: rsvp_id, paid_at.
 */
export const PAID_SQL = `select rsvp_id, min(coalesce(payment_date, created_at)) as paid_at
  from payments
 where status = 'succeeded'
 group by rsvp_id`;
