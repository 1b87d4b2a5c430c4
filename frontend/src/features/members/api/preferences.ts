/**
 * 'What we remember': the member's preferences, kept from the chat, by staff or by the member, in
 * the member's hands (change, forget, forget everything, pause remembering).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

export type Preference = ApiSchema<'MemberPreference'>;
export type PreferenceKind = Preference['kind'];
type Memory = ApiSchema<'MemberMemory'>;

/** The club's kinds, in the order they are shown, as the member reads them. */
export const PREFERENCE_KINDS: Array<{ kind: PreferenceKind; label: string }> = [
  { kind: 'dining', label: 'Dining and Diet' },
  { kind: 'allergies', label: 'Allergies' },
  { kind: 'health', label: 'Health' },
  { kind: 'seating', label: 'Seating' },
  { kind: 'flights', label: 'Flights and Cabin' },
  { kind: 'hotels', label: 'Hotels and Rooms' },
  { kind: 'brands', label: 'Brands' },
  { kind: 'dates', label: 'Important Dates' },
  { kind: 'companions', label: 'Travel Companions' },
  { kind: 'assistant', label: 'Assistant’s Contact' },
];

/** Where an entry came from, in the house's words. */
export function sourceOf(entry: Pick<Preference, 'source' | 'staffName'>): string {
  if (entry.source === 'chat') return 'From our conversation';
  if (entry.source === 'staff') return entry.staffName ? `Added by ${entry.staffName}` : 'Added by our staff';
  return 'Added by you';
}

const enc = encodeURIComponent;
const PATH = '/api/members/me/preferences';
export const preferencesKey = ['members', 'me', 'preferences'] as const;

export function usePreferences(enabled = true) {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => apiGet<{ data: Memory }>(PATH, { signal }).then((answer) => answer.data),
    enabled,
    retry: false,
  });
}

/** The changes of 'What we remember'; each refreshes the list. */
export function usePreferenceActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: preferencesKey });
  return {
    add: useMutation({
      mutationFn: (body: { kind: PreferenceKind; value: string }) =>
        apiRequest<{ data: Preference }>('POST', PATH, body),
      onSuccess: refresh,
    }),
    change: useMutation({
      mutationFn: ({ id, value }: { id: string; value: string }) =>
        apiRequest<{ data: Preference }>('PATCH', `${PATH}/${enc(id)}`, { value }),
      onSuccess: refresh,
    }),
    forget: useMutation({
      mutationFn: (id: string) => apiRequest<void>('DELETE', `${PATH}/${enc(id)}`),
      onSuccess: refresh,
    }),
    forgetEverything: useMutation({
      mutationFn: () => apiRequest<void>('DELETE', PATH),
      onSuccess: refresh,
    }),
    pause: useMutation({
      mutationFn: (paused: boolean) => apiRequest<{ data: Memory }>('PUT', `${PATH}/paused`, { paused }),
      onSuccess: (answer) => client.setQueryData(preferencesKey, answer.data),
    }),
  };
}
