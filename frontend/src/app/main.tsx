import './global.css';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { noteEarlyInput } from './early-input';
import { AppProviders, createQueryClient, seedQueries, type SeededQuery } from './providers';
import { AppRoutes, preloadPage } from './router';

// The web fonts come once the page has loaded: the prerendered landing page paints its words at
// once in the fallback faces, and never holds its load (nor its scripts) for some 110 KB of fonts.
const loadFonts = () => void import('./fonts.css');
if (document.readyState === 'complete') loadFonts();
else window.addEventListener('load', loadFonts, { once: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// A prerendered page carries the answers it was rendered with (a JSON script the server wrote):
// the first render then shows what the HTML shows, and hydration matches.
const queryClient = createQueryClient();
const seeded = document.getElementById('mf-queries')?.textContent;
if (seeded) seedQueries(queryClient, JSON.parse(seeded) as SeededQuery[]);

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The api sends /, /vendor-apply and a guest's pages (/invitation/{code}, its thank-you and payment) as prerendered HTML
// (src/app/server-render.tsx): React takes it over where it stands, once the page's chunks are
// loaded (preloadPage; the api fetches them all at once), in a transition, so that the work is cut
// into short slices that never keep a tap waiting. Every other page arrives empty and is rendered here.
if (container.firstElementChild) {
  // What the visitor types meanwhile is given back to React once it owns the page (early-input.ts).
  noteEarlyInput(container);
  void preloadPage(window.location.pathname).then(() => startTransition(() => void hydrateRoot(container, app)));
} else createRoot(container).render(app);
