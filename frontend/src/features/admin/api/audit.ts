import { keepPreviousData } from '@tanstack/react-query';
import { getAdminAuth, useAdminQuery } from '../../../api/admin-client';
import { ApiError } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

/** A row of the audit log, from the generated contract (src/api/schema.gen.ts). */
export type AuditItem = ApiSchema<'AuditItem'>;

/** What the Audit tab filters by; every field optional, dates are days (both ends included). */
export interface AuditFilter {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

function params(filter: AuditFilter): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) search.set(name, value);
  return search;
}

/** A page of the log, newest first, filtered and paged on the server. */
export function useAuditLog(filter: AuditFilter, page: number, pageSize: number) {
  const search = params(filter);
  search.set('page', String(page));
  search.set('pageSize', String(pageSize));
  return useAdminQuery<{ items: AuditItem[]; total: number }>(
    ['admin', 'audit', filter, page, pageSize],
    `/api/admin/audit?${search}`,
    { placeholderData: keepPreviousData },
  );
}

/**
 * Downloads the filtered log as CSV. The browser cannot follow a link with the staff credentials,
 * so the file is fetched with them and handed over as a blob under the server's file name.
 */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  const auth = getAdminAuth();
  if (!auth) throw new ApiError(401, 'Not authenticated', {}, undefined, 'UNAUTHORIZED');
  const response = await fetch(`/api/admin/audit.csv?${params(filter)}`, { headers: { Authorization: auth } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(response.status, body?.error ?? 'Request failed');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'audit.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
