// The embedded local network, seen from the app: which network to start, start order core then
// service, readiness by the line each process prints, restart with backoff and a visible notice,
// shutdown order service then core. Plain Node: the process-spawning function is passed in, so
// Electron hands over `utilityProcess.fork` and the web host and tests `child_process.fork`.
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Handlers } from './dispatch';

export type NetworkPart = 'core' | 'service';

/** A spawned core or service process, whatever spawned it. */
export interface NetworkProcess {
  readonly pid: number | undefined;
  onLine(listener: (line: string) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
}

export interface SpawnSpec {
  part: NetworkPart;
  entry: string;
  args: string[];
}
export type SpawnNetworkProcess = (spec: SpawnSpec) => NetworkProcess;

export interface NetworkNotice {
  level: 'info' | 'warning' | 'error';
  part: NetworkPart;
  message: string;
}

export interface RestartPolicy {
  initialDelayMs: number;
  factor: number;
  maxDelayMs: number;
  /** Consecutive failed launches before giving up (the notice says so). */
  maxAttempts: number;
  /** A process that ran this long resets the backoff. */
  healthyAfterMs: number;
}

export const DEFAULT_RESTART: RestartPolicy = { initialDelayMs: 500, factor: 2, maxDelayMs: 30_000, maxAttempts: 8, healthyAfterMs: 60_000 };

export interface EmbeddedNetworkOptions {
  dataDir: string;
  entries: Record<NetworkPart, string>;
  spawn: SpawnNetworkProcess;
  ports: Record<NetworkPart, number>;
  /** Extra flags for the core (`--start-ledger`, `--close-interval-ms`, ...); default DEFAULT_CORE_ARGS. */
  coreArgs?: string[];
  restart?: Partial<RestartPolicy>;
  readyTimeoutMs?: number;
  stopTimeoutMs?: number;
  onNotice?: (notice: NetworkNotice) => void;
  /** Every line the processes print (the host logs them, redacted). */
  onLine?: (part: NetworkPart, line: string) => void;
}

/**
 * A first run generates the same demo history as `npm run network` (it is written once, with the
 * data directory), so a new user has something to explore offline; later runs continue from it.
 */
export const DEFAULT_CORE_ARGS = ['--history-ops', '5000'];

export type NetworkState = 'stopped' | 'starting' | 'running' | 'restarting' | 'stopping' | 'failed';

const READY = /^ledgerscope-(core|service) listening on (http:\/\/127\.0\.0\.1:\d+)\s*$/;

/** The backoff before restart attempt `attempt` (1-based). */
export function restartDelay(policy: RestartPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.factor ** Math.max(0, attempt - 1));
}

export class EmbeddedNetwork {
  readonly serviceUrl: string;
  readonly coreUrl: string;
  private readonly policy: RestartPolicy;
  private readonly running = new Map<NetworkPart, NetworkProcess>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private startup: Promise<void> | null = null;
  private current: NetworkState = 'stopped';

  constructor(private readonly options: EmbeddedNetworkOptions) {
    this.policy = { ...DEFAULT_RESTART, ...options.restart };
    this.coreUrl = `http://127.0.0.1:${options.ports.core}`;
    this.serviceUrl = `http://127.0.0.1:${options.ports.service}`;
  }

  get state(): NetworkState {
    return this.current;
  }

  /** Starts core, then service; resolves when both printed their ready line. Idempotent. */
  start(): Promise<void> {
    if (this.startup && this.current !== 'stopped' && this.current !== 'failed') return this.startup;
    mkdirSync(this.options.dataDir, { recursive: true });
    this.current = 'starting';
    this.startup = (async () => {
      await this.launchWithRetries('core');
      await this.launchWithRetries('service');
      if (this.current === 'starting') this.current = 'running';
    })();
    this.startup.catch(() => undefined);
    return this.startup;
  }

  /** Starts the network unless it is running or starting; never throws (failures are notices). */
  ensureStarted(): void {
    if (this.current === 'stopped' || this.current === 'failed') void this.start().catch(() => undefined);
  }

  /** Stops service, then core: SIGTERM, then SIGKILL after the deadline. */
  async stop(): Promise<void> {
    this.current = 'stopping';
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
    await this.terminate('service');
    await this.terminate('core');
    this.current = 'stopped';
  }

  /** Both get the same data directory: the core writes the store, the service reads it. */
  private args(part: NetworkPart): string[] {
    const dataDir = this.options.dataDir;
    if (part === 'core') return ['--data-dir', dataDir, '--port', String(this.options.ports.core), ...(this.options.coreArgs ?? DEFAULT_CORE_ARGS)];
    return ['--data-dir', dataDir, '--port', String(this.options.ports.service), '--core-url', this.coreUrl];
  }

