import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../api/client';
import { adminRequest, useAdminQuery } from '../../../api/admin-client';
import type { ApiSchema } from '../../../api/types';

/** The door's API shapes, from the generated contract (src/api/schema.gen.ts). */
export type DoorEvent = Pick<ApiSchema<'EventView'>, 'id' | 'name' | 'date' | 'status'>;
export type DoorParty = ApiSchema<'DoorParty'>;
export type DoorCounts = ApiSchema<'DoorCounts'>;
export type CheckInOutcome = ApiSchema<'CheckInOutcome'>;
export type CheckInRequest = ApiSchema<'CheckInDto'>;

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
