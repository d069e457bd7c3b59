// Spawning the network's processes with plain Node (web host, command line, tests); Electron's
// adapter (utility processes) is electron/embedded-network.ts and reuses eachLine.
import { fork } from 'node:child_process';
import type { SpawnNetworkProcess } from './embedded-network';

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
