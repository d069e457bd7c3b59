// The one composition of `--network` and the embedded local network (core/networks/network-setup.ts)
// that the desktop app, the web host and the command line share: hostile flag values, which
// network runs in each mode, reuse of a running one, and the flag applied through dispatch.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseInvocation, UsageError } from '../../cli/args';
import type { Handlers } from '../../core/app/dispatch';
import type { NetworkNotice } from '../../core/networks/embedded-network';
import { applyNetworkFlag, checkedNetworkFlag, parseNetworkFlag } from '../../core/networks/network-flag';
import { forkWithNode } from '../../core/networks/network-process';
import {
  DEFAULT_LOCAL_URL,
  localNetworkLine,
  setUpNetwork,
  type NetworkSetup,
  type NetworkSetupOptions,
} from '../../core/networks/network-setup';
import type { NetworkProfile } from '../../shared/ipc';
import { mapAtMost } from '../support/at-most';
import { waitFor } from '../support/wait';

const FAKE = join(import.meta.dirname, 'fixtures', 'fake-network-process.mjs');
const HOSTILE = [
  '',
  'javascript:alert(1)',
  'x'.repeat(10_000),
  `https://${'a'.repeat(10_000)}.example`,
  'mainnet',
  'Local',
  'file:///etc/passwd',
  'line\nbreak',
  'https://user:pw@h.example',
];

const temps: string[] = [];
const setups: NetworkSetup[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(setups.splice(0).map((setup) => setup.stop()));
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  temps.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-setup-'));
  temps.push(dir);
  return dir;
};

function options(overrides: Partial<NetworkSetupOptions> = {}): NetworkSetupOptions & { notices: NetworkNotice[] } {
  const dir = tempDir();
  const notices: NetworkNotice[] = [];
  return {
    flag: undefined,
    userDataDir: dir,
    dataDir: join(dir, 'local-network'),
    entries: { core: FAKE, service: FAKE },
    spawn: forkWithNode(),
    mode: 'background',
    // The fake stands in for core and service; the tests of the RPC and the lake turn them on.
    rpc: false,
    lake: false,
    onNotice: (notice) => notices.push(notice),
    notices,
    ...overrides,
  };
}

async function setUp(given: NetworkSetupOptions): Promise<NetworkSetup> {
  const setup = await setUpNetwork(given);
  setups.push(setup);
  return setup;
}

const oneLine = (message: string) => {
  expect(message).not.toMatch(/[\r\n\u2028\u2029]/);
  expect(message.length).toBeLessThan(200);
  expect(message).toMatch(/--network/);
};

describe('--network values', () => {
  test('hostile values are refused with one short line, in every host', async () => {
    for (const bad of HOSTILE) {
      expect(() => parseNetworkFlag(bad), bad.slice(0, 20)).toThrow(/--network/);
      try {
        parseNetworkFlag(bad);
      } catch (error) {
        oneLine((error as Error).message);
      }
      // The command line: a UsageError (exit 2), the same message.
      expect(() => parseInvocation(['--network', bad, 'payments', 'G']), bad.slice(0, 20)).toThrow(UsageError);
      // The web host and the command line: setUpNetwork rejects before starting anything.
      const given = options({ flag: bad });
      await expect(setUpNetwork(given)).rejects.toThrow(/--network/);
      // The desktop app reports it and starts with the saved selection.
      const reported: string[] = [];
      expect(checkedNetworkFlag(bad, (message) => reported.push(message))).toBeUndefined();
      expect(reported).toHaveLength(1);
      oneLine(reported[0]!);
    }
  });

  test('the message quotes the value safely and says how long an oversized one is', () => {
    expect(() => parseNetworkFlag('x'.repeat(10_000))).toThrow(/10000 characters/);
    expect(() => parseNetworkFlag('line\nbreak')).toThrow('not "line?nbreak"'.replace('?n', '\\n'));
    expect(() => parseNetworkFlag('javascript:alert(1)')).toThrow(/must be http\(s\), not "javascript:"/);
    expect(checkedNetworkFlag('public', () => expect.unreachable())).toBe('public');
  });
});

/** A server on a free port answering every request with `body`. */
async function serving(body: string): Promise<number> {
  const server = createServer((_request, response) => response.end(body));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as { port: number }).port;
}

/**
 * A server that answers as a local network's service, its port saved in `dataDir`'s ports.json as a
 * running network saves it; with `rpc`, the rpc port saved too, and what is there answers with it.
 */