  private async launchWithRetries(part: NetworkPart): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (this.halted()) throw new Error('The local network is stopping.');
      try {
        await this.launch(part);
        return;
      } catch (error) {
        if (this.halted()) throw error;
        if (attempt >= this.policy.maxAttempts) {
          this.current = 'failed';
          this.notice('error', part, `The local network's ${part} could not start after ${attempt} attempts (${(error as Error).message}); giving up.`);
          throw error;
        }
        const delay = restartDelay(this.policy, attempt);
        this.notice('warning', part, `The local network's ${part} did not start (${(error as Error).message}); retrying in ${formatDelay(delay)} (attempt ${attempt + 1}).`);
        await this.wait(delay);
      }
    }
  }

  /** Spawns one process and resolves on its ready line; rejects if it exits or stays silent. */
  private launch(part: NetworkPart): Promise<void> {
    const child = this.options.spawn({ part, entry: this.options.entries[part], args: this.args(part) });
    this.running.set(part, child);
    const startedAt = Date.now();
    let ready = false;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`no ready line within ${this.options.readyTimeoutMs ?? 30_000} ms`));
      }, this.options.readyTimeoutMs ?? 30_000);
      child.onLine((line) => {
        this.options.onLine?.(part, line);
        const match = READY.exec(line);
        if (!ready && match?.[1] === part) {
          ready = true;
          clearTimeout(timer);
          resolve();
        }
      });
      child.onExit((code) => {
        clearTimeout(timer);
        if (this.running.get(part) === child) this.running.delete(part);
        if (!ready) return reject(new Error(`exited with code ${code ?? 'null'} before it was ready`));
        this.onUnexpectedExit(part, code, Date.now() - startedAt);
      });
    });
  }

  /** Stopping or stopped: nothing may be (re)started. */
  private halted(): boolean {
    return this.current === 'stopping' || this.current === 'stopped';
  }

  private onUnexpectedExit(part: NetworkPart, code: number | null, ranMs: number): void {
    if (this.halted()) return;
    this.current = 'restarting';
    const firstDelay = ranMs >= this.policy.healthyAfterMs ? 0 : this.policy.initialDelayMs;
    this.notice('warning', part, `The local network's ${part} stopped (exit code ${code ?? 'null'}); restarting it.`);
    void (async () => {
      await this.wait(firstDelay);
      await this.launchWithRetries(part);
      if (this.current !== 'restarting') return;
      this.current = this.running.size === 2 ? 'running' : this.current;
      this.notice('info', part, `The local network's ${part} is running again.`);
    })().catch(() => undefined);
  }

  private async terminate(part: NetworkPart): Promise<void> {
    const child = this.running.get(part);
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.onExit(() => resolve()));
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.options.stopTimeoutMs ?? 5_000)));
    if ((await Promise.race([exited, deadline])) === 'late') {
      child.kill('SIGKILL');
      await exited;
    }
    clearTimeout(timer);
    this.running.delete(part);
  }

  /** A backoff pause that stop() cuts short (the retry loop then sees it is halted). */
  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  private notice(level: NetworkNotice['level'], part: NetworkPart, message: string): void {
    this.options.onNotice?.({ level, part, message });
  }
}

function formatDelay(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms % 1000 ? 1 : 0)} s`;
}

// -- which network ------------------------------------------------------------------------------

export const NETWORK_FLAG_VALUES = ['local', 'testnet', 'public'] as const;

/** `--network local|testnet|public|<url>`: a built-in profile id or an http(s) URL, else an error. */
export function parseNetworkFlag(value: string): { id: string } | { url: string } {
  if ((NETWORK_FLAG_VALUES as readonly string[]).includes(value)) return { id: value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--network must be local, testnet, public or an http(s) URL, not "${value.slice(0, 80)}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`--network URL must be http(s), not ${url.protocol}`);
  return { url: url.toString() };
}

/** The local network starts when it is selected: by the flag, or else by the saved settings. */
export function shouldStartLocal(flag: string | undefined, savedSelectedId: string | undefined): boolean {
  if (flag !== undefined) return flag === 'local';
  return (savedSelectedId ?? 'local') === 'local';
}

/** The selected profile id saved in `<userData>/networks.json` (undefined when none or unreadable). */
export function savedSelection(userDataDir: string): string | undefined {
  try {
    const saved = JSON.parse(readFileSync(join(userDataDir, 'networks.json'), 'utf8')) as { selectedId?: unknown };
    return typeof saved.selectedId === 'string' ? saved.selectedId : undefined;
  } catch {
    return undefined;
  }
}

/** Wraps the handlers so that selecting the Local profile at run time starts the network. */
export function startLocalWhenSelected(handlers: Handlers, network: Pick<EmbeddedNetwork, 'ensureStarted'>): Handlers {
  const select = handlers['network:select'];
  const remove = handlers['network:remove'];
  return {
    ...handlers,
    'network:select': async (args, context) => {
      const result = await select(args, context);
      if (result.selectedId === 'local') network.ensureStarted();
      return result;
    },
    'network:remove': async (args, context) => {
      const result = await remove(args, context);
      if (result.selectedId === 'local') network.ensureStarted();
      return result;
    },
  };
}

// -- ports --------------------------------------------------------------------------------------

/**
 * The ports of the embedded network, kept in `<dataDir>/ports.json` so the Local profile's URL is
 * the same between runs (persisted stream cursors and links stay valid). A saved port that is
 * now taken is replaced by a free one.
 */
export async function choosePorts(dataDir: string): Promise<Record<NetworkPart, number>> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'ports.json');
  let saved: Partial<Record<NetworkPart, unknown>> = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as typeof saved;
  } catch {
    // first run or unreadable: choose new ports
  }
  const ports = {} as Record<NetworkPart, number>;
  for (const part of ['core', 'service'] as const) {
    const candidate = saved[part];
    const valid = typeof candidate === 'number' && Number.isInteger(candidate) && candidate > 1024 && candidate < 65536;
    ports[part] = valid && (await isFree(candidate)) ? candidate : await freePort();
  }
  writeFileSync(file, JSON.stringify(ports));
  return ports;
}

function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(actual));
    });
  });
}

const isFree = async (port: number) => (await listenOn(port)) === port;

async function freePort(): Promise<number> {
  const port = await listenOn(0);
  if (port === null) throw new Error('No free port on 127.0.0.1 for the local network.');
  return port;
}

// -- plain-Node spawning ------------------------------------------------------------------------

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
