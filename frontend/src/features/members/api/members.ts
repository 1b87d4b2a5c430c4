/**
 * The member's side of the members API: the offer, signing in (email link, code, passkey), the
 * member's own account, passkeys and signed-in devices. Decide on an ApiError's `code`, never on
 * its message.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

export type MembershipOffer = ApiSchema<'MembershipOffer'>;
export type MemberSelf = ApiSchema<'MemberSelf'>;
export type Passkey = ApiSchema<'MemberPasskey'>;
export type MemberDevice = ApiSchema<'MemberDevice'>;
export type MemberTier = MemberSelf['tier'];

export const TIER_NAMES: Record<MemberTier, string> = {
  nomad: 'Nomad',
  voyager: 'Voyager',
  patron: 'Patron',
  black: 'Black',
};

const enc = encodeURIComponent;

export const memberKeys = {
  offer: (token: string) => ['members', 'offer', token] as const,
  signInLink: (token: string) => ['members', 'sign-in-link', token] as const,
  passkeysAvailable: ['members', 'passkeys-available'] as const,
  me: ['members', 'me'] as const,
  sessions: ['members', 'me', 'sessions'] as const,
};

// The offer and a sign-in link answer 404/410 with a code that will not change on a retry.
const noRetry = { retry: false } as const;

export const offerQuery = (token: string) =>
  queryOptions({
    queryKey: memberKeys.offer(token),
    queryFn: ({ signal }) => apiGet<MembershipOffer>(`/api/membership/offers/${enc(token)}`, { signal }),
    ...noRetry,
  });

export function acceptOffer(token: string, name: string): Promise<{ member: MemberSelf }> {
  return apiRequest('POST', `/api/membership/offers/${enc(token)}/accept`, { name });
}

export const signInLinkQuery = (token: string) =>
  queryOptions({
    queryKey: memberKeys.signInLink(token),
    queryFn: ({ signal }) => apiGet<{ email: string }>(`/api/members/sign-in/link/${enc(token)}`, { signal }),
    ...noRetry,
  });

export function useSignInLink(token: string) {
  return useQuery(signInLinkQuery(token));
}

export function consumeSignInLink(token: string): Promise<{ member: MemberSelf }> {
  return apiRequest('POST', `/api/members/sign-in/link/${enc(token)}`);
}

export function emailSignIn(email: string): Promise<{ sent: true }> {
  return apiRequest('POST', '/api/members/sign-in/email', { email });
}

export function codeSignIn(email: string, code: string): Promise<{ member: MemberSelf }> {
  return apiRequest('POST', '/api/members/sign-in/code', { email, code });
}

export function signOut(): Promise<void> {
  return apiRequest('POST', '/api/members/sign-out');
}

/** Whether this house has a domain for passkeys; an unreachable answer counts as no. */
export function usePasskeysAvailable() {
  return useQuery({
    queryKey: memberKeys.passkeysAvailable,
    queryFn: ({ signal }) =>
      apiGet<{ available: boolean }>('/api/members/passkeys/available', { signal }).then(
        (answer) => answer.available === true,
        () => false,
      ),
    staleTime: Infinity,
  });
}

/** The signed-in member, or null without a member session. */
export const meQuery = queryOptions({
  queryKey: memberKeys.me,
  queryFn: ({ signal }) => apiGet<MemberSelf | null>('/api/members/me', { signal, on401: 'returnNull' }),
  retry: false,
});

export function useMe(enabled = true) {
  return useQuery({ ...meQuery, enabled });
}

export function useDevices(enabled = true) {
  return useQuery({
    queryKey: memberKeys.sessions,
    queryFn: ({ signal }) => apiGet<MemberDevice[]>('/api/members/me/sessions', { signal }),
    enabled,
    retry: false,
  });
}

/** The account's changes; each refreshes what it changed. */
export function useAccountActions() {
  const client = useQueryClient();
  const refreshMe = () => client.invalidateQueries({ queryKey: memberKeys.me, exact: true });
  const refreshDevices = () => client.invalidateQueries({ queryKey: memberKeys.sessions });
  return {
    renamePasskey: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        apiRequest<Passkey>('PATCH', `/api/members/me/passkeys/${enc(id)}`, { name }),
      onSuccess: refreshMe,
    }),
    removePasskey: useMutation({
      mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/members/me/passkeys/${enc(id)}`),
      onSuccess: refreshMe,
    }),
    signOutDevice: useMutation({
      mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/members/me/sessions/${enc(id)}`),
      onSuccess: refreshDevices,
    }),
    signOutOthers: useMutation({
      mutationFn: () => apiRequest<void>('POST', '/api/members/me/sessions/sign-out-others'),
      onSuccess: refreshDevices,
    }),
    refreshMe,
  };
}
