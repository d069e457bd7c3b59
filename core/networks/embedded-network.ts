// The embedded local network, seen from the app: the four processes of `npm run network`, in its
// order (core, service, then the Stellar RPC and the lake writer: network-parts.ts); readiness by
// the line each prints, restart with backoff and a visible notice, shutdown in the reverse order.
// Core and service are the explorer: the network fails without them. An extra that fails is said
// in a notice naming it and why, and the explorer runs on without it. Plain Node: the spawning
// function is passed in (Electron's `utilityProcess.fork`; the web host's and the tests'
// `child_process.fork`). Which network to use and how a host starts this one: network-setup.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ESSENTIAL_PARTS,
  isEssential,
  LAKE_FOLDER,
  LastLines,
  NETWORK_PARTS,
  PART_NAMES,
  partArgs,
  readyPart,
  type NetworkEntries,
  type NetworkPart,
  type NetworkPorts,
} from './network-parts';
import { DEFAULT_RESTART, formatDelay, restartDelay, type RestartPolicy } from './restart-policy';

export type { EssentialPart, ExtraPart, NetworkEntries, NetworkPart, NetworkPorts } from './network-parts';
export { DEFAULT_CORE_ARGS, LAKE_FOLDER, NETWORK_PARTS, PART_NAMES } from './network-parts';
export { DEFAULT_RESTART, restartDelay, type RestartPolicy } from './restart-policy';

/** A spawned network process, whatever spawned it. */
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

export interface EmbeddedNetworkOptions {
  dataDir: string;
  entries: NetworkEntries;
  spawn: SpawnNetworkProcess;
  ports: NetworkPorts;
  /**
   * Start the Stellar RPC (default true, as `npm run network`): needs `entries.rpc` and `ports.rpc`.
   * Tests that do not speak to it leave it off (a process, about a second at start).
   */
  rpc?: boolean;
  /**
   * Write the ledger data lake to `<dataDir>/lake` (default true, as `npm run network`): needs
   * `entries.lake`. Tests that do not read it leave it off.
   */
  lake?: boolean;
  /** Extra flags for the core (`--start-ledger`, `--close-interval-ms`, ...); default DEFAULT_CORE_ARGS. */
  coreArgs?: string[];
  restart?: Partial<RestartPolicy>;
  readyTimeoutMs?: number;
  stopTimeoutMs?: number;
  onNotice?: (notice: NetworkNotice) => void;
  /** Every line the processes print (the host logs them, redacted). */
  onLine?: (part: NetworkPart, line: string) => void;
}

export type NetworkState = 'stopped' | 'starting' | 'running' | 'restarting' | 'stopping' | 'failed';

export class EmbeddedNetwork {
  readonly serviceUrl: string;
  readonly coreUrl: string;
  /** The Stellar RPC's URL (JSON-RPC POSTs go to it as is); null when this network runs none. */
  readonly rpcUrl: string | null;
  /** Where the lake writer writes (`<dataDir>/lake`); null when this network writes none. */
  readonly lakeDir: string | null;
  /** The parts this network runs, in start order. */
  readonly parts: readonly NetworkPart[];
  private readonly policy: RestartPolicy;
  private readonly running = new Map<NetworkPart, NetworkProcess>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  /** Each part's stops in a row soon after it started (reset by a healthy run and by start()). */
  private readonly quickExits = new Map<NetworkPart, number>();
  private startup: Promise<void> | null = null;
  private current: NetworkState = 'stopped';

  constructor(private readonly options: EmbeddedNetworkOptions) {
    this.policy = { ...DEFAULT_RESTART, ...options.restart };
    this.coreUrl = `http://127.0.0.1:${options.ports.core}`;
    this.serviceUrl = `http://127.0.0.1:${options.ports.service}`;
    const rpc = options.rpc ?? true;
    const lake = options.lake ?? true;
    if (rpc && (options.entries.rpc === undefined || options.ports.rpc === undefined))
      throw new Error('The Stellar RPC is on but has no entry or port: give both, or rpc: false.');
    if (lake && options.entries.lake === undefined)
      throw new Error('The lake writer is on but has no entry: give one, or lake: false.');
    this.rpcUrl = rpc ? `http://127.0.0.1:${options.ports.rpc}` : null;
    this.lakeDir = lake ? join(options.dataDir, LAKE_FOLDER) : null;
    this.parts = NETWORK_PARTS.filter((part) => (part === 'rpc' ? rpc : part === 'lake' ? lake : true));
  }

  get state(): NetworkState {
    return this.current;
  }

  /**
   * Starts core, then service, then the extras (RPC and lake, side by side); resolves once each
   * printed its ready line or, for an extra, was given up (a notice says so). Rejects only when
   * the core or the service cannot start. Idempotent.
   */
  start(): Promise<void> {
    if (this.startup && this.current !== 'stopped' && this.current !== 'failed') return this.startup;
    mkdirSync(this.options.dataDir, { recursive: true });
    this.current = 'starting';
    this.quickExits.clear();
    this.startup = (async () => {
      await this.launchWithRetries('core');
      await this.launchWithRetries('service');
      // The explorer runs from here; the extras' failures are theirs alone (notices).
      if (this.current === 'starting') this.current = 'running';
      await Promise.all(this.extras().map((part) => this.launchWithRetries(part).catch(() => undefined)));
      if (this.halted()) throw new Error('The local network is stopping.');
    })();
    this.startup.catch(() => undefined);
    return this.startup;
  }

