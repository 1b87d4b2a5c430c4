import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../api/client';
import { adminRequest, useAdminQuery } from '../../../api/admin-client';

export interface DoorEvent {
  id: number;
  name: string;
  date: string;
  status: string;
}

export interface DoorParty {
  rsvpId: string;
  name: string;
  partySize: number;
  guestNames: string[];
  dietaryRestrictions: string | null;
  specialRequests: string | null;
  checkIn: { arrived: number; checkedInAt: string } | null;
}

export interface DoorCounts {
  expectedGuests: number;
  arrivedGuests: number;
  expectedParties: number;
  arrivedParties: number;
}

export interface CheckInOutcome {
  outcome: 'checked-in' | 'already';
  party: DoorParty;
}

export interface CheckInRequest {
  token?: string;
  rsvpId?: string;
  guests?: number;
  scannedAt?: string;
}

export const doorKeys = {
  all: ['admin', 'door'] as const,
  counts: (eventId: number) => [...doorKeys.all, 'counts', eventId] as const,
  search: (eventId: number, q: string) => [...doorKeys.all, 'search', eventId, q] as const,
};

export function useDoorEvents() {
  return useAdminQuery<{ data: DoorEvent[] }>([...doorKeys.all, 'events'], '/api/admin/events?pageSize=500');
}

/** Arrived against expected, polled so every device at the door sees the others' check-ins. */
export function useDoorCounts(eventId: number | null) {
  return useAdminQuery<{ data: DoorCounts }>(doorKeys.counts(eventId ?? 0), `/api/admin/events/${eventId}/check-in`, {
    enabled: eventId !== null,
    refetchInterval: 3000,
    refetchIntervalInBackground: false,
  });
}

export function useDoorSearch(eventId: number | null, q: string) {
  return useQuery<{ data: DoorParty[] }, ApiError>({
    queryKey: doorKeys.search(eventId ?? 0, q),
    queryFn: ({ signal }) =>
      adminRequest('GET', `/api/admin/events/${eventId}/check-in/guests?q=${encodeURIComponent(q)}`, undefined, {
        signal,
      }),
    enabled: eventId !== null && q.length > 0,
  });
}

export const lookupPass = (eventId: number, token: string) =>
  adminRequest<{ data: DoorParty }>('POST', `/api/admin/events/${eventId}/check-in/lookup`, { token }).then(
    (r) => r.data,
  );

export const checkIn = (eventId: number, body: CheckInRequest) =>
  adminRequest<{ data: CheckInOutcome }>('POST', `/api/admin/events/${eventId}/check-in`, body).then((r) => r.data);

export const setArrived = (eventId: number, rsvpId: string, arrived: number) =>
  adminRequest<{ data: DoorParty }>('PATCH', `/api/admin/events/${eventId}/check-in/${rsvpId}`, { arrived }).then(
    (r) => r.data,
  );
