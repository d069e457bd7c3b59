// The embedded local network's orchestration (core/networks/embedded-network.ts), driven with
// fake processes for order, readiness, restart and shutdown, and with real forked processes.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { Handlers } from '../../core/app/dispatch';
import type { IpcErrorCode } from '../../shared/ipc';
import {
  DEFAULT_RESTART,
  EmbeddedNetwork,
  restartDelay,
  type NetworkEntries,
  type NetworkNotice,
  type NetworkPart,
  type NetworkProcess,
  type SpawnSpec,
} from '../../core/networks/embedded-network';
import {
  parseNetworkFlag,
  savedSelection,
  shouldStartLocal,
  startLocalWhenSelected,
} from '../../core/networks/network-flag';
import { choosePorts } from '../../core/networks/network-ports';
import { forkWithNode, parsePid, signalPid } from '../../core/networks/network-process';
import { waitFor } from '../support/wait';

const ROOT = join(import.meta.dirname, '..', '..');
const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-net-'));
  temps.push(dir);
  return dir;
};
const networks: EmbeddedNetwork[] = [];
afterEach(async () => {
  await Promise.all(networks.splice(0).map((network) => network.stop()));
  temps.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** A process under the test's control: it prints, exits and records the signals it gets. */
class FakeProcess implements NetworkProcess {
  static nextPid = 1000;
  readonly pid = FakeProcess.nextPid++;
  readonly signals: string[] = [];
  exited = false;
  private readonly lineListeners: ((line: string) => void)[] = [];
  private readonly exitListeners: ((code: number | null) => void)[] = [];
  constructor(
    readonly spec: SpawnSpec,
    private readonly obeysSigterm = true,
  ) {}
  onLine(listener: (line: string) => void) {
    this.lineListeners.push(listener);
  }
  onExit(listener: (code: number | null) => void) {
    if (this.exited) listener(null);
    else this.exitListeners.push(listener);
  }
  kill(signal: 'SIGTERM' | 'SIGKILL') {
    this.signals.push(signal);
    if (signal === 'SIGKILL' || this.obeysSigterm) queueMicrotask(() => this.exit(null));
  }
  print(line: string) {
    this.lineListeners.forEach((listener) => listener(line));
  }
  /** The ready line its real entry prints. */
  ready() {
    const flag = (name: string) => this.spec.args[this.spec.args.indexOf(name) + 1];
    if (this.spec.part === 'lake') this.print(`ledgerscope-lake writing ${flag('--lake-dir')}`);
    else this.print(`ledgerscope-${this.spec.part} listening on http://127.0.0.1:${flag('--port')}`);
  }
  exit(code: number | null) {
    if (this.exited) return;
    this.exited = true;
    this.exitListeners.splice(0).forEach((listener) => listener(code));
  }
}

interface Harness {
  network: EmbeddedNetwork;
  spawned: FakeProcess[];
  events: string[];
  notices: NetworkNotice[];
  latest(part: NetworkPart): FakeProcess | undefined;
}

function harness(
  options: {
    autoReady?: boolean;
    obeysSigterm?: boolean;
    maxAttempts?: number;
    stopTimeoutMs?: number;
    initialDelayMs?: number;
    coreArgs?: string[] | null;
    /** Run the Stellar RPC and the lake writer too (off: the core and the service only). */
    extras?: boolean;
    /** Parts that print no ready line by themselves (autoReady on for the others). */
    silent?: NetworkPart[];
    /** Runs once a process printed its ready line (autoReady). */
    afterReady?: (child: FakeProcess) => void;
  } = {},
): Harness {
  const spawned: FakeProcess[] = [];
  const events: string[] = [];
  const notices: NetworkNotice[] = [];
  const network = new EmbeddedNetwork({
    dataDir: tempDir(),
    entries: {
      core: '/entries/core.mjs',
      service: '/entries/service.mjs',
      rpc: '/entries/rpc.mjs',
      lake: '/entries/lake.mjs',
    },
    ports: { core: 41001, service: 41002, rpc: 41003 },
    rpc: options.extras ?? false,
    lake: options.extras ?? false,
    ...(options.coreArgs === null ? {} : { coreArgs: options.coreArgs ?? ['--start-ledger', '60000000'] }),
    restart: {
      initialDelayMs: options.initialDelayMs ?? 5,
      maxDelayMs: Math.max(20, options.initialDelayMs ?? 0),
      maxAttempts: options.maxAttempts ?? 4,
    },
    stopTimeoutMs: options.stopTimeoutMs ?? 2_000,
    readyTimeoutMs: 5_000,
    onNotice: (notice) => notices.push(notice),
    spawn: (spec) => {
      const child = new FakeProcess(spec, options.obeysSigterm ?? true);
      events.push(`spawn ${spec.part}`);
      child.onExit(() => events.push(`exit ${spec.part}`));
      const kill = child.kill.bind(child);
      child.kill = (signal) => {
        events.push(`${signal} ${spec.part}`);
        kill(signal);
      };
      spawned.push(child);
      if ((options.autoReady ?? true) && !options.silent?.includes(spec.part))
        queueMicrotask(() => {
          child.ready();
          options.afterReady?.(child);
        });
      return child;
    },
  });
  networks.push(network);
  return {
    network,
    spawned,
    events,
    notices,
    latest: (part) => spawned.filter((child) => child.spec.part === part).at(-1),
  };
}

describe('start-up', () => {
  test('starts the core first and the service only once the core printed its ready line', async () => {
    const h = harness({ autoReady: false });
    const started = h.network.start();
    await waitFor('the core to be spawned', () => h.spawned.length === 1);
    expect(h.spawned[0]!.spec.part).toBe('core');
    // A line that is not the core's ready line does not count.
    h.spawned[0]!.print('ledgerscope-service listening on http://127.0.0.1:41001');
    h.spawned[0]!.print('opening store');
    await Promise.resolve();
    expect(h.spawned).toHaveLength(1);
    h.spawned[0]!.ready();
    await waitFor('the service to be spawned', () => h.spawned.length === 2);
    expect(h.network.state).toBe('starting');
    h.spawned[1]!.ready();
    await started;
    expect(h.network.state).toBe('running');
    expect(h.events).toEqual(['spawn core', 'spawn service']);
  });

  test('passes the documented flags: one data dir for both, ports, the core URL to the service, extra core flags', async () => {
    const h = harness();
    await h.network.start();
    const [core, service] = h.spawned;
    expect(core!.spec.entry).toBe('/entries/core.mjs');
    expect(core!.spec.args).toEqual([
      '--data-dir',
      expect.stringMatching(/ledgerscope-net-/),
      '--port',
      '41001',
      '--start-ledger',
      '60000000',
    ]);
    expect(service!.spec.args).toEqual([
      '--data-dir',
      core!.spec.args[1],
      '--port',
      '41002',
      '--core-url',
      'http://127.0.0.1:41001',
    ]);
    expect(h.network.serviceUrl).toBe('http://127.0.0.1:41002');
  });

  test('without extra flags the core generates the demo history a new user explores', async () => {
    const h = harness({ coreArgs: null });
    await h.network.start();
    expect(h.spawned[0]!.spec.args.slice(4)).toEqual(['--history-ops', '5000']);
  });

  test('start() is idempotent while running', async () => {
    const h = harness();
    await h.network.start();
    await h.network.start();
    h.network.ensureStarted();
    expect(h.spawned).toHaveLength(2);
  });
});

describe('restart policy', () => {
  test('the backoff grows by the factor up to the cap', () => {
    const policy = { ...DEFAULT_RESTART, initialDelayMs: 500, factor: 2, maxDelayMs: 30_000 };
    expect([1, 2, 3, 4, 7, 20].map((attempt) => restartDelay(policy, attempt))).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000,
    ]);
  });

  test('a core that dies is restarted on the same port, with a visible notice before and after', async () => {
    const h = harness();
    await h.network.start();
    h.latest('core')!.exit(137);
    await waitFor('a second core', () => h.spawned.filter((child) => child.spec.part === 'core').length === 2);
    await waitFor('the running-again notice', () => h.notices.some((notice) => notice.level === 'info'));
    expect(h.notices[0]).toMatchObject({ level: 'warning', part: 'core' });
    expect(h.notices[0]!.message).toMatch(/core stopped \(exit code 137\); restarting/);
    expect(h.latest('core')!.spec.args).toContain('41001');
    expect(h.spawned.filter((child) => child.spec.part === 'service')).toHaveLength(1);
    expect(h.network.state).toBe('running');
  });

  test('a process that keeps failing is retried up to the limit, then given up with an error notice', async () => {
    const h = harness({ autoReady: false, maxAttempts: 3 });
    const exits = setInterval(() => h.spawned.forEach((child) => child.exit(1)), 1);
    try {
      await expect(h.network.start()).rejects.toThrow(/exited with code 1 before it was ready/);
    } finally {
      clearInterval(exits);
    }
    expect(h.spawned.map((child) => child.spec.part)).toEqual(['core', 'core', 'core']);
    expect(h.notices.map((notice) => notice.level)).toEqual(['warning', 'warning', 'error']);
    expect(h.notices[1]!.message).toMatch(/attempt 3/);
    expect(h.notices[2]!.message).toMatch(/giving up/);
    expect(h.network.state).toBe('failed');
  });

  test('nothing is restarted once stop() began', async () => {
    const h = harness();
    await h.network.start();
    await h.network.stop();
    h.spawned.forEach((child) => child.exit(1));
    expect(h.spawned).toHaveLength(2);
    expect(h.notices).toEqual([]);
    expect(h.network.state).toBe('stopped');
  });
});

