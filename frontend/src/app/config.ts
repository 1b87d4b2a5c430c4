import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/client';

export interface PublicConfig {
  brandName: string;
  appUrl: string;
}

export const DEFAULT_BRAND_NAME = 'Maison Fortuna';

/**
 * The server writes `<meta name="app-config" content='{"brandName":..,"appUrl":..}'>` into index.html.
 * Under `vite dev` that tag is absent, so the config is fetched once from /api/config/public instead.
 */
export function readMetaConfig(): PublicConfig | null {
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!content) return null;
  try {
    return normalise(JSON.parse(content) as unknown);
  } catch {
    return null;
  }
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  const answer = await apiGet<{ data?: unknown } | undefined>('/api/config/public');
  return normalise(answer?.data ?? answer);
}

function normalise(value: unknown): PublicConfig {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const brandName =
    typeof record.brandName === 'string' && record.brandName.trim() ? record.brandName.trim() : DEFAULT_BRAND_NAME;
  const appUrl = typeof record.appUrl === 'string' && record.appUrl ? record.appUrl : window.location.origin;
  return { brandName, appUrl };
}

const metaConfig = readMetaConfig();

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: ['/api/config/public'],
    queryFn: fetchPublicConfig,
    enabled: metaConfig === null,
  });
  return metaConfig ?? data ?? { brandName: DEFAULT_BRAND_NAME, appUrl: window.location.origin };
}

export function useBrand(): string {
  return usePublicConfig().brandName;
}
