import { keepPreviousData } from '@tanstack/react-query';
import { getAdminAuth, useAdminQuery } from '../../../api/admin-client';
import { ApiError } from '../../../api/client';
import type { ApiSchema } from '../../../api/types';

/** The Insights answers, from the generated contract (src/api/schema.gen.ts). */
export type InsightsFunnel = ApiSchema<'InsightsFunnel'>['data'];
export type FunnelDay = InsightsFunnel['days'][number];
export type CampaignRow = ApiSchema<'InsightsCampaigns'>['data']['rows'][number];
export type SponsorRow = ApiSchema<'InsightsSponsors'>['data']['rows'][number];

/** The range (UTC days, both ends included) and the optional attribution the tab reads. */
export interface InsightsFilter {
  from: string;
  to: string;
  source?: string;
  medium?: string;
  campaign?: string;
  nominatedBy?: string;
}

/** The tables the server sends as CSV. */
export type InsightsTable = 'funnel' | 'days' | 'campaigns' | 'sponsors';

export const insightsKeys = {
  all: ['admin', 'insights'] as const,
  funnel: (filter: InsightsFilter) => ['admin', 'insights', 'funnel', filter] as const,
  campaigns: (filter: InsightsFilter) => ['admin', 'insights', 'campaigns', filter] as const,
  sponsors: (filter: InsightsFilter) => ['admin', 'insights', 'sponsors', filter] as const,
  sponsor: (memberId: string) => ['admin', 'insights', 'sponsor', memberId] as const,
};

export function insightsParams(filter: Partial<InsightsFilter>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) search.set(name, value);
  return search;
}

export function useInsightsFunnel(filter: InsightsFilter) {
  return useAdminQuery<{ data: InsightsFunnel }>(
    insightsKeys.funnel(filter),
    `/api/admin/insights/funnel?${insightsParams(filter)}`,
    { placeholderData: keepPreviousData },
  );
}

/** The campaigns of the range, whatever attribution the funnel is filtered by. */
export function useInsightsCampaigns(filter: InsightsFilter) {
  const range = { from: filter.from, to: filter.to };
  return useAdminQuery<{ data: { rows: CampaignRow[] } }>(
    insightsKeys.campaigns(range),
    `/api/admin/insights/campaigns?${insightsParams(range)}`,
    { placeholderData: keepPreviousData },
  );
}

export function useInsightsSponsors(filter: InsightsFilter) {
  const range = { from: filter.from, to: filter.to };
  return useAdminQuery<{ data: { rows: SponsorRow[] } }>(
    insightsKeys.sponsors(range),
    `/api/admin/insights/sponsors?${insightsParams(range)}`,
    { placeholderData: keepPreviousData },
  );
}

/** One member's sponsor quality, all time. */
export function useSponsorQuality(memberId: string) {
  return useAdminQuery<{ data: { sponsor: SponsorRow } }>(
    insightsKeys.sponsor(memberId),
    `/api/admin/insights/sponsors/${encodeURIComponent(memberId)}`,
    { retry: false },
  );
}

/**
 * Downloads one table as CSV, as the server writes it for the same range and filters. The browser
 * cannot follow a link with the staff credentials, so the file is fetched with them and handed
 * over as a blob under the server's file name.
 */
export async function downloadInsightsCsv(table: InsightsTable, filter: Partial<InsightsFilter>): Promise<void> {
  const auth = getAdminAuth();
  if (!auth) throw new ApiError(401, 'Not authenticated', {}, undefined, 'UNAUTHORIZED');
  const response = await fetch(`/api/admin/insights/${table}.csv?${insightsParams(filter)}`, {
    headers: { Authorization: auth },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(response.status, body?.error ?? 'Request failed');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `${table}.csv`;
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