describe('shutdown', () => {
  test('stop() during a restart backoff ends the retries: start() rejects, nothing more is spawned', async () => {
    // A backoff far longer than the test: stop() must cut it short rather than wait it out.
    const h = harness({ autoReady: false, maxAttempts: 10, initialDelayMs: 600_000 });
    const started = h.network.start();
    await waitFor('the first core', () => h.spawned.length === 1);
    h.spawned[0]!.exit(1);
    await waitFor('the retry notice', () => h.notices.length === 1);
    await h.network.stop();
    await expect(started).rejects.toThrow(/stopping/);
    expect(h.spawned).toHaveLength(1);
    expect(h.network.state).toBe('stopped');
  });

  test('stops the service first, waits for it to exit, then stops the core', async () => {
    const h = harness();
    await h.network.start();
    h.events.length = 0;
    await h.network.stop();
    expect(h.events).toEqual(['SIGTERM service', 'exit service', 'SIGTERM core', 'exit core']);
  });

  test('a process that ignores SIGTERM is killed after the deadline', async () => {
    const h = harness({ obeysSigterm: false, stopTimeoutMs: 20 });
    await h.network.start();
    h.events.length = 0;
    await h.network.stop();
    expect(h.events).toEqual([
      'SIGTERM service',
      'SIGKILL service',
      'exit service',
      'SIGTERM core',
      'SIGKILL core',
      'exit core',
    ]);
  });
});

