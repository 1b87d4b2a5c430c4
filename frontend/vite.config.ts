/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// The rules both ends enforce (../shared), read from their source: no build step for the browser.
const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));
// The api behind /api: `npm run dev` sets it from PORT; a plain `vite` assumes the default port.
const api = { target: process.env.API_PROXY_TARGET || 'http://localhost:3000', changeOrigin: true };
const proxy = { '/api': api, '/admin/queues': api };

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: { '@maison/shared': shared } },
  server: { port: 5173, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The entry holds React, the router, React Query and the Ant Design core (ConfigProvider, App and
    // its toasts); every page, and the rest of Ant Design, loads in its own chunk.
    chunkSizeWarningLimit: 700,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    // Page tests import lazy route chunks; a busy parallel run can take a few seconds for the first.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
