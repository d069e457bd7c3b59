// The embedded local network, seen from the app: start order core then
// service, readiness by the line each process prints, restart with backoff and a visible notice,
// shutdown order service then core. Plain Node: the process-spawning function is passed in, so
// Electron hands over `utilityProcess.fork` and the web host and tests `child_process.fork`.
// Which network to use and how a host starts this one: network-setup.ts.
import { mkdirSync } from 'node:fs';
import { exponentialDelay } from '../http/backoff';

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

export const DEFAULT_RESTART: RestartPolicy = {
  initialDelayMs: 500,
  factor: 2,
  maxDelayMs: 30_000,
  maxAttempts: 8,
  healthyAfterMs: 60_000,
};

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
  return exponentialDelay(
    { initialMs: policy.initialDelayMs, factor: policy.factor, capMs: policy.maxDelayMs },
    attempt,
  );
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
    if (part === 'core')
      return [
        '--data-dir',
        dataDir,
        '--port',
        String(this.options.ports.core),
        ...(this.options.coreArgs ?? DEFAULT_CORE_ARGS),
      ];
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
          this.notice(
            'error',
            part,
            `The local network's ${part} could not start after ${attempt} attempts (${(error as Error).message}); giving up.`,
          );
          throw error;
        }
        const delay = restartDelay(this.policy, attempt);
        this.notice(
          'warning',
          part,
          `The local network's ${part} did not start (${(error as Error).message}); retrying in ${formatDelay(delay)} (attempt ${attempt + 1}).`,
        );
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
    const deadline = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), this.options.stopTimeoutMs ?? 5_000)),
    );
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