async function answeringOn(dataDir: string, rpc?: { answer: string | null }): Promise<number> {
  const port = await serving(JSON.stringify({ network_passphrase: 'Ledgerscope Local' }));
  mkdirSync(dataDir, { recursive: true });
  let rpcPort: number | undefined;
  if (rpc?.answer === null) {
    // A saved port nobody listens on: one taken and given back.
    rpcPort = await serving('');
    await new Promise((done) => servers.pop()!.close(done));
  } else if (rpc) rpcPort = await serving(rpc.answer);
  writeFileSync(join(dataDir, 'ports.json'), JSON.stringify({ core: 1, service: port, rpc: rpcPort }));
  return port;
}

const HEALTHY = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { status: 'healthy', latestLedger: 9 } });

describe('setUpNetwork', () => {
  test('background: Local wanted by default, so ours starts; the Local URL is its service', async () => {
    const given = options();
    const setup = await setUp(given);
    expect(setup.network).not.toBeNull();
    expect(setup.localUrl).toBe(setup.network!.serviceUrl);
    await expect.poll(() => setup.network!.state, { timeout: 20_000 }).toBe('running');
  });

  test('background with another network chosen: created, not started, and started when Local is selected', async () => {
    const setup = await setUp(options({ flag: 'testnet' }));
    expect(setup.network!.state).toBe('stopped');
    const selected: string[] = [];
    const handlers = setup.wrap({
      'network:select': async ({ id }: { id: string }) => (selected.push(id), { selectedId: id }),
      'network:remove': async () => ({ selectedId: 'testnet' }),
    } as unknown as Handlers);
    await handlers['network:select']({ id: 'local' }, { signal: new AbortController().signal });
    expect(selected).toEqual(['local']);
    expect(setup.network!.state).not.toBe('stopped');
  });

  test('a Local URL given (--local-url, LEDGERSCOPE_LOCAL_URL) starts nothing', async () => {
    const setup = await setUp(options({ localUrl: 'http://127.0.0.1:9' }));
    expect(setup).toMatchObject({ localUrl: 'http://127.0.0.1:9', network: null });
  });

  test('never (offline commands) and command with another network start nothing', async () => {
    expect(await setUp(options({ mode: 'never', flag: 'local' }))).toMatchObject({
      localUrl: DEFAULT_LOCAL_URL,
      network: null,
    });
    expect(await setUp(options({ mode: 'command', flag: 'public' }))).toMatchObject({
      localUrl: DEFAULT_LOCAL_URL,
      network: null,
    });
  });

  test('missing entries: a command fails, the app says Local is offline', async () => {
    const entries = { core: join(tmpdir(), 'no-such-core.mjs'), service: join(tmpdir(), 'no-such-service.mjs') };
    await expect(setUpNetwork(options({ mode: 'command', flag: 'local', entries }))).rejects.toThrow(
      /not part of this installation/,
    );
    const given = options({ entries });
    expect((await setUp(given)).network).toBeNull();
    expect(given.notices.map((notice) => notice.message)).toEqual([expect.stringMatching(/Local is offline/)]);
  });

  test('command: starts ours and waits for it, saying so; stop() stops it', async () => {
    const given = options({ mode: 'command', flag: 'local' });
    const setup = await setUp(given);
    expect(setup.network!.state).toBe('running');
    expect(given.notices[0]!.message).toMatch(/^starting the local network in .*local-network for this command$/);
    await setup.stop();
    expect(setup.network!.state).toBe('stopped');
  });

  test('command: a network that already answers on the saved port is reused, not started', async () => {
    const given = options({ mode: 'command', flag: 'local' });
    const port = await answeringOn(given.dataDir);
    expect(await setUp(given)).toMatchObject({ localUrl: `http://127.0.0.1:${port}`, network: null });
    expect(given.notices).toEqual([]);
  });

  test('background: a network already running on this data folder (npm run network) is used, not a second core started', async () => {
    const given = options();
    const port = await answeringOn(given.dataDir);
    expect(await setUp(given)).toMatchObject({ localUrl: `http://127.0.0.1:${port}`, network: null });
    expect(given.notices.map((n) => n.message)).toEqual([
      `using the local network already running on ${given.dataDir} at http://127.0.0.1:${port}`,
    ]);
  });

  test('the local RPC: ours is on the port ports.json keeps; off or not installed, there is none, and the notice says which', async () => {
    const given = options({
      flag: 'testnet',
      rpc: true,
      lake: true,
      entries: { core: FAKE, service: FAKE, rpc: FAKE, lake: FAKE },
    });
    const setup = await setUp(given);
    const ports = JSON.parse(readFileSync(join(given.dataDir, 'ports.json'), 'utf8')) as { rpc: number };
    expect(setup.localRpcUrl).toBe(`http://127.0.0.1:${ports.rpc}`);
    expect(setup.network!.rpcUrl).toBe(setup.localRpcUrl);
    expect(localNetworkLine(setup)).toBe(
      `Ledgerscope local network: ${setup.localUrl} (Stellar RPC ${setup.localRpcUrl})`,
    );
    expect(given.notices).toEqual([]);

    expect((await setUp(options({ flag: 'testnet' }))).localRpcUrl).toBeNull();
    const missing = join(tmpdir(), 'no-such-rpc.mjs');
    const uninstalled = options({ flag: 'testnet', rpc: true, entries: { core: FAKE, service: FAKE, rpc: missing } });
    const without = await setUp(uninstalled);
    expect(without.localRpcUrl).toBeNull();
    expect(localNetworkLine(without)).toBe(`Ledgerscope local network: ${without.localUrl} (no Stellar RPC)`);
    expect(uninstalled.notices).toEqual([
      {
        level: 'warning',
        part: 'rpc',
        message: "The local network's Stellar RPC is not part of this installation; the local network runs without it.",
      },
    ]);
    expect((await setUp(options({ localUrl: 'http://127.0.0.1:9' }))).localRpcUrl).toBeNull();
  });

  test('reusing a running network: its RPC when it answers getHealth, else none', async () => {
    const healthy = options();
    const port = await answeringOn(healthy.dataDir, { answer: HEALTHY });
    const rpcPort = (JSON.parse(readFileSync(join(healthy.dataDir, 'ports.json'), 'utf8')) as { rpc: number }).rpc;
    expect(await setUp(healthy)).toMatchObject({
      localUrl: `http://127.0.0.1:${port}`,
      localRpcUrl: `http://127.0.0.1:${rpcPort}`,
      network: null,
    });
    expect(healthy.notices.map((n) => n.message)).toEqual([
      `using the local network already running on ${healthy.dataDir} at http://127.0.0.1:${port} (Stellar RPC at http://127.0.0.1:${rpcPort})`,
    ]);
    // Nothing there, something else there (a page, a JSON-RPC error, another status), no rpc port saved.
    for (const answer of [
      null,
      '<html>not an RPC</html>',
      JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'method not found' } }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: { status: 'unhealthy' } }),
    ]) {
      const given = options({ mode: 'command', flag: 'local' });
      const servicePort = await answeringOn(given.dataDir, { answer });
      expect(await setUp(given), String(answer)).toMatchObject({
        localUrl: `http://127.0.0.1:${servicePort}`,
        localRpcUrl: null,
        network: null,
      });
    }
    const noRpc = options({ mode: 'command', flag: 'local' });
    await answeringOn(noRpc.dataDir);
    expect((await setUp(noRpc)).localRpcUrl).toBeNull();
  });

  test('applyFlag selects through dispatch; no flag, no call; a URL can be kept for this run only', async () => {
    const calls: [unknown, unknown][] = [];
    const dispatch = async (channel: unknown, args: unknown) => {
      calls.push([channel, args]);
      if (channel === 'network:test') return { ok: true as const, value: { serverPassphrase: 'P', dialect: 'ledger' } };
      return { ok: true as const, value: { selectedId: (args as { id: string }).id } };
    };
    await (await setUp(options({ mode: 'never' }))).applyFlag(dispatch);
    expect(calls).toEqual([]);
    await (await setUp(options({ mode: 'never', flag: 'public' }))).applyFlag(dispatch);
    expect(calls).toEqual([['network:select', { id: 'public' }]]);
    const kept: NetworkProfile[] = [];
    expect(await applyNetworkFlag(dispatch, 'https://h.example/', (profile) => kept.push(profile))).toBe('url');
    expect(kept).toEqual([
      {
        id: 'url',
        name: 'h.example',
        baseUrl: 'https://h.example',
        passphrase: 'P',
        dialect: 'ledger',
        builtIn: false,
      },
    ]);
    expect(calls.map(([channel]) => channel)).toEqual(['network:select', 'network:test']);
  });
});

