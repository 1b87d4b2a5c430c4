import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** The spec's global data policy: answers stay fresh forever, nothing refetches or retries on its own. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** A query's answer the page was prerendered with (src/app/server-render.tsx). */
export interface SeededQuery {
  key: readonly unknown[];
  data: unknown;
}

/**
 * Puts the answers a prerendered page was rendered with into the query cache, so that the browser's
 * first render (hydration) shows the same as the server's HTML instead of a loading state.
 */
export function seedQueries(queryClient: QueryClient, queries: readonly SeededQuery[]): void {
  for (const { key, data } of queries) queryClient.setQueryData(key, data);
}

/**
 * The providers of every page. Ant Design's are not here: they wrap only the pages that use it
 * (app/antd-layout.tsx), so that the landing page's first load holds none of Ant Design.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
