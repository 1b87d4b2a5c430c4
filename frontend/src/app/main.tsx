import './global.css';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes } from './router';

// The web fonts come once the page has loaded: the prerendered landing page paints its words at
// once in the fallback faces, and never holds its load (nor its scripts) for some 110 KB of fonts.
const loadFonts = () => void import('./fonts.css');
if (document.readyState === 'complete') loadFonts();
else window.addEventListener('load', loadFonts, { once: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const app = (
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The api sends / as HTML prerendered at its start-up (src/app/server-render.tsx): React takes it
// over where it stands (the page's chunk hydrates when it has arrived), in a transition, so that the
// work is cut into short slices that never keep a tap waiting. Every other page arrives empty and
// is rendered here.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
