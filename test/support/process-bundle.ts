// Bundles the processes the tests start many times, the command line and the local network's
// parts, one ESM file each, into a directory given as its argument; run once per test process by
// test/support/bundled.ts (`node --import tsx test/support/process-bundle.ts <dir>`). Under tsx
// (bin/ledgerscope.mjs, `npm run network`) each start resolves and transforms its some 300 modules
// through tsx's loader: about 1.2 s for the command line and 0.7 s for each part of the network
// here, against 0.3 s and 0.45 s from a bundle.
//
// A bundle runs the same code: the project's modules transformed by the same esbuild tsx uses,
// packages left external and loaded by Node from node_modules as they are under tsx. Each module
// keeps its own import.meta.url, as under tsx: the command line finds the network's sources from
// it (cli/local-network.ts), the store its schema (network/store/db.ts), and packages resolve from
// it (core/submission/xdr.ts). The modules that look at import.meta.url to know whether they run
// from sources or from a bundle (OWN_URL) see the bundle's: the history index's worker, the lake
// scan's and the lake fetch's, and the network's parts, then run bundled beside it (as the desktop
// app runs its workers from scripts/build.mjs's bundles), and a part's entry knows it is the script
// Node was started on.
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const ROOT = join(import.meta.dirname, '..', '..');

const OWN_URL = new Set(
  [
    'core/history-index/main-thread/client.ts',
    'core/sources/lake/scan-pool.ts',
    'core/sources/lake/fetch-transport.ts',
    'network/cli.ts',
    'network/service/process.ts',
    'network/rpc/process.ts',
  ].map((path) => join(ROOT, path)),
);

/** The bundle's files, by their sources: beside each other as the modules that choose them expect. */
const BUNDLES: [source: string, bundle: string][] = [
  ['cli/main.ts', 'ledgerscope.mjs'],
  ['core/history-index/worker-thread/worker.ts', 'history-worker.mjs'],
  ['core/sources/lake/scan-worker.ts', 'lake-worker.mjs'],
  ['core/sources/lake/fetch-worker.ts', 'lake-fetch-worker.mjs'],
  ['network/cli.ts', 'network/cli.mjs'],
  ['network/validator-process.ts', 'network/validator-process.mjs'],
  ['network/service/process.ts', 'network/service/process.mjs'],
  ['network/rpc/process.ts', 'network/rpc/process.mjs'],
  ['network/lake/process.ts', 'network/lake/process.mjs'],
];

const sourceImportMeta: Plugin = {
  name: 'ledgerscope-source-import-meta',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      if (path.includes(`${sep}node_modules${sep}`) || OWN_URL.has(path)) return undefined;
      const text = await readFile(path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)), loader: 'ts' };
    });
  },
};

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: node --import tsx test/support/process-bundle.ts <output directory>');
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
  plugins: [sourceImportMeta],
};

await Promise.all(
  BUNDLES.map(([source, bundle]) => build({ ...common, entryPoints: [source], outfile: join(outDir, bundle) })),
);
