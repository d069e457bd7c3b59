// `npm run network -- [flags]`: starts the core node, the query service, the Stellar RPC and the
// ledger data lake's writer, each in its own process (the app's embedded network starts the same
// four: core/networks/embedded-network.ts), prints where each listens and where the demo accounts
// are, and stops them all on Ctrl-C.
//
// Printed lines (test/support/network.ts parses them):
//   ledgerscope-network: core pid <pid>
//   ledgerscope-network: core listening on http://127.0.0.1:<port>
//   ledgerscope-network: service listening on http://127.0.0.1:<port>
//   ledgerscope-network: rpc listening on http://127.0.0.1:<port>
//   ledgerscope-network: lake writing <dir>, served at <service-url>/lake/
//   ledgerscope-network: demo accounts in <data-dir>/demo-accounts.json
//   ledgerscope-network: ready
import { type ChildProcess, spawn } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CORE_FLAGS, FlagError, type FlagTable, type FlagValues, parseFlags, shown } from './flags';
import { SERVICE_FLAGS } from './service/flags';
import { parsePublicUrl } from './service/links';
import { LOCAL_NETWORK_SEGMENTS } from '../shared/local-data';

const here = fileURLToPath(new URL('.', import.meta.url));
// From sources (`npm run network`) each part runs its TypeScript entry under tsx; from a bundle of
// this file (the tests bundle the network once a run: test/support/process-bundle.ts) it runs the
// part bundled beside it, in the same folders, with plain Node.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const partEntry = (...path: string[]) => `${join(here, ...path)}${FROM_SOURCE ? '.ts' : '.mjs'}`;
const CORE_ENTRY = partEntry('validator-process');
const SERVICE_ENTRY = partEntry('service', 'process');
const RPC_ENTRY = partEntry('rpc', 'process');
const LAKE_ENTRY = partEntry('lake', 'process');

/** Flags handed to the core unchanged (the core's own names). */
const CORE_PASS_THROUGH = ['start-ledger', 'close-interval-ms', 'history-ops', 'accounts', 'seed', 'max-queue'];

const CLI_FLAGS: FlagTable = {
  'data-dir': {
    kind: 'string',
    // The folder the app and the command line use too (shared/local-data.ts).
    default: join(homedir(), ...LOCAL_NETWORK_SEGMENTS),
    help: CORE_FLAGS['data-dir']?.help,
  },
  'core-port': { ...CORE_FLAGS.port!, help: "the core node's port on 127.0.0.1" },
  port: { kind: 'int', default: 8000, max: 65535, help: "the query service's port on 127.0.0.1" },
  ...Object.fromEntries(CORE_PASS_THROUGH.map((name) => [name, CORE_FLAGS[name]])),
  'history-ops': { kind: 'int', default: 5000, max: 50_000_000, help: CORE_FLAGS['history-ops']?.help },
  ...SERVICE_FLAGS,
  lake: {
    kind: 'string',
    default: 'on',
    help: 'on (the default) or off: whether the service writes the ledger data lake (to --lake-dir, default <data-dir>/lake)',
  },
  'lake-ledgers-per-file': { kind: 'int', min: 1, max: 64_000, default: 1, help: "the lake's ledgers per file" },
  'lake-files-per-partition': {
    kind: 'int',
    min: 1,
    max: 1_000_000,
    default: 64_000,
    help: "the lake's files per partition",
  },
  rpc: { kind: 'string', default: 'on', help: 'on (the default) or off: whether the Stellar RPC starts (docs/rpc.md)' },
  'rpc-port': { kind: 'int', default: 0, max: 65535, help: "the Stellar RPC's port on 127.0.0.1 (docs/rpc.md)" },
  'rpc-retention-ledgers': {
    kind: 'int',
    default: 120_960,
    min: 1,
    max: 2 ** 32 - 1,
    help: 'ledgers the Stellar RPC answers for, the latest back',
  },
};

const say = (line: string) => process.stdout.write(`ledgerscope-network: ${line}\n`);

function args(values: FlagValues, names: string[]): string[] {
  return names.flatMap((name) => (values[name] === undefined ? [] : [`--${name}`, String(values[name])]));
}

/** Spawns `node --import tsx <entry>` (`node <entry>` from a bundle), forwards its output prefixed, resolves with its URL. */
function startChild(
  label: string,
  entry: string,
  argv: string[],
  readyPrefix: string,
  children: ChildProcess[],
): Promise<string> {
  const loader = FROM_SOURCE ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, entry, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  if (label === 'core') say(`core pid ${child.pid}`);
  return new Promise((resolveUrl, reject) => {
    let ready = false;
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      process.stdout.write(`[${label}] ${line}\n`);
      if (!ready && line.startsWith(readyPrefix)) {
        ready = true;
        resolveUrl(line.slice(readyPrefix.length).trim());
      }
    });
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) =>
      process.stderr.write(`[${label}] ${line}\n`),
    );
    child.on('exit', (code, signal) => {
      if (!ready) reject(new Error(`${label} exited before it was ready (${signal ?? `code ${code}`})`));
      else if (!stopping) {
        say(`${label} exited (${signal ?? `code ${code}`})`);
        // Nothing left to supervise: leave too, as a failure.
        if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(1);
      }
    });
  });
}

let stopping = false;

/** `--public-url` checked here too, so that a bad one is a flag error (exit 2) before anything starts. */
function publicUrlFlag(text: string): string {
  try {
    return parsePublicUrl(text);
  } catch (error) {
    throw new FlagError((error as Error).message);
  }
}