  /** Starts the network unless it is running or starting; never throws (failures are notices). */
  ensureStarted(): void {
    if (this.current === 'stopped' || this.current === 'failed') void this.start().catch(() => undefined);
  }

  /** Stops the parts in the reverse of their start order (lake, rpc, service, core): SIGTERM, then SIGKILL after the deadline. */
  async stop(): Promise<void> {
    this.current = 'stopping';
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
    for (const part of [...NETWORK_PARTS].reverse()) await this.terminate(part);
    this.current = 'stopped';
  }

  private extras(): NetworkPart[] {
    return this.parts.filter((part) => !isEssential(part));
  }

  private args(part: NetworkPart): string[] {
    const { dataDir, ports, coreArgs } = this.options;
    return partArgs(part, { dataDir, ports, coreArgs, coreUrl: this.coreUrl, lakeDir: this.lakeDir });
  }

  private async launchWithRetries(part: NetworkPart): Promise<void> {
    const name = PART_NAMES[part];
    for (let attempt = 1; ; attempt++) {
      if (this.halted()) throw new Error('The local network is stopping.');
      try {
        await this.launch(part);
        return;
      } catch (error) {
        if (this.halted()) throw error;
        if (attempt >= this.policy.maxAttempts) {
          const without = isEssential(part) ? '' : ' The explorer runs on without it.';
          if (isEssential(part)) this.current = 'failed';
          this.notice(
            'error',
            part,
            `The local network's ${name} could not start after ${attempt} attempts (${(error as Error).message}); giving up.${without}`,
          );
          throw error;
        }
        const delay = restartDelay(this.policy, attempt);
        this.notice(
          'warning',
          part,
          `The local network's ${name} did not start (${(error as Error).message}); retrying in ${formatDelay(delay)} (attempt ${attempt + 1}).`,
        );
        await this.wait(delay);
      }
    }
  }

  /** Spawns one process and resolves on its ready line; rejects if it exits or stays silent. */
  private launch(part: NetworkPart): Promise<void> {
    // Present for every part in this.parts (the constructor checked).
    const entry = this.options.entries[part] ?? '';
    const child = this.options.spawn({ part, entry, args: this.args(part) });
    this.running.set(part, child);
    const startedAt = Date.now();
    const timeoutMs = this.options.readyTimeoutMs ?? 30_000;
    let ready = false;
    // What it said last, for the notice when it exits.
    const last = new LastLines();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`no ready line within ${timeoutMs} ms`));
      }, timeoutMs);
      child.onLine((line) => {
        this.options.onLine?.(part, line);
        if (!ready && readyPart(line) === part) {
          ready = true;
          clearTimeout(timer);
          resolve();
        } else last.add(line);
      });
      child.onExit((code) => {
        clearTimeout(timer);
        if (this.running.get(part) === child) this.running.delete(part);
        if (!ready) return reject(new Error(`exited with code ${code ?? 'null'} before it was ready${last.said()}`));
        this.onUnexpectedExit(part, `exit code ${code ?? 'null'}${last.said()}`, Date.now() - startedAt);
      });
    });
  }

  /** Stopping or stopped: nothing may be (re)started. */
  private halted(): boolean {
    return this.current === 'stopping' || this.current === 'stopped';
  }

  /**
   * A part that stopped is restarted at once if it had run healthily, else after the backoff, which
   * grows with each stop soon after a start; after `maxAttempts` of those in a row it is given up
   * (a process that starts, then fails at its first work, would otherwise restart for ever).
   */
  private onUnexpectedExit(part: NetworkPart, why: string, ranMs: number): void {
    if (this.halted()) return;
    const name = PART_NAMES[part];
    const soon = ranMs < this.policy.healthyAfterMs ? (this.quickExits.get(part) ?? 0) + 1 : 0;
    this.quickExits.set(part, soon);
    if (soon >= this.policy.maxAttempts) {
      if (isEssential(part)) this.current = 'failed';
      const within = formatDelay(this.policy.healthyAfterMs);
      const without = isEssential(part) ? '' : ' The explorer runs on without it.';
      this.notice(
        'error',
        part,
        `The local network's ${name} stopped ${soon} times within ${within} of starting (${why}); giving up.${without}`,
      );
      return;
    }
    // An extra that stops is restarted the same way, but the explorer is not restarting for it.
    if (isEssential(part)) this.current = 'restarting';
    const delay = soon === 0 ? 0 : restartDelay(this.policy, soon);
    this.notice(
      'warning',
      part,
      `The local network's ${name} stopped (${why}); restarting it in ${formatDelay(delay)}.`,
    );
    void (async () => {
      await this.wait(delay);
      await this.launchWithRetries(part);
      // Halted, or stopped again already (that exit is being handled): not running again.
      if (this.halted() || !this.running.has(part)) return;
      if (this.current === 'restarting' && ESSENTIAL_PARTS.every((each) => this.running.has(each)))
        this.current = 'running';
      this.notice('info', part, `The local network's ${name} is running again.`);
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
