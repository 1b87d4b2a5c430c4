import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../api/client';
import { adminRequest, useAdminQuery } from '../../../api/admin-client';
import type {
  BatchProgress,
  EventDefaults,
  EventFields,
  InvitationRow,
  LaunchEvent,
  NewInvitation,
  Page,
  RsvpRow,
  WaitlistInvite,
  WaitlistInviteResult,
} from './types';

/** Every launch-party query key starts here, so one invalidation refetches the lists after a change. */
export const launchPartyKeys = {
  all: ['admin', 'launch-party'] as const,
  events: () => [...launchPartyKeys.all, 'events'] as const,
  invitations: (eventId?: number) => [...launchPartyKeys.all, 'invitations', eventId ?? 'all'] as const,
  rsvps: (eventId?: number) => [...launchPartyKeys.all, 'rsvps', eventId ?? 'all'] as const,
  batch: (id: string) => [...launchPartyKeys.all, 'batch', id] as const,
};

const PAGE = 'pageSize=500';

/** Still moving: queued, sending or retrying (failed and unknown wait for the administrator). */
function isOnItsWay(status: InvitationRow['deliveryStatus']): boolean {
  return status === 'queued' || status === 'sending' || status === 'retrying';
}

export function useEvents() {
  return useAdminQuery<Page<LaunchEvent>>(launchPartyKeys.events(), `/api/admin/events?${PAGE}`);
}

/**
 * The server's defaults for a new event (its time zone): a setting, read once, under a key of its
 * own so the lists' invalidation after each change leaves it be.
 */
export function useEventDefaults() {
  return useAdminQuery<{ data: EventDefaults }>(['admin', 'event-defaults'], '/api/admin/event-defaults', {
    staleTime: Infinity,
  });
}

export function useInvitations(eventId?: number) {
  const path = eventId ? `/api/admin/events/${eventId}/invitations?${PAGE}` : `/api/admin/invitations?${PAGE}`;
  return useAdminQuery<Page<InvitationRow>>(launchPartyKeys.invitations(eventId), path, {
    // Follow emails on their way: the worker marks them sent once the mail server accepts them.
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.status === 'pending' && isOnItsWay(row.deliveryStatus)) ? 1500 : false,
  });
}

export function useRsvps(eventId?: number) {
  const path = eventId ? `/api/admin/events/${eventId}/rsvps?${PAGE}` : `/api/admin/rsvps?${PAGE}`;
  return useAdminQuery<Page<RsvpRow>>(launchPartyKeys.rsvps(eventId), path);
}

export function useBatchProgress(id: string | null) {
  return useAdminQuery<{ data: BatchProgress }>(
    launchPartyKeys.batch(id ?? 'none'),
    `/api/admin/invitation-batches/${id}`,
    {
      enabled: Boolean(id),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.data.done ? false : 700),
    },
  );
}

/** The Payments list (the payments feature's key prefix): its rows carry the guest, event and RSVP. */
const PAYMENT_LISTS = ['admin', 'payments'] as const;

function useLaunchPartyMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation<TResult, ApiError, TVars>({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: launchPartyKeys.all }),
        client.invalidateQueries({ queryKey: PAYMENT_LISTS }),
      ]),
  });
}

export function useSaveEvent() {
  return useLaunchPartyMutation(({ id, fields }: { id?: number; fields: EventFields }) =>
    id
      ? adminRequest<{ data: LaunchEvent }>('PATCH', `/api/admin/events/${id}`, fields)
      : adminRequest<{ data: LaunchEvent }>('POST', '/api/admin/events', fields),
  );
}

export function useDeleteEvent() {
  return useLaunchPartyMutation((id: number) => adminRequest('DELETE', `/api/admin/events/${id}`));
}

export function useCreateInvitation() {
  return useLaunchPartyMutation((invitation: NewInvitation) =>
    adminRequest<{ data: InvitationRow }>('POST', '/api/admin/invitations', invitation),
  );
}

export function useSendInvitation() {
  return useLaunchPartyMutation((id: number) =>
    adminRequest<{ data: InvitationRow }>('POST', `/api/admin/invitations/${id}/send`),
  );
}

export function useDeleteInvitation() {
  return useLaunchPartyMutation((id: number) => adminRequest('DELETE', `/api/admin/invitations/${id}`));
}

export function useSendPending() {
  return useLaunchPartyMutation((eventId: number) =>
    adminRequest<{ data: BatchProgress }>('POST', `/api/admin/events/${eventId}/invitations/send-pending`),
  );
}

export function useInviteFromWaitlist() {
  return useLaunchPartyMutation((invite: WaitlistInvite) =>
    adminRequest<{ data: WaitlistInviteResult }>('POST', '/api/admin/invitations/from-waitlist', invite),
  );
}
