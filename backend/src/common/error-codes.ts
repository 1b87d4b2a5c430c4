/**
 * Every `code` an error answer may carry, beside its readable `error` (STYLE.md, habit 16). Clients
 * decide on these, never on the message text. A code once published keeps its meaning.
 */
export const ERROR_CODES = {
  // The default of each kind of refusal.
  BAD_REQUEST: 'The request is refused as it is; `error` says why.',
  VALIDATION_FAILED: 'A field of the input is refused; `fields` says which and why.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  UNAUTHORIZED: 'Credentials are missing, wrong or expired.',
  PAYMENT_DECLINED: 'The card was declined or could not be read; `declineCode` gives the provider’s reason.',
  FORBIDDEN: 'The request is not allowed (another origin, a guard).',
  NOT_FOUND: 'No such thing, or no such route.',
  CONFLICT: 'The request conflicts with the current state.',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The content type, encoding or character set is not supported.',
  HEADERS_TOO_LARGE: 'The address or headers of the request are too large.',
  TOO_MANY_REQUESTS: 'Rate limited; Retry-After says when to try again.',
  INTERNAL_ERROR: 'Something unexpected failed on our side; `error` gives a reference.',
  UNAVAILABLE: 'A store or provider is briefly unavailable; try again in a moment.',
  // Specific refusals a client may act on.
  MAINTENANCE: 'The club is in maintenance mode; writes are closed for now.',
  SESSION_ENDED: 'The concierge session has ended; start a new one.',
  EVENT_AT_CAPACITY: 'The event has no seats left for this party (the waiting list may be offered).',
  STEP_ANSWERED: 'The concierge’s question (a step that asked) has been answered already.',
  RSVP_DEADLINE_PASSED: 'The RSVP deadline has passed; the answer can no longer be changed here.',
  ALREADY_CHECKED_IN: 'The party has been checked in at the door; the answer can no longer be changed here.',
  CHECK_IN_CLOSED: 'The door is not open for this event at this time.',
  NOT_CHECKED_IN: 'The party has not been checked in yet.',
  EVENT_HAS_PAYMENTS: 'The event has payments, so it cannot be deleted: cancel it instead.',
  EVENT_HAS_GUESTS: 'Guests are attending the event, so it cannot be deleted: cancel it instead.',
  INVITATION_HAS_PAYMENTS: 'The invitation has a payment, so it cannot be deleted: cancel it instead.',
  FORBIDDEN_FOR_ROLE: 'The staff account’s role lacks the right this route needs (at the door: not for this event).',
  ACCOUNT_SUSPENDED: 'The staff account is suspended: it cannot sign in until an owner reactivates it.',
  LAST_OWNER: 'The change would leave the house without an active owner.',
  USERNAME_TAKEN: 'Another staff account already has this username.',
  OFFER_UNKNOWN: 'No membership offer has this link.',
  OFFER_EXPIRED: 'The membership offer’s link has expired; the club may send a new one.',
  OFFER_USED: 'The membership offer’s link has been used already; sign in instead.',
  OFFER_REVOKED: 'The membership offer’s link was withdrawn by the club.',
  SIGN_IN_LINK_UNKNOWN: 'No sign-in email has this link.',
  SIGN_IN_LINK_EXPIRED: 'The sign-in link or code has expired; ask for a new email.',
  SIGN_IN_LINK_USED: 'The sign-in link or code has been used already; ask for a new email.',
  SIGN_IN_CODE_WRONG: 'The sign-in code is wrong (or no longer valid: after 5 wrong tries it dies).',
  MEMBER_SIGNED_OUT: 'No member session: sign in first.',
  MEMBERS_ONLY: 'Only a signed-in member has this (a house-password session names no one to remember).',
  PASSKEYS_UNAVAILABLE: 'Passkeys need a domain name; this site offers email sign-in only.',
  PASSKEY_REFUSED: 'The passkey could not be verified (unknown, expired challenge or a wrong signature).',
  OPTION_EXPIRED: 'The option is past its valid-until time; the concierge may propose it again.',
  OPTION_ALREADY_ACCEPTED: 'Another option of this request is already accepted (or being paid).',
  PAYMENT_NEEDED: 'The option has a price: a member accepts it by paying (the pay route), not here.',
  DATA_LINK_INVALID: 'The “your data” link is not one we sent (altered or cut short).',
  DATA_LINK_EXPIRED: 'The “your data” link has expired; ask for a new one on the Your Data page.',
  DATA_EXPORT_UNKNOWN: 'No data export has this download link.',
  DATA_EXPORT_EXPIRED: 'The data export’s link has expired and its file was deleted; ask again.',
  DATA_SUBJECT_UNKNOWN: 'The club holds nothing about this address (a staff request).',
  ERASE_NOT_CONFIRMED: 'An erasure asked from the account needs its typed confirmation.',
  PRIVACY_LINK_INVALID: 'The unsubscribe or email-preferences link is incomplete or altered (not signed by us).',
  DISPOSABLE_EMAIL_REFUSED: 'The address belongs to a disposable-mail service; a permanent address is needed.',
  CONFIRMATION_LINK_INVALID:
    'No waitlist sign-up has this confirmation link (mistyped, or removed unconfirmed after 30 days).',
  ALREADY_NOMINATED: 'The member has nominated this address already (one letter per address per member).',
  ALREADY_A_MEMBER: 'The address nominated belongs to a member of the club already.',
  NOMINATION_LINKS_FULL: 'The member has five live nomination links; one must be retired before another is made.',
  NOMINATION_LINK_UNKNOWN: 'The member has no live nomination link with this code.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

/** The code of an answer by its HTTP status, where nothing more specific is known. */
export function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    402: 'PAYMENT_DECLINED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    408: 'REQUEST_TIMEOUT',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'TOO_MANY_REQUESTS',
    431: 'HEADERS_TOO_LARGE',
    503: 'UNAVAILABLE',
  };
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}
