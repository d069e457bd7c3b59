// `ledgerscope …` / `npm run cli -- …`: the command-line face of the app core. Output is
// normalised records on stdout; errors go to stderr with exit code 1; bad flags are one line on
// stderr and exit code 2.
import { mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { APP_DATA_SEGMENTS, LOCAL_NETWORK_FOLDER, LOCAL_NETWORK_SEGMENTS } from '../shared/local-data';
import { join, resolve } from 'node:path';
import { createAppCore, createDispatcher, SECRET_REFUSED, waitLine, type Emit } from '../core';
import type { EventChannel, EventPayload, RateLimitNotice } from '../shared/ipc';
import { parseInvocation, UsageError, USAGE, type Invocation } from './args';
import { exportTarget, runCommand, type Io } from './commands';
import { useLocalNetwork } from './local-network';

const io: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  readStdin: async () => {
    let text = '';
    for await (const chunk of process.stdin) {
      text += String(chunk);
      if (text.length > 1024 * 1024 + 1) break;
    }
    return text;
  },
};

/** The invocation, or the exit code when there is nothing more to do (a usage error, --help). */
function invocationOf(argv: string[]): Invocation | number {
  let invocation: Invocation;
  try {
    invocation = parseInvocation(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      // A refused secret key is the same one sentence as on every other channel.
      const hint = error.message === SECRET_REFUSED ? '' : ' (see ledgerscope --help)';
      process.stderr.write(`ledgerscope: ${error.message}${hint}\n`);
      return 2;
    }
    throw error;
  }
  if (invocation.command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  return invocation;
}

/**
 * Where the command keeps its settings, its exports and the embedded network's data (whose demo
 * accounts' names the address book gives on the local network).
 */
function directoriesOf(invocation: Invocation) {
  const command = invocation.command;
  // `history --format csv|accounting` has the index write a file in a directory of its own, then
  // copies it to stdout and removes it (cli/history-commands.ts).
  const exportDir =
    command.kind === 'export'
      ? resolve(exportTarget(command.output).directory)
      : command.kind === 'history' && (command.format === 'csv' || command.format === 'accounting')
        ? mkdtempSync(join(tmpdir(), 'ledgerscope-history-'))
        : undefined;
  const chosenDir = invocation.userDataDir ?? process.env['LEDGERSCOPE_USER_DATA'];
  const userDataDir = resolve(chosenDir ?? join(homedir(), ...APP_DATA_SEGMENTS, 'cli'));
  // The embedded network's data lives beside the app's (~/.config/ledgerscope/local-network, as
  // `npm run network` keeps it too: shared/local-data.ts), so they browse the same local history.
  const networkDir =
    chosenDir !== undefined ? join(userDataDir, LOCAL_NETWORK_FOLDER) : join(homedir(), ...LOCAL_NETWORK_SEGMENTS);
  return { exportDir, userDataDir, networkDir };
}

const rateLimitLine = (notice: RateLimitNotice) => waitLine({ announcedMs: notice.waitMs, source: notice.source });

export async function main(argv: string[]): Promise<number> {
  const invocation = invocationOf(argv);
  if (typeof invocation === 'number') return invocation;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const emit: Emit = (channel, payload) => listeners.get(channel)?.forEach((listener) => listener(payload));
  const { command, wide } = invocation;
  const { exportDir, userDataDir, networkDir } = directoriesOf(invocation);
  let local: Awaited<ReturnType<typeof useLocalNetwork>>;
  try {
    local = await useLocalNetwork({
      flag: invocation.network,
      userDataDir,
      dataDir: networkDir,
      // A lake's sync reads the lake alone: its manifest names the network (issue 39.2).
      offline:
        command.kind === 'decode' ||
        command.kind === 'explain' ||
        (command.kind === 'sync' && command.lake !== undefined),
      say: (line) => io.err(`${line}\n`),
    });
  } catch (error) {
    io.err(`ledgerscope: the local network did not start: ${(error as Error).message}\n`);
    return 1;
  }
  const core = createAppCore({
    userDataDir,
    localUrl: local.localUrl,
    localRpcUrl: local.localRpcUrl,
    host: 'web',
    version: '0.1.0',
    emit,
    healthIntervalMs: 0,
    // A command reads the server's root only where it needs it (a sync's first walk), not at start.
    healthPush: false,
    localDataDir: networkDir,
    http: { maxWaitMs: invocation.maxWaitSeconds * 1000 },
    ...(exportDir ? { exportDir } : {}),
  });
  // A 429: say how long the command waits (the core holds every request until then).
  listeners.set('network:rate-limit', new Set([(notice) => io.err(`${rateLimitLine(notice as RateLimitNotice)}\n`)]));
  const dispatch = createDispatcher(local.wrap(core.handlers));
  let interrupt = () => {};
  const interrupted = new Promise<void>((done) => (interrupt = done));
  // An interrupt also cancels the request in flight (a rate-limit wait included).
  const cancel = new AbortController();
  void interrupted.then(() => cancel.abort());
  process.once('SIGINT', () => interrupt());
  process.once('SIGTERM', () => interrupt());
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') interrupt(); // the reader went away (| head): stop quietly
  });
  try {
    // A URL names a network for this run only; its passphrase is what the server reports.
    await local.applyFlag(dispatch, (profile) => {
      core.networks.useTransient(profile);
      core.streams.useNetwork(core.networks.selected());
    });
    return await runCommand(command, {
      core,
      dispatch,
      io,
      interrupted,
      signal: cancel.signal,
      wide,
      onEvent<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void) {
        const set = listeners.get(channel) ?? new Set();
        set.add(listener as (payload: unknown) => void);
        listeners.set(channel, set);
        return () => void set.delete(listener as (payload: unknown) => void);
      },
    });
  } catch (error) {
    process.stderr.write(`ledgerscope: ${(error as Error).message}\n`);
    // An argument found wrong only when the command ran (a name no account has): a usage error.
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await core.close();
    await local.stop();
  }
}

const code = await main(process.argv.slice(2));
process.exitCode = code;
// Streams and keep-alive sockets must not keep a finished command alive; but what was written to
// a pipe is flushed first (a large NDJSON output would otherwise be cut short by the exit).
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
void Promise.all([flushed(process.stdout), flushed(process.stderr)]).then(() => process.exit(code));