describe('hostile --network values at the hosts’ doors', () => {
  const ROOT = join(import.meta.dirname, '..', '..');
  function run(entry: string, args: string[]): Promise<{ code: number | null; err: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, entry), ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, LEDGERSCOPE_USER_DATA: tempDir() },
      });
      let err = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
      child.once('exit', (code) => resolve({ code, err }));
    });
  }

  test('the web host and the command line exit 2 with one line on stderr, starting nothing', async () => {
    const runs = ['', 'javascript:alert(1)', 'x'.repeat(10_000), 'mainnet'].flatMap((bad) =>
      (
        [
          ['electron/web-main.ts', ['--user-data-dir', tempDir(), '--network', bad]],
          ['cli/main.ts', ['--network', bad, 'payments', 'G']],
        ] as const
      ).map(([entry, args]) => ({ bad, entry, args })),
    );
    // Four processes at a time: each exits at its flags, so its start-up is all its time.
    const results = await mapAtMost(runs, 4, ({ entry, args }) => run(entry, [...args]));
    for (const [i, { bad, entry }] of runs.entries()) {
      const { code, err } = results[i]!;
      expect(code, `${entry} ${bad.slice(0, 20)}`).toBe(2);
      expect(err.trimEnd().split('\n'), err).toHaveLength(1);
      expect(err).toMatch(/^ledgerscope: --network/);
      expect(err.length).toBeLessThan(250);
    }
  }, 120_000);
});

