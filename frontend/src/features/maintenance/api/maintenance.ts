import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { adminRequest } from '../../../api/admin-client';

export const STATUS_KEY = ['status'] as const;

export interface SiteStatus {
  maintenance: boolean;
}

/** The server's maintenance switch (GET /api/status), read once per page load. */
export function useSiteStatus() {
  return useQuery<SiteStatus>({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => apiGet<SiteStatus>('/api/status', { signal }),
  });
}

/**
 * Switches maintenance mode on the server. `auth` is a Basic header to use once (from a
 * credentials prompt); without it the admin's stored credentials are used.
 */
export async function setMaintenance(enabled: boolean, auth?: string): Promise<boolean> {
  const answer = await adminRequest<{ maintenance: boolean }>('PUT', '/api/admin/maintenance', { enabled }, { auth });
  return answer.maintenance;
}

/** setMaintenance, then every screen reading the status sees the new value. */
export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return async (enabled: boolean, auth?: string) => {
    const maintenance = await setMaintenance(enabled, auth);
    queryClient.setQueryData<SiteStatus>(STATUS_KEY, { maintenance });
    return maintenance;
  };
}

/** Maintenance never hides /admin, nor any page opened with ?admin=true. */
export function isMaintenanceExempt(pathname: string, search: string): boolean {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return true;
  return new URLSearchParams(search).get('admin') === 'true';
}
