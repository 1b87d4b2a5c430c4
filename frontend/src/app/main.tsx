import './fonts.css';
import './global.css';

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes } from './router';

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
// over where it stands (the page's chunk hydrates when it has arrived). Every other page arrives
// empty and is rendered here.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
