// The renderer's first screen (issue #25), read from what `npm run build` made and Vite's manifest:
// the entry chunk and the chunks it imports statically stay within the limit, hold neither the XDR
// library nor zod, and every page but the explore home is a chunk of its own, loaded when opened.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_LIMIT_KB,
  firstScreenFiles,
  measureFirstScreen,
  readManifest,
  type Manifest,
} from '../../scripts/renderer-size.mjs';
import { ensureBuilt } from '../support/build';

const ROOT = join(import.meta.dirname, '..', '..');
const RENDERER = join(ROOT, 'dist', 'renderer');

beforeAll(() => ensureBuilt(), 300_000);

/** The pages loaded when opened (renderer/src/pages.tsx), by their source in the manifest. */
const LAZY_PAGES = [
  'src/features/explore/asset-page.tsx',
  'src/features/explore/entity-page.tsx',
  'src/features/live/live-page.tsx',
  'src/features/settings/settings-page.tsx',
  'src/features/submit/submit-page.tsx',
  'src/features/workbench/workbench-page.tsx',
];

/**
 * Strings each library writes in its own code and minification keeps (they are string literals),
 * checked against the library's own files first, so that a marker that stopped being one fails.
 */
const LIBRARIES = [
  {
    name: '@stellar/stellar-base',
    source: 'node_modules/@stellar/stellar-base/dist/stellar-base.min.js',
    markers: ['ed25519SecretSeed', 'envelopeTypeTxFeeBump', 'Public Global Stellar Network ; September 2015'],
  },
  { name: 'zod', source: 'node_modules/zod/v4/core/schemas.js', markers: ['$ZodType'] },
];

const firstScreen = () => firstScreenFiles(readManifest(RENDERER));
const read = (file: string) => readFileSync(join(RENDERER, file), 'utf8');

describe("the renderer's first screen", () => {
  it(`loads at most ${FIRST_SCREEN_LIMIT_KB} kB of JavaScript, gzipped`, () => {
    const files = firstScreen();
    expect(files.length).toBeGreaterThan(0);
    const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(RENDERER, file))).length, 0);
    expect(gzip, `${(gzip / 1000).toFixed(1)} kB in ${files.join(', ')}`).toBeLessThanOrEqual(
      FIRST_SCREEN_LIMIT_KB * 1000,
    );
    expect(measureFirstScreen(RENDERER)).toMatchObject({ gzip, ok: true, limitKb: FIRST_SCREEN_LIMIT_KB });
  });

  it('is the entry and what it imports statically, never what it imports dynamically', () => {
    const manifest: Manifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_shared.js'],
        dynamicImports: ['src/page.tsx'],
        css: ['assets/index.css'],
      },
      '_shared.js': { file: 'assets/shared.js', imports: ['_deeper.js', 'index.html'] },
      '_deeper.js': { file: 'assets/deeper.js' },
      'src/page.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_shared.js', '_page-only.js'] },
      '_page-only.js': { file: 'assets/page-only.js' },
    };
    expect(firstScreenFiles(manifest)).toEqual(['assets/index.js', 'assets/shared.js', 'assets/deeper.js']);
    expect(() => firstScreenFiles({ ...manifest, 'other.html': { file: 'assets/other.js', isEntry: true } })).toThrow(
      /2 entries/,
    );
  });

  it('shows the explore home at once and loads every other page when it is opened', () => {
    const manifest = readManifest(RENDERER);
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    expect([...(entry.dynamicImports ?? [])].sort()).toEqual(LAZY_PAGES);
    const files = new Set(firstScreenFiles(manifest));
    for (const page of LAZY_PAGES) expect(files.has(manifest[page]!.file), page).toBe(false);
    // The sources the first screen's chunks were built from, from their source maps.
    const sources = [...files].flatMap((file) => (JSON.parse(read(`${file}.map`)) as { sources: string[] }).sources);
    expect(sources.some((source) => source.endsWith('renderer/src/features/explore/explore-home.tsx'))).toBe(true);
    for (const page of LAZY_PAGES)
      expect(
        sources.filter((source) => source.endsWith(`renderer/${page}`)),
        page,
      ).toEqual([]);
  });

  it.each(LIBRARIES)('holds nothing of $name', ({ source, markers }) => {
    const library = readFileSync(join(ROOT, source), 'utf8');
    for (const marker of markers) expect(library, `${source} holds ${marker}`).toContain(marker);
    for (const file of firstScreen()) {
      const code = read(file);
      for (const marker of markers) expect(code.includes(marker), `${file} holds ${marker}`).toBe(false);
    }
  });
});
