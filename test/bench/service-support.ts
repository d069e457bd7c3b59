// Shared by the service benchmarks: a synthetic store of N payments and the service as its own
// process (network/service/process.ts), so that the load generator does not share its event loop.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SyntheticStore, accountKeys, fillPayments } from '../support/service-store';

export const START = 60_000_000;

export function buildStore(
  operations: number,
  accountCount: number,
  dir = mkdtempSync(join(tmpdir(), 'service-bench-')),
): { dir: string; store: SyntheticStore; accounts: string[] } {
  const store = new SyntheticStore(dir, START);
  const accounts = accountKeys(accountCount, 7);
  const perLedger = Math.min(1000, operations);
  fillPayments(store, {
    startLedger: START,
    ledgers: Math.ceil(operations / perLedger),
    perLedger,
    accounts,
    bulk: true,
  });
  return { dir, store, accounts };
}

/**
 * The same store as buildStore, kept under `cacheDir` between runs (it is read-only to the service,
 * and a 1,000,000-operation store takes minutes to fill): built once into a temporary directory,
 * then renamed into place, so an interrupted build is never reused.
 */
export function cachedStore(
  operations: number,
  accountCount: number,
  cacheDir: string,
): { dir: string; accounts: string[]; built: boolean } {
  const dir = join(cacheDir, `payments-${operations}-${accountCount}`);
  if (existsSync(join(dir, 'ready'))) return { dir, accounts: accountKeys(accountCount, 7), built: false };
  mkdirSync(cacheDir, { recursive: true });
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building);
  const { store, accounts } = buildStore(operations, accountCount, building);
  store.db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
  store.close();
  writeFileSync(join(building, 'ready'), `${operations}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return { dir, accounts, built: true };
}

export async function spawnService(dir: string, extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  return spawnListening([
    'network/service/process.ts',
    '--data-dir',
    dir,
    '--port',
    '0',
    '--core-url',
    'http://127.0.0.1:9',
    ...extra,
  ]);
}

/** The latency relay (latency-proxy.ts) in front of `target`: the same server, `rttMs` away over a link of `mbit` (0: no limit). */
export async function spawnLatencyProxy(
  target: string,
  rttMs: number,
  mbit = 0,
): Promise<{ url: string; child: ChildProcess }> {
  return spawnListening([
    'test/bench/latency-proxy.ts',
    '--target',
    target,
    '--rtt-ms',
    String(rttMs),
    '--mbit',
    String(mbit),
  ]);
}

/** A TypeScript entry point as its own process; resolves with the URL it prints once it listens. */
export async function spawnListening(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
  });
  return { url, child };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
