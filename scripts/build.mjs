// `npm run build`: the renderer with Vite, and the Node-side entry points bundled with esbuild into
// dist/, so Electron and the packaged app run plain JavaScript. Skips what is up to date.
//   dist/renderer/                 the page (Vite); the first screen's JavaScript is weighed after
//                                  each build and must stay within 150 kB gzipped (renderer-size.mjs)
//   dist/electron/main.cjs         Electron main (CommonJS; `electron` stays external)
//   dist/electron/preload.cjs      the sandboxed preload (CommonJS, no Node built-ins)
//   dist/electron/history-worker.mjs  the history index's worker thread (ESM)
//   dist/electron/lake-worker.mjs     the lake scan's worker threads (ESM)
//   dist/electron/lake-fetch-worker.mjs  the thread that fetches a lake's objects over HTTP (ESM)
//   dist/network/core.mjs          the local network's core node process (ESM)
//   dist/network/service.mjs       its query-and-submission service process (ESM)
//   dist/network/rpc.mjs           its Stellar RPC process (ESM)
//   dist/network/lake.mjs          its ledger data lake writer process (ESM)
//   dist/network/*.sql             the store schema the core reads next to its bundle
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstScreenLine, measureFirstScreen } from './renderer-size.mjs';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');

function newest(paths) {
  let time = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name));
    } else time = Math.max(time, info.mtimeMs);
  };
  paths.forEach((path) => visit(join(root, path)));
  return time;
}

const isStale = (outputs, sources) =>
  outputs.some((output) => !existsSync(output)) ||
  newest(sources) > Math.min(...outputs.map((output) => statSync(output).mtimeMs));

/**
 * Prints what the first screen loads and answers whether it is within the limit. An up-to-date
 * build is weighed too (quietly when it passes), so a build that went over fails every time.
 */
function checkFirstScreen(rendererDir, { quiet }) {
  let size;
  try {
    size = measureFirstScreen(rendererDir);
  } catch (error) {
    console.error(`ledgerscope: cannot weigh the renderer's first screen: ${error.message}`);
    return false;
  }
  if (!size.ok) console.error(firstScreenLine(size));
  else if (!quiet) console.log(firstScreenLine(size));
  return size.ok;
}

export function buildRenderer({ force = false } = {}) {
  const rendererDir = join(dist, 'renderer');
  const outputs = [join(rendererDir, 'index.html'), join(rendererDir, '.vite', 'manifest.json')];
  if (!force && !isStale(outputs, ['renderer', 'shared', 'vite.config.ts']))
    return checkFirstScreen(rendererDir, { quiet: true });
  console.log('ledgerscope: building the renderer');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    // The shipped renderer is a production build whoever runs this: a test runner's NODE_ENV=test
    // would make Vite bundle React's development build (three times the weight).
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return result.status === 0 && checkFirstScreen(rendererDir, { quiet: false });
}

// CommonJS bundles have no import.meta: give the bundled code its own file's URL and directory.
const CJS_IMPORT_META = {
  banner: { js: 'const __importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  define: {
    'import.meta.url': '__importMetaUrl',
    'import.meta.dirname': '__dirname',
    'import.meta.filename': '__filename',
  },
};

// ESM bundles of CommonJS packages (fastify, ...) need a `require` of their own.
const ESM_REQUIRE = {
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
};

/**
 * The network processes read their flags from process.argv and the service starts only when it
 * is the entry script (`import.meta.url === file://argv[1]`). Electron's utilityProcess passes
 * the flags in LEDGERSCOPE_NETWORK_ARGS, so this prologue rebuilds argv the way `node entry …`
 * would, whatever the host; it runs before the entry's own top level (imported first).
 */
const ARGV_PROLOGUE = `
const passed = process.env.LEDGERSCOPE_NETWORK_ARGS;
const args = passed ? JSON.parse(passed) : process.argv.slice(2);
delete process.env.LEDGERSCOPE_NETWORK_ARGS;
process.argv = [process.argv[0], new URL(import.meta.url).pathname, ...args];
`;

function networkEntry(source) {
  return `import ${JSON.stringify('ledgerscope:argv')};\nimport ${JSON.stringify(`./${source}`)};\n`;
}

const argvPlugin = {
  name: 'ledgerscope-argv',
  setup(build) {
    build.onResolve({ filter: /^ledgerscope:argv$/ }, () => ({ path: 'argv', namespace: 'ledgerscope' }));
    build.onLoad({ filter: /.*/, namespace: 'ledgerscope' }, () => ({ contents: ARGV_PROLOGUE, loader: 'js' }));
  },
};

/**
 * The preload needs only the channel names, not the zod schemas (and the domain code they pull
 * in): the build reads the names from shared/ipc.ts and gives the preload a module of names with
 * the same exports it uses. The preload stays small and free of anything a sandbox lacks.
 */
