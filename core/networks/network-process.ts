// Spawning the network's processes with plain Node (web host, command line, tests); Electron's
// adapter (utility processes) is electron/embedded-network.ts and reuses eachLine.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { NetworkEntries, SpawnNetworkProcess } from './embedded-network';

/** The parts' TypeScript entries in a checkout at `root`, as `npm run network` runs them (with tsx). */
export function sourceEntries(root: string): Required<NetworkEntries> {
  return {
    core: join(root, 'network', 'validator-process.ts'),
    service: join(root, 'network', 'service', 'process.ts'),
    rpc: join(root, 'network', 'rpc', 'process.ts'),
    lake: join(root, 'network', 'lake', 'process.ts'),
  };
}

/** Lines of a stream, as they complete. */
export function eachLine(stream: NodeJS.ReadableStream | null | undefined, listener: (line: string) => void): void {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string | Buffer) => {
    const lines = (rest + chunk).split(/\r?\n/);
    rest = lines.pop() ?? '';
    for (const line of lines) listener(line);
  });
  stream.on('end', () => rest && listener(rest));
}

/** `child_process.fork` as a SpawnNetworkProcess (web host, tests). `execArgv` e.g. `['--import', 'tsx']`. */
export function forkWithNode(execArgv: string[] = []): SpawnNetworkProcess {
  return ({ entry, args }) => {
    const child = fork(entry, args, { execArgv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    const lineListeners: ((line: string) => void)[] = [];
    const emit = (line: string) => lineListeners.forEach((listener) => listener(line));
    eachLine(child.stdout, emit);
    eachLine(child.stderr, emit);
    let exitCode: number | null | undefined;
    const exitListeners: ((code: number | null) => void)[] = [];
    child.once('exit', (code) => {
      exitCode = code;
      exitListeners.splice(0).forEach((listener) => listener(code));
    });
    return {
      pid: child.pid,
      onLine: (listener) => void lineListeners.push(listener),
      onExit: (listener) => (exitCode === undefined ? void exitListeners.push(listener) : listener(exitCode)),
      kill: (signal) => void child.kill(signal),
    };
  };
}

/** Whether `pid` names one process: a positive safe integer (0 and negatives name process groups). */
function isPid(pid: unknown): pid is number {
  return typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0;
}

/**
 * A pid as a file or a line writes it ("4242", a line ending allowed): anything else, an empty
 * line above all (`Number('')` is 0, and `process.kill(0)` signals the whole process group), is
 * refused by name.
 */
export function parsePid(text: string, where: string): number {
  const match = /^([1-9]\d{0,15})\r?\n?$/.exec(text);
  const pid = match ? Number(match[1]) : NaN;
  if (!isPid(pid)) throw new Error(`${where}: ${JSON.stringify(text.slice(0, 40))} is not a process id.`);
  return pid;
}

/** `process.kill` for one process only: a pid that is not a positive integer is refused, never sent. */
export function signalPid(pid: number | undefined, signal: NodeJS.Signals | 0): void {
  if (!isPid(pid)) throw new Error(`${String(pid)} is not a process id: no signal sent.`);
  process.kill(pid, signal);
}
