/**
 * A request's lifecycle (public: the concierge module's staff console and members' panel use it):
 * received (just asked), in progress (the concierge team is on it), options proposed (staff
 * offered a short list), confirmed (the member accepted one, or staff confirmed it), then
 * completed or cancelled.
 */
export const REQUEST_STATUSES = [
  'received',
  'in_progress',
  'options_proposed',
  'confirmed',
  'completed',
  'cancelled',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** Open: the member may still add detail to it, or cancel it. */
export const OPEN_STATUSES: RequestStatus[] = ['received', 'in_progress', 'options_proposed'];
/** Closed for good: a member who wants it again asks again. */
export const CLOSED_STATUSES: RequestStatus[] = ['completed', 'cancelled'];
/**
 * Who or what closed it: the member, the concierge team, or the concierge engine folding it into a
 * later ask of the same thing ('merged', which names that request). 'superseded' is no longer
 * given: it marks requests closed, before merges, when the session's next request opened.
 */
export const CLOSED_REASONS = ['member', 'staff', 'merged', 'superseded'] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];
/** Who made a change: the member, a named staff member, or the concierge engine. */
export type HistoryActor = 'member' | 'staff' | 'concierge';

/**
 * One of the options staff propose: what, and its price (in major units, as staff write it), with
 * what a member reads before accepting. Options proposed before these fields existed have none.
 */
export interface RequestOption {
  id: string;
  title: string;
  price: number;
  currency: string;
  description?: string | null;
  cancellationTerms?: string | null;
  /** ISO date-time after which it can no longer be accepted. */
  validUntil?: string | null;
  /** ISO date-time it takes place (the confirmation's calendar entry). */
  startsAt?: string | null;
  /** The amount is held on the card and taken only once staff confirm with the supplier. */
  supplierToConfirm?: boolean;
  /** ISO date-time until which a cancellation is refunded in full; after it, nothing is. Absent: always refunded. */
  refundableUntil?: string | null;
}

/** How a status reads to people ('options proposed'). */
export const STATUS_LABEL: Record<RequestStatus, string> = {
  received: 'received',
  in_progress: 'in progress',
  options_proposed: 'options proposed',
  confirmed: 'confirmed',
  completed: 'completed',
  cancelled: 'cancelled',
};
