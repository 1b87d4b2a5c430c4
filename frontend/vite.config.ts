/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// The rules both ends enforce (../shared), read from their source: no build step for the browser.
const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));
// The api behind /api: `npm run dev` sets it from PORT; a plain `vite` assumes the default port.
const api = { target: process.env.API_PROXY_TARGET || 'http://localhost:3000', changeOrigin: true };
const proxy = { '/api': api, '/admin/queues': api };

/** Files worth compressing; fonts (woff2) and pictures are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|xml|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the client build,
 * at the highest levels (done once here, never per request). The api and nginx answer with them.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'maison-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = join(dir, name);
          if (statSync(full).isDirectory()) return name === 'server' || name === '.vite' ? [] : walk(full);
          return COMPRESSIBLE.test(name) ? [full] : [];
        });
      for (const file of walk(outDir)) {
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: { alias: { '@maison/shared': shared } },
  server: { port: 5173, proxy },
  preview: { proxy },
  // The prerenderer (src/app/server-render.tsx) is one self-contained file the api loads at start-up.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: false,
        sourcemap: false,
        copyPublicDir: false,
        rollupOptions: {
          output: { format: 'cjs', entryFileNames: 'render.cjs', chunkFileNames: '[name]-[hash].cjs' },
        },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // No source maps are built, so none can be served.
        sourcemap: false,
        // The api reads it to link the landing page's stylesheets and scripts in its prerendered HTML.
        manifest: true,
        // The entry holds React, the router and React Query; every page, and Ant Design, loads in
        // chunks of its own (src/test/bundle-budget.test.ts keeps the landing page's first load small).
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
    testTimeout: 30_000,
    unstubGlobals: true,
  },
}));
