/** The live channels, named for their audience (LiveEventsService). */

/** Every tab of one concierge session (threads, messages, the member's requests). */
export const sessionChannel = (sessionId: string) => `concierge:${sessionId}`;

/** The staff console: new requests, hand-offs, every change of a request. */
export const STAFF_CHANNEL = 'staff';
