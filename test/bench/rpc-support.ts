// What the RPC benchmarks share (rpc-first-page.ts, rpc-live.ts): the latency relay
// (latency-proxy.ts) in its own process, and an HttpClient that records every request it sends
// (its JSON-RPC method, when it went and when its answer came), so a run can say how many requests
// it made, how many were in flight at once, and how many round trips stood one after the other.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { HttpClient } from '../../core/http/http';

export interface Sent {
  method: string;
  /** getTransaction's hash. */
  hash?: string;
  start: number;
  end: number;
}

/** An HttpClient whose every request is written to `log` (the method of a JSON-RPC body, else GET and the path). */
export function countingClient(baseUrl: string, log: Sent[]): HttpClient {
  const client = new HttpClient(baseUrl);
  const wrap = <K extends 'postJson' | 'getJson' | 'getWith'>(name: K, methodOf: (args: unknown[]) => string) => {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const params = (args[1] as { params?: { hash?: unknown } } | undefined)?.params;
      const sent: Sent = { method: methodOf(args), start: performance.now(), end: 0 };
      if (typeof params?.hash === 'string') sent.hash = params.hash;
      log.push(sent);
      try {
        return await original(...args);
      } finally {
        sent.end = performance.now();
      }
    };
  };
  wrap('postJson', (args) => String((args[1] as { method?: unknown }).method));
  wrap('getJson', (args) => `GET ${String(args[0]).split('?')[0]}`);
  wrap('getWith', (args) => `GET ${String(args[0]).split('?')[0]}`);
  return client;
}

/**
 * Round trips one after the other: requests sent while another is in flight share its round trip;
 * one sent after every earlier one was answered starts the next. With the most in flight at once.
 */
export function roundTrips(log: readonly Sent[]): { trips: number; widest: number; shape: string[] } {
  const sorted = [...log].sort((a, b) => a.start - b.start);
  const groups: Sent[][] = [];
  let until = -Infinity;
  for (const sent of sorted) {
    if (sent.start >= until || groups.length === 0) groups.push([sent]);
    else groups.at(-1)!.push(sent);
    until = Math.max(until, sent.end);
  }
  const shape = groups.map((group) => {
    const counts = new Map<string, number>();
    for (const s of group) counts.set(s.method, (counts.get(s.method) ?? 0) + 1);
    const ms = Math.max(...group.map((g) => g.end)) - group[0]!.start;
    return `${[...counts].map(([m, n]) => (n > 1 ? `${m}×${n}` : m)).join(' ‖ ')} (${ms.toFixed(0)} ms)`;
  });
  return { trips: groups.length, widest: Math.max(0, ...groups.map((g) => g.length)), shape };
}

/** The relay in front of `target`, `rttMs` away; resolves with its URL once it listens. */
export async function startProxy(target: string, rttMs: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/bench/latency-proxy.ts', '--target', target, '--rtt-ms', String(rttMs)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('the latency proxy did not listen within 20 s')), 20_000);
    lines.on('line', (line) => {
      const match = /^listening on (\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the latency proxy exited with ${code}`)));
  });
  child.stdout!.resume();
  return { url, child };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The p-th percentile, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
