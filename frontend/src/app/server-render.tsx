/**
 * The prerenderer: built by `vite build --ssr` into dist/server/render.cjs, loaded once by the api
 * at start-up (backend/src/platform/http/serve-frontend.ts) with that deployment's configuration,
 * so the landing page arrives as real HTML, brand included, and paints before any script runs.
 * The browser then hydrates it (main.tsx): the same providers and routes, so the same tree.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { PublicConfigContext, type PublicConfig } from './config';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes } from './router';

export async function renderLanding(config: PublicConfig): Promise<{ html: string; title: string }> {
  const { prelude } = await prerender(
    <PublicConfigContext.Provider value={config}>
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <StaticRouter location="/">
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>
    </PublicConfigContext.Provider>,
  );
  const html = await new Response(prelude).text();
  return { html, title: `${config.brandName} · A Private Members' Club` };
}
