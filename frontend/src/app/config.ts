import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
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
  if (typeof document === 'undefined') return null;
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
  const appUrl = typeof record.appUrl === 'string' && record.appUrl ? record.appUrl : currentOrigin();
  return { brandName, appUrl };
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

const metaConfig = readMetaConfig();

/**
 * The configuration given by the prerenderer (src/app/server-render.tsx), which renders the landing
 * page at the api's start-up with that deployment's brand; in the browser it is read from the meta tag.
 */
export const PublicConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig(): PublicConfig {
  const given = useContext(PublicConfigContext);
  const { data } = useQuery({
    queryKey: ['/api/config/public'],
    queryFn: fetchPublicConfig,
    enabled: given === null && metaConfig === null,
  });
  return given ?? metaConfig ?? data ?? { brandName: DEFAULT_BRAND_NAME, appUrl: currentOrigin() };
}

export function useBrand(): string {
  return usePublicConfig().brandName;
}