describe('the Stellar RPC and the lake writer beside the explorer', () => {
  const parts = (h: Harness) => h.spawned.map((child) => child.spec.part);

  test('start after the service is ready, side by side; start() resolves once all four printed their ready line', async () => {
    const h = harness({ extras: true, autoReady: false });
    let resolved = false;
    const started = h.network.start().then(() => (resolved = true));
    await waitFor('the core', () => h.spawned.length === 1);
    h.latest('core')!.ready();
    await waitFor('the service', () => h.spawned.length === 2);
    // Nothing else before the service is ready: the RPC reads the store the core wrote.
    await Promise.resolve();
    expect(parts(h)).toEqual(['core', 'service']);
    h.latest('service')!.ready();
    await waitFor('the RPC and the lake writer', () => h.spawned.length === 4);
    expect(parts(h)).toEqual(['core', 'service', 'rpc', 'lake']);
    // The explorer runs from here; the extras are not ready yet.
    expect(h.network.state).toBe('running');
    // Another part's line, or a line that only looks like it, is not the ready line.
    h.latest('rpc')!.print('ledgerscope-service listening on http://127.0.0.1:41003');
    h.latest('lake')!.print('ledgerscope-lake writing');
    h.latest('rpc')!.ready();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolved).toBe(false);
    h.latest('lake')!.ready();
    await started;
    expect(resolved).toBe(true);
    expect(h.network.state).toBe('running');
  });

  test('the flags: the RPC on its port with the core URL, the lake in <data-dir>/lake, which the service serves', async () => {
    const h = harness({ extras: true });
    await h.network.start();
    const dataDir = h.latest('core')!.spec.args[1]!;
    expect(h.latest('rpc')!.spec).toEqual({
      part: 'rpc',
      entry: '/entries/rpc.mjs',
      args: ['--data-dir', dataDir, '--port', '41003', '--core-url', 'http://127.0.0.1:41001'],
    });
    expect(h.latest('lake')!.spec).toEqual({
      part: 'lake',
      entry: '/entries/lake.mjs',
      args: ['--data-dir', dataDir, '--lake-dir', join(dataDir, 'lake')],
    });
    expect(h.latest('service')!.spec.args.slice(-2)).toEqual(['--lake-dir', join(dataDir, 'lake')]);
    expect(h.network.rpcUrl).toBe('http://127.0.0.1:41003');
    expect(h.network.lakeDir).toBe(join(dataDir, 'lake'));
  });

  test('left off: only core and service run, no RPC URL, no lake served', async () => {
    const h = harness();
    await h.network.start();
    expect(parts(h)).toEqual(['core', 'service']);
    expect(h.latest('service')!.spec.args).not.toContain('--lake-dir');
    expect([h.network.rpcUrl, h.network.lakeDir]).toEqual([null, null]);
    // On without an entry or a port is a mistake of the host, said at once.
    expect(
      () =>
        new EmbeddedNetwork({
          dataDir: tempDir(),
          entries: { core: '/c', service: '/s' },
          ports: { core: 1, service: 2 },
          spawn: () => expect.unreachable(),
        }),
    ).toThrow(/Stellar RPC is on but has no entry or port/);
  });

  test('an RPC that cannot start is said, by name and with what it printed; the others keep running', async () => {
    const h = harness({ extras: true, silent: ['rpc'], maxAttempts: 2 });
    const failing = setInterval(() => {
      for (const child of h.spawned.filter((each) => each.spec.part === 'rpc' && !each.exited)) {
        child.print('ledgerscope-rpc: listen EADDRINUSE: address already in use 127.0.0.1:41003');
        child.exit(1);
      }
    }, 1);
    try {
      await h.network.start();
    } finally {
      clearInterval(failing);
    }
    expect(h.network.state).toBe('running');
    expect(h.notices.map(({ level, part }) => `${level} ${part}`)).toEqual(['warning rpc', 'error rpc']);
    expect(h.notices[1]!.message).toBe(
      "The local network's Stellar RPC could not start after 2 attempts (exited with code 1 before it was ready; " +
        'it said: ledgerscope-rpc: listen EADDRINUSE: address already in use 127.0.0.1:41003); giving up. ' +
        'The explorer runs on without it.',
    );
    // Core, service and lake were never signalled.
    for (const part of ['core', 'service', 'lake'] as const) {
      expect(h.latest(part)!.exited, part).toBe(false);
      expect(h.latest(part)!.signals, part).toEqual([]);
    }
    expect(parts(h).filter((part) => part === 'rpc')).toHaveLength(2);
  });

  test('a lake writer that stops is restarted with a notice, and the network stays running', async () => {
    const h = harness({ extras: true });
    await h.network.start();
    h.latest('lake')!.exit(1);
    await waitFor('the running-again notice', () => h.notices.some((notice) => notice.level === 'info'));
    expect(h.notices.map((notice) => notice.message)).toEqual([
      "The local network's ledger data lake writer stopped (exit code 1); restarting it in 5 ms.",
      "The local network's ledger data lake writer is running again.",
    ]);
    expect(parts(h)).toEqual(['core', 'service', 'rpc', 'lake', 'lake']);
    expect(h.network.state).toBe('running');
  });

  test('a lake writer that fails at its first work after each start is given up after the limit, saying why', async () => {
    // As the writer does on a store from before the core recorded close meta: ready, then exit 1.
    const h = harness({
      extras: true,
      maxAttempts: 3,
      afterReady: (child) => {
        if (child.spec.part !== 'lake') return;
        child.print('ledgerscope-lake: stopped: ledger 7 has no recorded close meta: the lake cannot hold it');
        setTimeout(() => child.exit(1), 1);
      },
    });
    await h.network.start();
    await waitFor('the lake to be given up', () => h.notices.some((notice) => notice.level === 'error'));
    const said =
      'exit code 1; it said: ledgerscope-lake: stopped: ledger 7 has no recorded close meta: the lake cannot hold it';
    expect(h.notices.map((notice) => `${notice.level} ${notice.part}: ${notice.message}`)).toEqual([
      `warning lake: The local network's ledger data lake writer stopped (${said}); restarting it in 5 ms.`,
      "info lake: The local network's ledger data lake writer is running again.",
      `warning lake: The local network's ledger data lake writer stopped (${said}); restarting it in 10 ms.`,
      "info lake: The local network's ledger data lake writer is running again.",
      `error lake: The local network's ledger data lake writer stopped 3 times within 60 s of starting (${said}); giving up. The explorer runs on without it.`,
    ]);
    expect(parts(h).filter((part) => part === 'lake')).toHaveLength(3);
    expect(h.network.state).toBe('running');
    expect(h.latest('service')!.exited).toBe(false);
  });

  test('a core that keeps stopping soon after each start fails the network', async () => {
    const h = harness({
      maxAttempts: 2,
      afterReady: (child) => void (child.spec.part === 'core' && setTimeout(() => child.exit(137), 1)),
    });
    await h.network.start();
    await waitFor('the core to be given up', () => h.notices.some((notice) => notice.level === 'error'));
    expect(h.notices.at(-1)!.message).toBe(
      "The local network's core stopped 2 times within 60 s of starting (exit code 137); giving up.",
    );
    expect(h.network.state).toBe('failed');
  });

  test('a core that cannot start fails the network before any extra is spawned', async () => {
    const h = harness({ extras: true, silent: ['core'], maxAttempts: 1 });
    const started = h.network.start();
    await waitFor('the core', () => h.spawned.length === 1);
    h.latest('core')!.exit(2);
    await expect(started).rejects.toThrow(/exited with code 2/);
    expect(parts(h)).toEqual(['core']);
    expect(h.network.state).toBe('failed');
  });

  test('stops in the reverse order: lake, RPC, service, core', async () => {
    const h = harness({ extras: true });
    await h.network.start();
    h.events.length = 0;
    await h.network.stop();
    expect(h.events).toEqual([
      'SIGTERM lake',
      'exit lake',
      'SIGTERM rpc',
      'exit rpc',
      'SIGTERM service',
      'exit service',
      'SIGTERM core',
      'exit core',
    ]);
  });
});

