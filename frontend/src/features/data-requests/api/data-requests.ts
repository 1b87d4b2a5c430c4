/**
 * 'Your data': a person's copy of what the club holds and its erasure. For a member in their
 * account; for anyone through an emailed link; and the owners' queue with its 30-day clock.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminQuery } from '../../../api/admin-client';
import { apiGet, apiRequest } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

export type DataRequest = ApiSchema<'DataRequest'>;
export type DataRequestKind = DataRequest['kind'];
export type DataRequestStatus = DataRequest['status'];
type DataLink = ApiSchema<'DataRequestLink'>;
type DataDownload = ApiSchema<'DataExportDownload'>;

/** The word a member types to erase their account (the server checks the same). */
export const ERASE_WORD = 'ERASE';

export const STATUS_NAMES: Record<DataRequestStatus, string> = {
  received: 'Received',
  verified: 'Awaiting us',
  'in-progress': 'In progress',
  completed: 'Completed',
  refused: 'Refused',
};

export const KIND_NAMES: Record<DataRequestKind, string> = { export: 'Copy of data', erasure: 'Erasure' };

export const REQUESTER_NAMES: Record<DataRequest['requestedBy'], string> = {
  person: 'By email link',
  member: 'Member, in account',
  staff: 'Staff',
};

const enc = encodeURIComponent;

// ---------------------------------------------------------------- the member's account

const MEMBER_PATH = '/api/members/me/data-requests';
export const memberRequestsKey = ['members', 'me', 'data-requests'] as const;

export function useMemberDataRequests() {
  return useQuery({
    queryKey: memberRequestsKey,
    queryFn: ({ signal }) => apiGet<{ data: DataRequest[] }>(MEMBER_PATH, { signal }).then((answer) => answer.data),
    retry: false,
  });
}

export function useAskMemberDataRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: DataRequestKind; confirmation?: string }) =>
      apiRequest<{ data: DataRequest }>('POST', MEMBER_PATH, body).then((answer) => answer.data),
    onSuccess: () => client.invalidateQueries({ queryKey: memberRequestsKey }),
  });
}

// ---------------------------------------------------------------- anyone, by email

/** The Your Data form: emails a link if we hold anything (the answer is the same either way). */
export function useEmailDataLink() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<{ success: true }>('POST', '/api/data-requests', { email }),
  });
}

/** What an emailed link names, and until when. */
export function useDataLink(token: string) {
  return useQuery({
    queryKey: ['data-requests', 'link', token],
    queryFn: ({ signal }) =>
      apiGet<{ data: DataLink }>(`/api/data-requests/link/${enc(token)}`, { signal }).then((answer) => answer.data),
    retry: false,
  });
}

export function useAskByLink(token: string) {
  return useMutation({
    mutationFn: (kind: DataRequestKind) =>
      apiRequest<{ data: DataRequest }>('POST', '/api/data-requests/link', { token, kind }).then(
        (answer) => answer.data,
      ),
  });
}

/** Whether an export's download link still works; the file itself is fetched by the browser. */
export function useDownloadStatus(token: string) {
  return useQuery({
    queryKey: ['data-requests', 'download', token],
    queryFn: ({ signal }) =>
      apiGet<{ data: DataDownload }>(`/api/data-requests/download/${enc(token)}/status`, { signal }).then(
        (answer) => answer.data,
      ),
    retry: false,
  });
}

export const downloadUrl = (token: string) => `/api/data-requests/download/${enc(token)}`;

// ---------------------------------------------------------------- the owners' queue

const ADMIN_PATH = '/api/admin/data-requests';

export function useDataRequestQueue(status: 'open' | 'all', page: number, pageSize: number) {
  return useAdminQuery<{ data: DataRequest[]; total: number }>(
    ['admin', 'data-requests', status, page, pageSize],
    `${ADMIN_PATH}?status=${status}&page=${page}&pageSize=${pageSize}`,
    { placeholderData: keepPreviousData },
  );
}

export function useDataRequestActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'data-requests'] });
  return {
    start: useMutation({
      mutationFn: (body: { kind: DataRequestKind; email: string; notes?: string }) =>
        adminRequest<{ data: DataRequest }>('POST', ADMIN_PATH, body).then((answer) => answer.data),
      onSuccess: refresh,
    }),
    complete: useMutation({
      mutationFn: (id: string) =>
        adminRequest<{ data: DataRequest }>('POST', `${ADMIN_PATH}/${enc(id)}/complete`).then((answer) => answer.data),
      onSuccess: refresh,
    }),
    refuse: useMutation({
      mutationFn: ({ id, note }: { id: string; note: string }) =>
        adminRequest<{ data: DataRequest }>('POST', `${ADMIN_PATH}/${enc(id)}/refuse`, { note }).then(
          (answer) => answer.data,
        ),
      onSuccess: refresh,
    }),
  };
}
