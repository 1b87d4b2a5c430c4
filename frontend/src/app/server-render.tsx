/**
 * The prerenderer: built by `vite build --ssr` into dist/server/render.cjs and loaded by the api
 * (backend/src/platform/http/serve-frontend.ts) with that deployment's configuration. The landing
 * page and the vendor application are rendered once at start-up; a guest's pages (the invitation,
 * its thank-you and payment pages) at each request, with the invitation the api's own service gives. So each arrives as real HTML, brand
 * and words included, and paints before any script runs. The browser then hydrates it (main.tsx):
 * the same providers, routes and query answers, so the same tree.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { invitationKey } from '../features/invitations';
import { taxonomyQuery } from '../features/vendors/api/taxonomy';
import { PublicConfigContext, type PublicConfig } from './config';
import { AppProviders, createQueryClient, seedQueries, type SeededQuery } from './providers';
import { AppRoutes } from './router';

/** What a page shows at its first paint, as its API calls would answer (the `data` of each). */
export interface PageAnswers {
  /** GET /api/vendor-taxonomy */
  vendorTaxonomy?: unknown;
  /** GET /api/invitations/{code} */
  invitation?: { code: string; view: unknown };
}

export interface RenderedPage {
  /** The contents of <div id="root">. */
  html: string;
  /** Ant Design's styles for the components on the page, as <style> tags for the <head>. */
  styles: string;
  /** The answers the page was rendered with: the browser seeds its query cache with them before hydrating. */
  queries: SeededQuery[];
}

function queriesOf(answers: PageAnswers): SeededQuery[] {
  const queries: SeededQuery[] = [];
  if (answers.vendorTaxonomy !== undefined) queries.push({ key: taxonomyQuery.queryKey, data: answers.vendorTaxonomy });
  if (answers.invitation) queries.push({ key: invitationKey(answers.invitation.code), data: answers.invitation.view });
  return queries;
}

/** Any page of the app at `url`, with the answers it shows at once. */
export async function renderPage(url: string, config: PublicConfig, answers: PageAnswers = {}): Promise<RenderedPage> {
  const queries = queriesOf(answers);
  const queryClient = createQueryClient();
  seedQueries(queryClient, queries);
  // Ant Design writes its CSS-in-JS into this cache while rendering; the page's <head> gets it.
  const styleCache = createCache();
  const { prelude } = await prerender(
    <PublicConfigContext.Provider value={config}>
      <StyleProvider cache={styleCache}>
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </StrictMode>
      </StyleProvider>
    </PublicConfigContext.Provider>,
  );
  const html = await new Response(prelude).text();
  return { html, styles: extractStyle(styleCache), queries };
}

export async function renderLanding(config: PublicConfig): Promise<{ html: string; title: string }> {
  const { html } = await renderPage('/', config);
  return { html, title: `${config.brandName} · A Private Members' Club` };
}