async function channelNamesPlugin(esbuild) {
  const tmp = join(root, 'node_modules', '.tmp', 'ipc-channels.mjs');
  await esbuild.build({
    ...ESM_REQUIRE,
    entryPoints: [join(root, 'shared', 'ipc.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: tmp,
    logLevel: 'silent',
  });
  const ipc = await import(`${pathToFileURL(tmp).href}?t=${Date.now()}`);
  const contents = [
    `export const requestChannels = Object.freeze(${JSON.stringify(Object.fromEntries(Object.keys(ipc.requestChannels).map((name) => [name, true])))});`,
    `export const eventChannels = Object.freeze(${JSON.stringify(Object.fromEntries(Object.keys(ipc.eventChannels).map((name) => [name, true])))});`,
    'const has = (map, name) => typeof name === "string" && Object.prototype.hasOwnProperty.call(map, name);',
    'export const isRequestChannel = (name) => has(requestChannels, name);',
    'export const isEventChannel = (name) => has(eventChannels, name);',
    `export const CANCEL_CHANNEL = ${JSON.stringify(ipc.CANCEL_CHANNEL)};`,
  ].join('\n');
  return {
    name: 'ledgerscope-channel-names',
    setup(build) {
      build.onResolve({ filter: /\/shared\/ipc$/ }, () => ({ path: 'ipc', namespace: 'ledgerscope-channels' }));
      build.onLoad({ filter: /.*/, namespace: 'ledgerscope-channels' }, () => ({ contents, loader: 'js' }));
    },
  };
}

function bundles() {
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked',
    logLevel: 'warning',
    absWorkingDir: root,
  };
  const list = [
    {
      ...common,
      ...CJS_IMPORT_META,
      entryPoints: ['electron/main.ts'],
      outfile: 'dist/electron/main.cjs',
      format: 'cjs',
      external: ['electron'],
    },
    // The history index's worker thread (core/history-index/main-thread/client.ts loads it next to main.cjs).
    {
      ...common,
      ...ESM_REQUIRE,
      entryPoints: ['core/history-index/worker-thread/worker.ts'],
      outfile: 'dist/electron/history-worker.mjs',
      format: 'esm',
    },
    // The lake scan's worker threads (core/sources/lake/scan-pool.ts loads it next to main.cjs).
    {
      ...common,
      ...ESM_REQUIRE,
      entryPoints: ['core/sources/lake/scan-worker.ts'],
      outfile: 'dist/electron/lake-worker.mjs',
      format: 'esm',
    },
    // The thread that fetches a lake's objects over HTTP (core/sources/lake/fetch-transport.ts loads it next to main.cjs).
    {
      ...common,
      ...ESM_REQUIRE,
      entryPoints: ['core/sources/lake/fetch-worker.ts'],
      outfile: 'dist/electron/lake-fetch-worker.mjs',
      format: 'esm',
    },
    // The sandboxed preload may require only a few modules (electron among them): no Node built-ins.
    {
      ...common,
      entryPoints: ['electron/preload.ts'],
      outfile: 'dist/electron/preload.cjs',
      format: 'cjs',
      platform: 'browser',
      target: 'chrome130',
      external: ['electron'],
    },
  ];
  for (const [name, source] of [
    ['core', 'network/validator-process.ts'],
    ['service', 'network/service/process.ts'],
    ['rpc', 'network/rpc/process.ts'],
    ['lake', 'network/lake/process.ts'],
  ]) {
    if (!existsSync(join(root, source))) {
      console.log(`ledgerscope: ${source} does not exist yet; dist/network/${name}.mjs not built`);
      continue;
    }
    list.push({
      ...common,
      ...ESM_REQUIRE,
      stdin: { contents: networkEntry(source), resolveDir: root, sourcefile: `${name}-entry.mjs`, loader: 'js' },
      outfile: `dist/network/${name}.mjs`,
      format: 'esm',
      plugins: [argvPlugin],
    });
  }
  return list;
}

export async function buildNode({ force = false } = {}) {
  const outputs = bundles().map((options) => join(root, options.outfile));
  if (!force && !isStale(outputs, ['core', 'electron', 'shared', 'network', 'package.json', 'scripts/build.mjs']))
    return true;
  console.log(`ledgerscope: bundling ${outputs.map((output) => relative(root, output)).join(', ')}`);
  const esbuild = await import('esbuild');
  try {
    const channelNames = await channelNamesPlugin(esbuild);
    const withNames = (options) =>
      options.outfile.endsWith('preload.cjs') ? { ...options, plugins: [channelNames] } : options;
    await Promise.all(bundles().map((options) => esbuild.build(withNames(options))));
  } catch (error) {
    console.error(`ledgerscope: bundling failed: ${error.message}`);
    return false;
  }
  // The core opens its schema next to its own module (new URL('./schema.sql', import.meta.url)).
  mkdirSync(join(dist, 'network'), { recursive: true });
  for (const name of readdirSync(join(root, 'network', 'store'))) {
    if (name.endsWith('.sql')) copyFileSync(join(root, 'network', 'store', name), join(dist, 'network', name));
  }
  return true;
}

/** Everything `npm start` and `npm run dist` need. */
export async function buildAll({ force = false } = {}) {
  return buildRenderer({ force }) && (await buildNode({ force }));
}

const USAGE = `usage: npm run build -- [--renderer] [--force]
  --renderer    the page only (dist/renderer, what the end-to-end tests serve), not the Node bundles
  --force       build even what is up to date
  --help, -h    print this and exit
Builds what is stale into dist/ and weighs the renderer's first screen (at most 150 kB gzipped).`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const unknown = args.find((arg) => arg !== '--force' && arg !== '--renderer');
  if (unknown !== undefined) {
    console.error(`ledgerscope: unknown argument ${unknown}\n${USAGE}`);
    process.exit(2);
  }
  const force = args.includes('--force');
  const ok = args.includes('--renderer') ? buildRenderer({ force }) : await buildAll({ force });
  process.exit(ok ? 0 : 1);
}
