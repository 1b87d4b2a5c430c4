import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest } from '../../../api/client';

export interface PublicEvent {
  id: number;
  name: string;
  description: string;
  eventType: string;
  date: string;
  startTime: string;
  endTime: string;
  time: string;
  location: string;
  address: string;
  city: string;
  state: string;
  country: string;
  ticketPrice: number;
  currency: string;
  dresscode: string | null;
  imageUrl: string | null;
  organizer: string;
  status: 'draft' | 'published' | 'completed' | 'cancelled';
}

export interface GuestRsvp {
  id: string;
  status: 'attending' | 'not_attending' | 'pending';
  guestCount: number;
  guestNames: string[];
  dietaryRestrictions: string | null;
  specialRequests: string | null;
  respondedAt: string;
  holdExpiresAt: string | null;
}

export interface InvitationView {
  event: PublicEvent;
  invitation: {
    recipientName: string;
    maxGuests: number;
    status: 'pending' | 'sent' | 'accepted' | 'declined' | 'cancelled';
    specialNotes: string | null;
  };
  rsvp: GuestRsvp | null;
}

export interface RsvpAnswer {
  status: 'attending' | 'not_attending';
  guestCount: number;
  guestNames: string[];
  dietaryRestrictions: string;
  specialRequests: string;
}

export const invitationKey = (code: string) => ['invitation', code] as const;

export function fetchInvitation(code: string, signal?: AbortSignal) {
  return apiGet<{ data: InvitationView }>(`/api/invitations/${encodeURIComponent(code)}`, { signal }).then(
    (r) => r.data,
  );
}

export function useInvitation(code: string) {
  return useQuery<InvitationView, ApiError>({
    queryKey: invitationKey(code),
    queryFn: ({ signal }) => fetchInvitation(code, signal),
    staleTime: 0,
  });
}

export function useSubmitRsvp(code: string) {
  const client = useQueryClient();
  return useMutation<{ rsvp: GuestRsvp; next: 'payment' | 'thank-you' }, ApiError, RsvpAnswer>({
    mutationFn: (answer) =>
      apiRequest<{ data: { rsvp: GuestRsvp; next: 'payment' | 'thank-you' } }>(
        'POST',
        `/api/invitations/${encodeURIComponent(code)}/rsvp`,
        answer,
      ).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationKey(code) }),
  });
}
