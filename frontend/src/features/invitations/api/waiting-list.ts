import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest } from '../../../api/client';
import type { ApiAnswer, ApiSchema } from '../../../api/types';
import { invitationKey, type RsvpAnswer } from './invitation';

/** The guest's turn on a full event's waiting list (null until they join). */
export type WaitingListTurn = ApiSchema<'WaitingListTurn'>;

const turnKey = (code: string) => ['invitation', code, 'waiting-list'] as const;
const path = (code: string) => `/api/invitations/${encodeURIComponent(code)}/waiting-list`;

export function useWaitingListTurn(code: string) {
  return useQuery<WaitingListTurn | null, ApiError>({
    queryKey: turnKey(code),
    queryFn: ({ signal }) =>
      apiGet<ApiAnswer<'/api/invitations/{code}/waiting-list', 'get'>>(path(code), { signal }).then((r) => r.data),
    staleTime: 0,
  });
}

/** Joining or leaving changes the turn, and an offer given up changes the answer on the invitation. */
function useTurnChange<V>(code: string, call: (vars: V) => Promise<WaitingListTurn | null>) {
  const client = useQueryClient();
  return useMutation<WaitingListTurn | null, ApiError, V>({
    mutationFn: call,
    onSuccess: (turn) => {
      client.setQueryData(turnKey(code), turn);
      return client.invalidateQueries({ queryKey: invitationKey(code), exact: true });
    },
  });
}

export function useJoinWaitingList(code: string) {
  return useTurnChange(code, (answer: Omit<RsvpAnswer, 'status'>) =>
    apiRequest<ApiAnswer<'/api/invitations/{code}/waiting-list', 'post'>>('POST', path(code), answer).then(
      (r) => r.data,
    ),
  );
}

export function useLeaveWaitingList(code: string) {
  return useTurnChange(code, () =>
    apiRequest<ApiAnswer<'/api/invitations/{code}/waiting-list', 'delete'>>('DELETE', path(code)).then((r) => r.data),
  );
}
