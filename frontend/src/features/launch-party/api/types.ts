export const EVENT_TYPES = ['launch_party', 'gala', 'exhibition', 'dinner', 'conference'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF'] as const;
export const EVENT_STATUSES = ['draft', 'published', 'completed', 'cancelled'] as const;

export type EventType = (typeof EVENT_TYPES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type EventStatus = (typeof EVENT_STATUSES)[number];

export interface EventFields {
  name: string;
  description: string;
  eventType: EventType;
  date: string;
  startTime: string;
  endTime: string;
  venue: string;
  venueAddress: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  capacity: number;
  ticketPrice: number;
  currency: Currency;
  isPrivate: boolean;
  dresscode: string | null;
  imageUrl: string | null;
  organizer: string;
  organizerContact: string;
  status: EventStatus;
}

export interface LaunchEvent extends EventFields {
  id: number;
  createdAt: string;
  updatedAt: string;
}

export type InvitationStatus = 'pending' | 'sent' | 'accepted' | 'declined' | 'cancelled';
/** 'unknown': the send was interrupted and may have been delivered; nothing resends it unless asked. */
/** 'bounced': the recipient's mail server refused the address (SMTP 5xx); failed for good, may be sent again. */
export type DeliveryStatus = 'queued' | 'sending' | 'retrying' | 'sent' | 'failed' | 'bounced' | 'unknown';

export interface InvitationRow {
  id: number;
  eventId: number;
  recipientName: string;
  recipientEmail: string;
  recipientPhone: string | null;
  maxGuests: number;
  specialNotes: string | null;
  status: InvitationStatus;
  sentAt: string | null;
  invitationCode: string;
  createdAt: string;
  event: { id: number; name: string; date: string };
  deliveryStatus: DeliveryStatus | null;
  lastError: string | null;
}

export interface NewInvitation {
  eventId: number;
  recipientName: string;
  recipientEmail: string;
  recipientPhone?: string;
  maxGuests: number;
  specialNotes?: string;
}

export interface RsvpRow {
  id: string;
  status: 'attending' | 'not_attending' | 'pending';
  guestCount: number;
  guestNames: string[];
  dietaryRestrictions: string | null;
  specialRequests: string | null;
  respondedAt: string;
  holdExpiresAt: string | null;
  createdAt: string;
  invitation: {
    id: number;
    recipientName: string;
    recipientEmail: string;
    recipientPhone: string | null;
    maxGuests: number;
    status: InvitationStatus;
    invitationCode: string;
  };
  event: { id: number; name: string; date: string; ticketPrice: number; currency: Currency };
}

export interface BatchProgress {
  id: string;
  eventId: number;
  total: number;
  queued: number;
  sent: number;
  /** Failed for good, bounced ones included. */
  failed: number;
  bounced: number;
  unknown: number;
  done: boolean;
}

/** What 'Invite to event' from the Waitlist tab did. */
export interface WaitlistInviteResult {
  matched: number;
  created: number;
  existing: number;
  existingEmails: string[];
  batch: BatchProgress | null;
}

/** The rows to invite: chosen ones, or every row matching the search and filters. */
export interface WaitlistInvite {
  eventId: number;
  maxGuests: number;
  note?: string;
  ids?: string[];
  allMatching?: boolean;
  q?: string;
  source?: string;
  utmCampaign?: string;
  signedUpFrom?: string;
  signedUpTo?: string;
}

export interface Page<T> {
  data: T[];
  total: number;
}
