// Starts a real local network for a test, as `npm run network` does (network/cli.ts, here from the
// bundle test/support/process-bundle.ts makes once a test process: the same code without tsx's
// loader at each of the three or four processes' start), in a fresh temporary data directory on
// free ports, and waits for it to say it is ready: never a fixed sleep, always a condition with a
// deadline.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parsePid, signalPid } from '../../core/networks/network-process';
import type { DemoAccount } from '../../network/demo-generator/generate';
import { bundleDir } from './bundled';
import { waitFor } from './wait';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type { DemoAccount };

export interface NetworkOptions {
  historyOps?: number;
  accounts?: number;
  seed?: string;
  startLedger?: number;
  closeIntervalMs?: number;
  /** Start the Stellar RPC too (a third process, about a second): only the files that speak to it. */
  rpc?: boolean;
  /** Write the ledger data lake (to <dataDir>/lake, served at /lake/): only the files that read it. */
  lake?: boolean;
  /** More flags for network/cli.ts. */
  args?: string[];
  /** Deadline for readiness (history generation included). Default 120 s. */
  readyTimeoutMs?: number;
  /** Echo the network's output to this process's stderr. */
  verbose?: boolean;
  /** Extra environment for the network's processes (e.g. fault injection). */
  env?: Record<string, string>;
}

export interface RunningNetwork {
  /** The query service's base URL. */
  serviceUrl: string;
  /** The Stellar RPC's URL (JSON-RPC 2.0 POSTs go to it as is); '' unless started with `rpc: true`. */
  rpcUrl: string;
  coreUrl: string;
  dataDir: string;
  passphrase: string;
  demoAccounts: DemoAccount[];
  /** Output lines so far (cli, core and service), for diagnosing a failure. */
  output: string[];
  stop(): Promise<void>;
  /** kill -9 of the core process; resolves once it is gone. */
  killCore(): Promise<void>;
  /** Starts the core again on the same data directory and port; resolves once it listens. */
  startCore(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

function collect(child: ChildProcess, output: string[], verbose: boolean): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      if (verbose) process.stderr.write(`${line}\n`);
    });
  }
}

export async function startNetwork(options: NetworkOptions = {}): Promise<RunningNetwork> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-net-'));
  const coreFlags: string[] = [];
  const add = (flag: string, value: number | string | undefined) =>
    value !== undefined && coreFlags.push(`--${flag}`, String(value));
  add('history-ops', options.historyOps ?? 0);
  add('accounts', options.accounts);
  add('seed', options.seed);
  add('start-ledger', options.startLedger);
  add('close-interval-ms', options.closeIntervalMs);
  const output: string[] = [];
  const verbose = options.verbose ?? false;
  const env = { ...process.env, ...options.env };
  const cli = spawn(
    process.execPath,
    [
      join(bundleDir(), 'network', 'cli.mjs'),
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--core-port',
      '0',
      ...(options.rpc ? ['--rpc-port', '0'] : ['--rpc', 'off']),
      ...(options.lake ? [] : ['--lake', 'off']),
      ...coreFlags,
      ...(options.args ?? []),
    ],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  collect(cli, output, verbose);
  const find = (prefix: string) =>
    output
      .find((l) => l.startsWith(prefix))
      ?.slice(prefix.length)
      .trim();
  let extraCore: ChildProcess | undefined;

  const stop = async () => {
    const children = [cli, extraCore].filter(
      (c): c is ChildProcess => c !== undefined && c.exitCode === null && c.signalCode === null,
    );
    for (const child of children) child.kill('SIGTERM');
    // A clean stop takes well under a second; past the deadline, kill -9 rather than hang a suite.
    const killer = setTimeout(() => children.forEach((c) => c.kill('SIGKILL')), 15_000);
    await Promise.all(children.map(exited));
    clearTimeout(killer);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitFor(
      'the network to be ready',
      () => {
        if (cli.exitCode !== null) throw new Error(`network exited with code ${cli.exitCode}:\n${output.join('\n')}`);
        return output.includes('ledgerscope-network: ready');
      },
      options.readyTimeoutMs ?? 120_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const coreUrl = find('ledgerscope-network: core listening on ') ?? '';
  let corePid = parsePid(find('ledgerscope-network: core pid ') ?? '', 'the network\'s "core pid" line');
  const demo = JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as {
    passphrase: string;
    accounts: DemoAccount[];
  };

  return {
    serviceUrl: find('ledgerscope-network: service listening on ') ?? '',
    rpcUrl: find('ledgerscope-network: rpc listening on ') ?? '',
    coreUrl,
    dataDir,
    passphrase: demo.passphrase,
    demoAccounts: demo.accounts,
    output,
    stop,
    async killCore() {
      signalPid(corePid, 'SIGKILL');
      await waitFor('the core to die', () => !alive(corePid), 10_000, 5);
    },
    async startCore() {
      const port = new URL(coreUrl).port;
      const lines: string[] = [];
      extraCore = spawn(
        process.execPath,
        [join(bundleDir(), 'network', 'validator-process.mjs'), '--data-dir', dataDir, '--port', port, ...coreFlags],
        {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      collect(extraCore, lines, verbose);
      const child = extraCore;
      await waitFor(
        'the core to listen again',
        () => {
          if (child.exitCode !== null) throw new Error(`core exited with code ${child.exitCode}:\n${lines.join('\n')}`);
          return lines.some((l) => l.startsWith('ledgerscope-core listening on '));
        },
        30_000,
      );
      output.push(...lines);
      corePid = parsePid(String(child.pid ?? ''), 'the restarted core');
    },
  };
}
