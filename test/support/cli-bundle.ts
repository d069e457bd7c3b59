// Bundles the command line (cli/main.ts and the project's modules it imports) into one ESM file for
// the tests that spawn it many times: `node --import tsx …` transforms each of some 300 modules at
// every start (about 1.2 s a process here), the bundle starts in about 0.3 s. Run once per test
// process by test/support/cli-process.ts (`node --import tsx test/support/cli-bundle.ts <dir>`).
//
// The bundle runs the same code the shipped `ledgerscope` (bin/ledgerscope.mjs: cli/main.ts under
// tsx) runs, transformed by the same esbuild tsx uses; packages stay external, loaded by Node from
// node_modules as they are under tsx. Each module keeps its own import.meta.url, as under tsx: the
// command line finds the network's sources next to itself (cli/local-network.ts) and loads
// packages relative to itself (core/submission/xdr.ts). The two modules that choose between
// sources and a bundle for their worker threads (WORKER_SELECTORS) see the bundle's URL instead,
// so they run the history index's and the lake scan's workers bundled beside it, as the desktop
// app does (scripts/build.mjs), instead of starting each through tsx again.
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const ROOT = join(import.meta.dirname, '..', '..');

const WORKER_SELECTORS = new Set(
  ['core/history-index/main-thread/client.ts', 'core/sources/lake/scan-pool.ts'].map((path) => join(ROOT, path)),
);

const ownImportMeta: Plugin = {
  name: 'ledgerscope-own-import-meta',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      if (path.includes(`${sep}node_modules${sep}`) || WORKER_SELECTORS.has(path)) return undefined;
      const text = await readFile(path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)), loader: 'ts' };
    });
  },
};

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: node --import tsx test/support/cli-bundle.ts <output directory>');
  process.exit(2);
}

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  absWorkingDir: ROOT,
  logLevel: 'warning',
  plugins: [ownImportMeta],
};

await Promise.all(
  [
    ['cli/main.ts', 'ledgerscope.mjs'],
    ['core/history-index/worker-thread/worker.ts', 'history-worker.mjs'],
    ['core/sources/lake/scan-worker.ts', 'lake-worker.mjs'],
  ].map(([entry, out]) => build({ ...common, entryPoints: [entry!], outfile: join(outDir, out!) })),
);
