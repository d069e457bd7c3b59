// What the renderer's first screen loads: the entry chunk and the chunks it imports statically,
// followed through Vite's manifest (dist/renderer/.vite/manifest.json, `build.manifest` in
// vite.config.ts). Chunks imported dynamically (the pages loaded when opened) are not counted.
// Sizes are gzipped by zlib at its default level, in kB of 1000 bytes (Vite's own report of a
// chunk's gzipped size can differ by about 1 %).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue #25: the first screen loads at most this much JavaScript, gzipped. */
export const FIRST_SCREEN_LIMIT_KB = 150;

export function readManifest(rendererDir) {
  return JSON.parse(readFileSync(join(rendererDir, '.vite', 'manifest.json'), 'utf8'));
}

/** The JavaScript files of the entry and of everything it imports statically, entry first. */
export function firstScreenFiles(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`the renderer's manifest has ${entries.length} entries, not one`);
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the renderer's manifest names a chunk it does not list: ${key}`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]);
  return files;
}

/** Each first-screen chunk with its size and gzipped size in bytes, their gzipped total, and whether it is within the limit. */
export function measureFirstScreen(rendererDir, limitKb = FIRST_SCREEN_LIMIT_KB) {
  const chunks = firstScreenFiles(readManifest(rendererDir)).map((file) => {
    const bytes = readFileSync(join(rendererDir, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes).length };
  });
  const gzip = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  return { chunks, gzip, limitKb, ok: gzip <= limitKb * 1000 };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** `renderer: first screen 101.2 kB of JavaScript gzipped (limit 150 kB): index-….js 81.7 kB, …` */
export function firstScreenLine(size) {
  const parts = size.chunks.map((chunk) => `${chunk.file.replace(/^assets\//, '')} ${kB(chunk.gzip)}`).join(', ');
  const head = `renderer: first screen ${kB(size.gzip)} of JavaScript gzipped`;
  if (size.ok) return `${head} (limit ${size.limitKb} kB): ${parts}`;
  return `${head}, over the limit of ${size.limitKb} kB: ${parts}; load more of it when a page opens (docs/design.md)`;
}
