import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer is loaded from app://ledgerscope in Electron (electron/window.ts) and from the web
// host in a browser: relative asset paths serve both.
export default defineConfig({
  root: resolve(import.meta.dirname, 'renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/renderer'),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2023',
    // .vite/manifest.json: which chunks the entry imports statically. scripts/build.mjs sums them to
    // weigh what the first screen loads (scripts/renderer-size.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        // zod, which the pages that validate share, in a chunk named for it (left to itself, the
        // bundler named the chunk after the first module it held: "minimums-….js").
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
});