describe('which network', () => {
  test('the flag wins; without it the saved selection; without that, local', () => {
    expect(shouldStartLocal('local', 'testnet')).toBe(true);
    expect(shouldStartLocal('testnet', 'local')).toBe(false);
    expect(shouldStartLocal('https://horizon.example.org', undefined)).toBe(false);
    expect(shouldStartLocal(undefined, 'public')).toBe(false);
    expect(shouldStartLocal(undefined, 'local')).toBe(true);
    expect(shouldStartLocal(undefined, undefined)).toBe(true);
  });

  test('--network takes the built-in ids and http(s) URLs only', () => {
    expect(parseNetworkFlag('testnet')).toEqual({ id: 'testnet' });
    expect(parseNetworkFlag('https://horizon.example.org')).toEqual({ url: 'https://horizon.example.org/' });
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'mainnet', '', 'ftp://x.org'])
      expect(() => parseNetworkFlag(bad)).toThrow(/--network/);
  });

  test('reads the saved selection, and tolerates a missing or corrupt file', () => {
    const dir = tempDir();
    expect(savedSelection(dir)).toBeUndefined();
    writeFileSync(join(dir, 'networks.json'), '{not json');
    expect(savedSelection(dir)).toBeUndefined();
    writeFileSync(join(dir, 'networks.json'), JSON.stringify({ selectedId: 'testnet', custom: [] }));
    expect(savedSelection(dir)).toBe('testnet');
  });

  test('selecting Local at run time starts the network; selecting a remote one does not', async () => {
    const started: string[] = [];
    let selected = 'testnet';
    const handlers = {
      'network:select': async ({ id }: { id: string }) => ({ selectedId: (selected = id) }),
      'network:remove': async () => ({ selectedId: selected }),
    } as unknown as Handlers;
    const wrapped = startLocalWhenSelected(handlers, { ensureStarted: () => void started.push(selected) });
    const context = { signal: new AbortController().signal };
    await wrapped['network:select']({ id: 'public' }, context);
    expect(started).toEqual([]);
    await wrapped['network:select']({ id: 'local' }, context);
    expect(started).toEqual(['local']);
    await wrapped['network:remove']({ id: 'mine' }, context);
    expect(started).toEqual(['local', 'local']);
  });
});