/** `--help`: every flag, what it does and its default, one a line. */
function usage(): string {
  const lines = Object.entries(CLI_FLAGS).map(([name, spec]) => {
    const flag = `--${name} ${spec.kind === 'int' ? 'N' : 'S'}`.padEnd(28);
    return `  ${flag}${spec.help ?? ''}${spec.default === undefined ? '' : ` (default ${spec.default})`}`;
  });
  return [
    'usage: npm run network -- [flags]',
    'Starts the local network: its core node, its query service, its Stellar RPC and its ledger data lake writer, each in its own process.',
    ...lines,
    `  ${'--help, -h'.padEnd(28)}print this and exit`,
    "Port 0 is any free port. A service flag without a default here takes the service's (docs/service.md).",
    '',
  ].join('\n');
}

/** The flags read and checked; a bad one is said in one line and exits with code 2. */
function readFlags(): FlagValues {
  try {
    const values = parseFlags(process.argv.slice(2), CLI_FLAGS);
    if (typeof values['public-url'] === 'string') values['public-url'] = publicUrlFlag(values['public-url']);
    for (const name of ['rpc', 'lake'])
      if (values[name] !== 'on' && values[name] !== 'off')
        throw new FlagError(`--${name} must be on or off, not ${shown(String(values[name]))}`);
    return values;
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    process.stderr.write(
      `ledgerscope-network: ${error.message} (flags: ${Object.keys(CLI_FLAGS)
        .map((f) => `--${f}`)
        .join(' ')})\n`,
    );
    process.exit(2);
  }
}

/**
 * The ports this network listens on, in `<data-dir>/ports.json` as the app's embedded network keeps
 * them (core/networks/network-ports.ts), so a command line or web host on the same folder uses this
 * network (and its RPC) rather than starting a second core on its data (which the core's lock
 * would refuse). No rpc port with `--rpc off`.
 */
function savePorts(dataDir: string, coreUrl: string, serviceUrl: string, rpcUrl: string | null): void {
  const ports = {
    core: Number(new URL(coreUrl).port),
    service: Number(new URL(serviceUrl).port),
    ...(rpcUrl ? { rpc: Number(new URL(rpcUrl).port) } : {}),
  };
  const file = join(dataDir, 'ports.json');
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, JSON.stringify(ports));
  renameSync(aside, file);
}

async function main(): Promise<void> {
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(usage());
    process.exit(0);
  }
  const values = readFlags();
  const dataDir = resolve(String(values['data-dir']));
  // The lake: under the data folder unless named, none with --lake off.
  if (values.lake === 'off') values['lake-dir'] = undefined;
  else values['lake-dir'] = resolve(String(values['lake-dir'] ?? join(dataDir, 'lake')));
  const children: ChildProcess[] = [];
  /** Stops every part, then exits with `code` (1: a part failed to start). */
  const stop = (code = 0) => {
    if (stopping) return;
    stopping = true;
    const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
    const done = () => {
      say('stopped');
      process.exit(code);
    };
    if (alive.length === 0) done();
    let left = alive.length;
    for (const child of alive) {
      child.once('exit', () => {
        left -= 1;
        if (left === 0) done();
      });
      child.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => stop());
  process.on('SIGTERM', () => stop());

  try {
    const coreArgs = ['--data-dir', dataDir, '--port', String(values['core-port']), ...args(values, CORE_PASS_THROUGH)];
    const coreUrl = await startChild('core', CORE_ENTRY, coreArgs, 'ledgerscope-core listening on ', children);
    say(`core listening on ${coreUrl}`);
    const serviceArgs = [
      '--data-dir',
      dataDir,
      '--port',
      String(values.port),
      '--core-url',
      coreUrl,
      ...args(values, Object.keys(SERVICE_FLAGS)),
    ];
    const serviceUrl = await startChild(
      'service',
      SERVICE_ENTRY,
      serviceArgs,
      'ledgerscope-service listening on ',
      children,
    );
    say(`service listening on ${serviceUrl}`);
    let rpcUrl: string | null = null;
    if (values.rpc === 'on') {
      const rpcArgs = ['--data-dir', dataDir, '--port', String(values['rpc-port']), '--core-url', coreUrl];
      rpcArgs.push('--retention-ledgers', String(values['rpc-retention-ledgers']));
      rpcUrl = await startChild('rpc', RPC_ENTRY, rpcArgs, 'ledgerscope-rpc listening on ', children);
      say(`rpc listening on ${rpcUrl}`);
    }
    savePorts(dataDir, coreUrl, serviceUrl, rpcUrl);
    if (values.lake === 'on') {
      const lakeArgs = ['--data-dir', dataDir, '--lake-dir', String(values['lake-dir'])];
      lakeArgs.push('--ledgers-per-file', String(values['lake-ledgers-per-file']));
      lakeArgs.push('--files-per-partition', String(values['lake-files-per-partition']));
      const lakeDir = await startChild('lake', LAKE_ENTRY, lakeArgs, 'ledgerscope-lake writing ', children);
      say(`lake writing ${lakeDir}, served at ${serviceUrl}/lake/`);
    }
  } catch (error) {
    process.stderr.write(`ledgerscope-network: ${(error as Error).message}\n`);
    stop(1);
    return;
  }
  say(`demo accounts in ${join(dataDir, 'demo-accounts.json')}`);
  say('ready');
}

void main();
