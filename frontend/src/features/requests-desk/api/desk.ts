import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { adminRequest, getAdminAuth, useAdminQuery } from '../../../api/admin-client';
import { readEventStream } from '../../../api/event-stream';
import type { ApiSchema, Page } from '../../../api/types';

export type StaffCard = ApiSchema<'StaffRequestCard'>;
export type StaffDetail = ApiSchema<'StaffRequestDetail'>;
export type RequestStatus = StaffCard['status'];
export type DeskStats = ApiSchema<'DeskStats'>;

/** The console's columns, in the order a request moves through them. */
export const COLUMNS: RequestStatus[] = ['received', 'in_progress', 'options_proposed', 'confirmed'];

export interface DeskFilters {
  q?: string;
  category?: string;
}

const KEY = ['admin', 'user-requests'] as const;

/** The open requests (every column), filtered and searched by the server. */
export function useDeskCards(filters: DeskFilters) {
  const params = new URLSearchParams({ status: COLUMNS.join(','), pageSize: '200' });
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  return useAdminQuery<Page<StaffCard>>([...KEY, 'cards', filters], `/api/admin/user-requests?${params}`, {
    placeholderData: keepPreviousData,
  });
}

export function useDeskDetail(id: string | null) {
  return useAdminQuery<{ data: StaffDetail }>([...KEY, 'detail', id], `/api/admin/user-requests/${id}`, {
    enabled: id !== null,
  });
}

export function useDeskStats() {
  return useAdminQuery<{ data: DeskStats }>([...KEY, 'stats'], '/api/admin/user-requests/stats');
}

export function useInvalidateDesk(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}

export function changeStatus(id: string, body: { status: RequestStatus; note?: string }) {
  return adminRequest('PATCH', `/api/admin/user-requests/${id}`, body);
}

export function replyAsConcierge(id: string, body: { content: string }) {
  return adminRequest('POST', `/api/admin/user-requests/${id}/replies`, body);
}

export function proposeOptions(
  id: string,
  body: {
    options: Array<
      Pick<ApiSchema<'RequestOption'>, 'title' | 'price' | 'currency'> &
        Partial<
          Pick<
            ApiSchema<'RequestOption'>,
            'description' | 'cancellationTerms' | 'validUntil' | 'startsAt' | 'refundableUntil' | 'supplierToConfirm'
          >
        >
    >;
    note?: string;
  },
) {
  return adminRequest('POST', `/api/admin/user-requests/${id}/options`, body);
}

export type DeskEvent = { event: string; data: { requestId?: string; status?: string } };

/**
 * The console's live updates (Server-Sent Events read with fetch, since the admin's credentials
 * travel in a header EventSource cannot send). Every event refreshes the console's queries;
 * `onEvent` hears each one. Reconnects after 2 s when the stream ends.
 */
export function useDeskLive(onEvent: (event: DeskEvent) => void): void {
  const client = useQueryClient();
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    let stopped = false;
    let controller: AbortController | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      const auth = getAdminAuth();
      if (!auth || stopped) return;
      controller = new AbortController();
      try {
        const response = await fetch('/api/admin/user-requests/events', {
          headers: { Authorization: auth, Accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(String(response.status));
        for await (const { event, data } of readEventStream(response.body)) {
          // 'reconnect': this api process is stopping; the stream ends and is opened again below.
          if (event === 'ready' || event === 'reconnect') continue;
          void client.invalidateQueries({ queryKey: KEY });
          handler.current({ event, data: JSON.parse(data) as DeskEvent['data'] });
        }
      } catch {
        // Closed, or the server is out of reach: try again below.
      }
      if (!stopped) retry = setTimeout(() => void connect(), 2000);
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      controller?.abort();
    };
  }, [client]);
}

export function handBack(id: string) {
  return adminRequest('POST', `/api/admin/user-requests/${id}/hand-back`);
}