describe('a command whose network does not start', () => {
  test('stops the part that did start and rejects with the reason', async () => {
    const dir = tempDir();
    const broken = join(dir, 'broken-service.mjs');
    writeFileSync(broken, 'process.exit(3);\n');
    const given = options({ mode: 'command', flag: 'local', entries: { core: FAKE, service: broken } });
    await expect(setUpNetwork(given)).rejects.toThrow(/exited with code 3/);
    // The core had started; it was stopped again (the fake logs each stop).
    await expect.poll(() => existsSync(join(given.dataDir, 'stops.log')), { timeout: 10_000 }).toBe(true);
    expect(readFileSync(join(given.dataDir, 'stops.log'), 'utf8')).toBe('core\n');
  });
});

describe('the web host with the defaults', () => {
  const ROOT = join(import.meta.dirname, '..', '..');

  test('starts the local network with its Stellar RPC and lake writer, and stops all four with it', async () => {
    const userDataDir = tempDir();
    const host = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'electron', 'web-main.ts'), '--port', '0', '--user-data-dir', userDataDir],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    host.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    host.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise((done) => host.once('exit', done));
    try {
      const [, serviceUrl, rpcUrl] = await waitFor(
        () => `the web host's local network line:\n${output}`,
        () => /^Ledgerscope local network: (\S+) \(Stellar RPC (\S+)\)$/m.exec(output),
        60_000,
      );
      const dataDir = join(userDataDir, 'local-network');
      const ports = JSON.parse(readFileSync(join(dataDir, 'ports.json'), 'utf8')) as Record<string, number>;
      expect([serviceUrl, rpcUrl]).toEqual([
        `http://127.0.0.1:${ports['service']}`,
        `http://127.0.0.1:${ports['rpc']}`,
      ]);
      // The first run generates the demo history before the core is ready: a generous deadline.
      const health = await waitFor(
        () => `getHealth at ${rpcUrl}:\n${output}`,
        async () => {
          const response = await fetch(rpcUrl!, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
          }).catch(() => null);
          return response?.ok ? ((await response.json()) as { result?: { status?: string } }) : null;
        },
        90_000,
      );
      expect(health.result?.status).toBe('healthy');
      const manifest = join(dataDir, 'lake', '.config.json');
      await waitFor(
        () => `${manifest}:\n${output}`,
        () => existsSync(manifest),
        30_000,
      );
      const root = (await (await fetch(serviceUrl!, { headers: { accept: 'application/json' } })).json()) as {
        network_passphrase: string;
      };
      expect(JSON.parse(readFileSync(manifest, 'utf8'))).toEqual({
        networkPassphrase: root.network_passphrase,
        version: '1.0',
        compression: 'zstd',
        ledgersPerBatch: 1,
        batchesPerPartition: 64_000,
      });
      // The service serves the lake the writer writes, as `npm run network`'s does.
      const served = await fetch(`${serviceUrl}/lake/.config.json`);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe(readFileSync(manifest, 'utf8'));
    } finally {
      host.kill('SIGTERM');
      await exited;
    }
    // Stopped with the host: neither the service nor the RPC answers any more.
    await expect(fetch(`http://127.0.0.1:${readPorts(userDataDir)['rpc']}`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${readPorts(userDataDir)['service']}`)).rejects.toThrow();
  }, 150_000);
});

function readPorts(userDataDir: string): Record<string, number> {
  return JSON.parse(readFileSync(join(userDataDir, 'local-network', 'ports.json'), 'utf8')) as Record<string, number>;
}
