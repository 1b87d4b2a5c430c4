import type { ApiSchema } from '../../../api/types';

export const EVENT_TYPES = ['launch_party', 'gala', 'exhibition', 'dinner', 'conference'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF'] as const;
export const EVENT_STATUSES = ['draft', 'published', 'completed', 'cancelled'] as const;

export type Currency = (typeof CURRENCIES)[number];

/** The launch party's API shapes come from the generated contract (src/api/schema.gen.ts). */
export type LaunchEvent = ApiSchema<'EventView'>;
/** What the event form edits: the event without its id and times. */
export type EventFields = Omit<LaunchEvent, 'id' | 'createdAt' | 'updatedAt'>;
/** What a new event starts with where the form leaves a field out (the server's DEFAULT_EVENT_TIME_ZONE). */
export type EventDefaults = ApiSchema<'EventDefaults'>;

export type InvitationRow = ApiSchema<'InvitationRow'>;

export interface NewInvitation {
  eventId: number;
  recipientName: string;
  recipientEmail: string;
  recipientPhone?: string;
  maxGuests: number;
  specialNotes?: string;
}

export type RsvpRow = ApiSchema<'RsvpAdminRow'>;

export type BatchProgress = ApiSchema<'BatchProgress'>;

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
  confirmed?: 'confirmed' | 'unconfirmed';
  nominatedBy?: string;
}

export type { Page } from '../../../api/types';