describe('ports', () => {
  test('are kept between runs, and a saved port that is now taken is replaced', async () => {
    const dir = tempDir();
    const first = await choosePorts(dir);
    expect(new Set([first.core, first.service, first.rpc]).size).toBe(3);
    expect(await choosePorts(dir)).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, 'ports.json'), 'utf8'))).toEqual(first);
    for (const part of ['service', 'rpc'] as const) {
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(first[part], '127.0.0.1', resolve));
      try {
        const next = await choosePorts(dir);
        expect(next.core).toBe(first.core);
        expect(next[part]).not.toBe(first[part]);
        expect(JSON.parse(readFileSync(join(dir, 'ports.json'), 'utf8'))).toEqual(next);
      } finally {
        await new Promise((resolve) => blocker.close(resolve));
      }
      writeFileSync(join(dir, 'ports.json'), JSON.stringify(first));
    }
  });

  test('one saved port given to two parts (a hand-edited file) is given to one of them only', async () => {
    const dir = tempDir();
    const first = await choosePorts(dir);
    writeFileSync(join(dir, 'ports.json'), JSON.stringify({ ...first, rpc: first.service }));
    const next = await choosePorts(dir);
    expect(next.service).toBe(first.service);
    expect(new Set([next.core, next.service, next.rpc]).size).toBe(3);
  });

  test('a ports.json that is not an object is replaced', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ports.json'), '[4000, 4001]');
    const ports = await choosePorts(dir);
    expect(JSON.parse(readFileSync(join(dir, 'ports.json'), 'utf8'))).toEqual(ports);
  });
});

