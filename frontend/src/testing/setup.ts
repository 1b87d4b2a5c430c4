import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
// What Ant Design and the pages ask of the browser and jsdom lacks: matchMedia, ResizeObserver.
import './browser';

// Pages are lazy chunks; under a parallel run the first import can take over a second.
configure({ asyncUtilTimeout: 5000 });

// What the server writes into index.html; app/config.ts reads it when first imported.
const meta = document.createElement('meta');
meta.name = 'app-config';
meta.content = JSON.stringify({ brandName: 'Maison Fortuna', appUrl: 'http://localhost:3000' });
document.head.append(meta);

// jsdom does not implement scrolling; the page only asks for it.
window.scrollTo = () => undefined;
