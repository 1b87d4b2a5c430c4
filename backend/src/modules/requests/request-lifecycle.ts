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

/** One of the options staff propose: what, and its price. */
export interface RequestOption {
  id: string;
  title: string;
  price: number;
  currency: string;
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