describe('real processes (child_process.fork)', () => {
  const FIXTURE = join(ROOT, 'test', 'integration', 'fixtures', 'fake-network-process.mjs');

  async function realNetwork(entries: NetworkEntries, execArgv: string[] = [], coreArgs: string[] = []) {
    const dataDir = tempDir();
    const notices: NetworkNotice[] = [];
    const lines: string[] = [];
    const network = new EmbeddedNetwork({
      dataDir,
      entries,
      spawn: forkWithNode(execArgv),
      ports: await choosePorts(dataDir),
      coreArgs,
      // The fake stands in for core and service only (docs/testing.md: the extras' real test is the web host's).
      rpc: false,
      lake: false,
      restart: { initialDelayMs: 10 },
      readyTimeoutMs: 60_000,
      onNotice: (notice) => notices.push(notice),
      onLine: (part, line) => lines.push(`${part}: ${line}`),
    });
    networks.push(network);
    return { network, dataDir, notices, lines };
  }

  test('starts, restarts a killed core, and stops service then core', async () => {
    const { network, dataDir, notices } = await realNetwork({ core: FIXTURE, service: FIXTURE });
    await network.start();
    const root = (await (await fetch(network.serviceUrl)).json()) as { role: string; core: string };
    expect(root).toEqual({ role: 'service', core: network.coreUrl });

    // Only a positive integer pid is signalled: an empty log would read as 0, the whole process group (#36).
    const corePids = () =>
      readFileSync(join(dataDir, 'starts-core.log'), 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => parsePid(line, 'starts-core.log'));
    signalPid(corePids()[0], 'SIGKILL');
    await waitFor('the core to be restarted', () => corePids().length === 2);
    await waitFor('the running-again notice', () => notices.some((notice) => notice.level === 'info'));
    expect(notices[0]!.message).toMatch(/core stopped/);
    await waitFor(
      'the restarted core to answer on the same port',
      async () => (await fetch(network.coreUrl).catch(() => null))?.ok,
    );

    await network.stop();
    expect(readFileSync(join(dataDir, 'stops.log'), 'utf8').trim().split('\n')).toEqual(['service', 'core']);
  });

  const coreEntry = join(ROOT, 'network', 'validator-process.ts');
  const serviceEntry = join(ROOT, 'network', 'service', 'process.ts');

  test('the real network entries start in order, answer, and stop', { timeout: 120_000 }, async () => {
    // A missing entry is a broken checkout, not a machine without a prerequisite: fail, loudly.
    for (const entry of [coreEntry, serviceEntry])
      expect(existsSync(entry), `the network entry ${entry} exists`).toBe(true);
    const { network, lines } = await realNetwork(
      { core: coreEntry, service: serviceEntry },
      ['--import', 'tsx'],
      ['--start-ledger', '60000000', '--close-interval-ms', '200'],
    );
    try {
      await network.start();
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${lines.join('\n')}`, { cause: error });
    }
    expect(lines.findIndex((line) => line.startsWith('core: ledgerscope-core listening'))).toBeLessThan(
      lines.findIndex((line) => line.startsWith('service: ledgerscope-service listening')),
    );
    const response = await fetch(network.serviceUrl, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    await network.stop();
    expect(network.state).toBe('stopped');
  });
});

describe('--network applied through the channel map', () => {
  type Reply = { ok: true; value: unknown } | { ok: false; error: { code: IpcErrorCode; message: string } };
  function fakeDispatch(
    profiles: { id: string; baseUrl: string }[],
    probe: { serverPassphrase: string | null } = { serverPassphrase: 'Test SDF Network ; September 2015' },
  ) {
    const calls: [string, unknown][] = [];
    const dispatch = async (channel: unknown, args: unknown): Promise<Reply> => {
      calls.push([String(channel), args]);
      if (channel === 'network:list') return { ok: true, value: { profiles, selectedId: 'local' } };
      if (channel === 'network:test') return { ok: true, value: probe };
      if (channel === 'network:add') return { ok: true, value: { id: 'added' } };
      if (channel === 'network:select') {
        const id = (args as { id: string }).id;
        return id === 'missing'
          ? { ok: false, error: { code: 'not_found', message: 'no such profile' } }
          : { ok: true, value: { selectedId: id } };
      }
      return { ok: false, error: { code: 'unknown_channel', message: 'unknown' } };
    };
    return { dispatch, calls };
  }

  test('a built-in id is selected', async () => {
    const { applyNetworkFlag } = await import('../../core/networks/network-flag');
    const { dispatch, calls } = fakeDispatch([]);
    expect(await applyNetworkFlag(dispatch, 'testnet')).toBe('testnet');
    expect(calls).toEqual([['network:select', { id: 'testnet' }]]);
  });

  test('a URL selects the saved profile with that URL, else adds one with the server’s passphrase', async () => {
    const { applyNetworkFlag } = await import('../../core/networks/network-flag');
    const saved = fakeDispatch([{ id: 'mine', baseUrl: 'https://horizon.example.org/' }]);
    expect(await applyNetworkFlag(saved.dispatch, 'https://horizon.example.org')).toBe('mine');
    const fresh = fakeDispatch([]);
    expect(await applyNetworkFlag(fresh.dispatch, 'https://other.example.org')).toBe('added');
    expect(fresh.calls.map(([channel]) => channel)).toEqual([
      'network:list',
      'network:test',
      'network:add',
      'network:select',
    ]);
    expect(fresh.calls[2]![1]).toEqual({
      name: 'other.example.org',
      baseUrl: 'https://other.example.org/',
      passphrase: 'Test SDF Network ; September 2015',
    });
  });

  test('failures say which flag failed', async () => {
    const { applyNetworkFlag } = await import('../../core/networks/network-flag');
    await expect(
      applyNetworkFlag(fakeDispatch([], { serverPassphrase: null }).dispatch, 'https://x.example'),
    ).rejects.toThrow(/--network https:\/\/x.example: .*passphrase/);
    await expect(applyNetworkFlag(fakeDispatch([]).dispatch, 'gopher://x')).rejects.toThrow(
      /--network URL must be http/,
    );
  });
});
