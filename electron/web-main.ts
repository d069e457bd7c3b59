// `npm run web`: the app in a browser. Starts the embedded local network when Local is the
// network (unless --local-url names one already running), the app core and the web host, and
// prints the URL, token included, on one line.
import { homedir } from 'node:os';
import { APP_DATA_SEGMENTS, LOCAL_NETWORK_FOLDER } from '../shared/local-data';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createAppCore,
  createDispatcher,
  parseNetworkFlag,
  forkWithNode,
  localNetworkLine,
  setUpNetwork,
  sourceEntries,
  type Emit,
  type NetworkSetup,
} from '../core';
import { startWebHost, type WebHost } from './web-host';

const USAGE = `usage: npm run web -- [--network local|testnet|public|<url>] [--port N] [--user-data-dir DIR] [--local-url URL] [--local-data-dir DIR] [--export-dir DIR] [--renderer-dir DIR] [--no-open]
  --network X         the network to open: local (the embedded local network), testnet, public or a Horizon URL
  --port N            the web host's port on 127.0.0.1 (default 0: any free port; the URL is printed)
  --user-data-dir DIR settings, address book and history indexes (default ~/.config/ledgerscope)
  --local-url URL     a local network already running at URL instead of starting the embedded one
  --local-data-dir DIR that local network's data directory, for its demo accounts (default <user-data-dir>/local-network)
  --export-dir DIR    where exports are written (default ~/Downloads)
  --renderer-dir DIR  the built page to serve (default dist/renderer)
  --no-open           print the URL without opening the system browser (npm run web; also under CI)
  --help, -h          print this and exit`;

const root = join(import.meta.dirname, '..');

/** A bad flag: one line on stderr (the usage follows unless `brief`), exit code 2. */
function fail(message: string, brief = false): never {
  console.error(brief ? `ledgerscope: ${message}` : `ledgerscope: ${message}\n${USAGE}`);
  process.exit(2);
}

function readFlags(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        network: { type: 'string' },
        port: { type: 'string', default: '0' },
        'user-data-dir': { type: 'string' },
        'local-url': { type: 'string' },
        'local-data-dir': { type: 'string' },
        'export-dir': { type: 'string' },
        'renderer-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
}

/** The embedded network run from the TypeScript sources, as `npm run network` does. */
async function localNetwork(
  flag: string | undefined,
  userDataDir: string,
  localUrl: string | undefined,
): Promise<NetworkSetup> {
  return setUpNetwork({
    flag,
    userDataDir,
    dataDir: join(userDataDir, LOCAL_NETWORK_FOLDER),
    entries: sourceEntries(root),
    spawn: forkWithNode(['--import', 'tsx']),
    localUrl,
    mode: 'background',
    onNotice: (notice) => console.error(`ledgerscope: ${notice.message}`),
  });
}

export /** How long a stop may take before the host exits anyway (the network's own stop has 5 s a part). */
const STOP_DEADLINE_MS = 30_000;

async function main(argv: string[]): Promise<void> {
  const values = readFlags(argv);
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not "${values.port}"`);
  try {
    if (values.network !== undefined) parseNetworkFlag(values.network);
  } catch (error) {
    fail((error as Error).message, true);
  }
  const userDataDir = resolve(values['user-data-dir'] ?? join(homedir(), ...APP_DATA_SEGMENTS));
  const network = await localNetwork(values.network, userDataDir, values['local-url']);

  let host: WebHost | null = null;
  const emit: Emit = (channel, payload) => host?.emit(channel, payload);
  const core = createAppCore({
    userDataDir,
    localUrl: network.localUrl,
    localRpcUrl: network.localRpcUrl,
    host: 'web',
    version: '0.1.0',
    emit,
    ...(values['export-dir'] ? { exportDir: resolve(values['export-dir']) } : {}),
    ...(values['local-data-dir'] ? { localDataDir: resolve(values['local-data-dir']) } : {}),
  });
  const dispatch = createDispatcher(network.wrap(core.handlers));
  await network.applyFlag(dispatch).catch((error: Error) => console.error(`ledgerscope: ${error.message}`));
  // History syncs the app stopped mid-walk go on (core/history-index/main-thread/service.ts).
  void core.resumeSyncs();
  host = await startWebHost({
    rendererDir: resolve(values['renderer-dir'] ?? join(root, 'dist', 'renderer')),
    dispatch,
    port,
    exportFile: (exportId) => core.exports.finishedFile(exportId),
  });
  console.log(`Ledgerscope web host: ${host.url}`);
  console.log(localNetworkLine(network));
  const stop = async () => {
    // Stopping is bounded: a part that does not let go (once seen in a clean-clone run: a host
    // that held its SIGTERM past 90 s) is said on stderr, and the host exits anyway.
    setTimeout(() => {
      console.error(`ledgerscope: the web host did not stop within ${STOP_DEADLINE_MS / 1000} s; exiting.`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    await host?.close();
    await core.close();
    await network.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

await main(process.argv.slice(2));
