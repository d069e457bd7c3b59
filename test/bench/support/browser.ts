// Chromium for the renderer benchmarks, with the same executable and flags as the e2e tests, and
// a static server for the built renderer (dist/renderer) when no web host is needed.
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import config, { CHROMIUM } from '../../../playwright.config';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
const RENDERER = join(ROOT, 'dist', 'renderer');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: config.use?.launchOptions?.args ?? [] });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};

/** Serves dist/renderer on 127.0.0.1 (build it first: node scripts/build.mjs --renderer). */
export async function serveRenderer(): Promise<{ url: string; close(): Promise<void> }> {
  if (!existsSync(join(RENDERER, 'index.html')))
    throw new Error('dist/renderer is missing: run `node scripts/build.mjs --renderer` first');
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(RENDERER, path === '/' ? 'index.html' : path);
    if (!file.startsWith(RENDERER) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
