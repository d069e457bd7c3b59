// The seam for sources (issue 35, core/sources/): the registry's Horizon source answers every part
// of the Source interface over a real HTTP server, a second kind registered by one line is the
// source of the profiles it serves (and only of those), and a capability a kind lacks is refused
// with its own sentence.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionTest, NetworkProfile } from '../../shared/ipc';
import { CoreError } from '../../core/app/errors';
import { HttpClient } from '../../core/http/http';
import {
  probeServer,
  SOURCES,
  sourceCache,
  sourceKindOf,
  sourceOf,
  type SourceKind,
} from '../../core/sources/registry';
import { isLacking, need, type Source } from '../../core/sources/source';
import { startLocalServer, type LocalServer } from '../support/local-server';

const ROOT = join(import.meta.dirname, '..', '..');

/** Each file's imports of other files of the list (relative specifiers resolved as TypeScript would). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
      const targets = importedFiles
        .filter(({ fileName }) => fileName.startsWith('.'))
        .map(({ fileName }) => normalize(join(dirname(file), fileName)))
        .flatMap((base) => [`${base}.ts`, `${base}/index.ts`].filter((candidate) => known.has(candidate)));
      return [file, targets];
    }),
  );
}

const ACCOUNT = 'GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR';
const profile = (changes: Partial<NetworkProfile> = {}): NetworkProfile => ({
  id: 'test',
  name: 'Test',
  baseUrl: 'http://127.0.0.1:9',
  passphrase: 'Test SDF Network ; September 2015',
  dialect: 'horizon',
  builtIn: false,
  ...changes,
});

let server: LocalServer;
const asked: string[] = [];
beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    asked.push(url.pathname);
    response.setHeader('content-type', 'application/hal+json');
    if (url.pathname === '/') {
      response.end(JSON.stringify({ history_elder_ledger: 3, history_latest_ledger: 9, core_latest_ledger: 9 }));
    } else if (url.pathname === '/ledgers/7') {
      response.end(
        JSON.stringify({ sequence: 7, hash: 'ab'.repeat(32), closed_at: '2026-01-01T00:00:00Z', operation_count: 0 }),
      );
    } else if (url.pathname === `/accounts/${ACCOUNT}/payments`) {
      response.end(JSON.stringify({ _embedded: { records: [] } }));
    } else {
      response.statusCode = 404;
      response.setHeader('content-type', 'application/problem+json');
      response.end(JSON.stringify({ type: 'not_found', title: 'Resource Missing', status: 404 }));
    }
  });
});
afterAll(() => server.close());

const UNREACHED = {
  ok: false,
  latencyMs: null,
  dialect: null,
  serverPassphrase: null,
  latestLedger: null,
  message: 'not an RPC server',
};

/** Every member the Source interface names, so that a kind missing one fails here as well as in tsc. */
const MEMBERS = [
  'kind',
  'profile',
  'http',
  'health',
  'history',
  'historyStart',
  'historyEdge',
  'ledger',
  'account',
  'resource',
  'listings',
  'streams',
  'submission',
  'index',
] as const;

describe('the registry', () => {
  it('gives the Horizon source to both dialects of a Horizon-shaped server, with every capability', () => {
    for (const dialect of ['horizon', 'ledger'] as const) {
      const source = sourceOf(profile({ dialect }));
      expect(source.kind).toBe('horizon');
      for (const member of MEMBERS) expect(source[member], member).toBeDefined();
      for (const capability of [source.listings, source.streams.payments, source.streams.ledgers, source.submission])
        expect(isLacking(capability)).toBe(false);
      expect(need(source.streams.payments).mode).toBe('push');
    }
  });

  it("reads the network through the Horizon source's HTTP client", async () => {
    const http = new HttpClient(server.base, { maxRetries: 0 });
    const source = sourceOf(profile({ baseUrl: server.base }), http);
    expect(source.http).toBe(http);
    expect(await source.history()).toEqual({ elder: 3, latest: 9 });
    expect((await source.health()).latestLedger).toBe(9);
    expect(await source.ledger(7)).toMatchObject({ sequence: 7, operationCount: 0 });
    expect(await source.ledger(8)).toBeNull();
    expect(await source.account(ACCOUNT)).toBeNull();
    const query = { limit: 10, order: 'desc' as const, includeFailed: false, includeTransactions: false };
    expect((await need(source.listings).page({ kind: 'payments', account: ACCOUNT }, query)).records).toEqual([]);
    expect(need(source.index).operations.path(ACCOUNT)).toBe(`/accounts/${ACCOUNT}/operations`);
    expect(asked).toContain('/ledgers/7');
  });

  it('chooses a second kind registered by one line for the profiles it serves, and Horizon for the rest', () => {
    const rpc: SourceKind = {
      kind: 'rpc',
      serves: (p) => p.id === 'rpc',
      create: (p, http) => ({
        ...sourceOf(p, http),
        kind: 'rpc',
        listings: { lacking: 'This RPC server keeps no account listings: sync a history index instead.' },
      }),
      probe: async () => UNREACHED,
    };
    const kinds = [rpc, ...SOURCES];
    expect(sourceKindOf(profile({ id: 'rpc' }), kinds).kind).toBe('rpc');
    const chosen = sourceOf(profile({ id: 'rpc' }), undefined, kinds);
    expect(chosen.kind).toBe('rpc');
    expect(sourceOf(profile({ id: 'testnet' }), undefined, kinds).kind).toBe('horizon');
    // Without its line, the same profile is Horizon's.
    expect(sourceOf(profile({ id: 'rpc' })).kind).toBe('horizon');
    // What it lacks is refused with its sentence, as not_found.
    const refused = (() => {
      try {
        need(chosen.listings);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(CoreError);
    expect(refused).toMatchObject({ code: 'not_found', message: expect.stringMatching(/keeps no account listings/) });
  });

  it('tests a server with the first kind whose probe reaches it, else says why with the first answer', async () => {
    const rpc: SourceKind = { ...SOURCES[0]!, kind: 'rpc', probe: async () => UNREACHED };
    const signal = new AbortController().signal;
    const horizon = await probeServer({ baseUrl: server.base }, signal, undefined, undefined, [rpc, ...SOURCES]);
    expect(horizon).toMatchObject({ ok: true, latestLedger: 9 });
    expect(await probeServer({ baseUrl: server.base }, signal, undefined, undefined, [rpc])).toEqual(UNREACHED);
  });

  it('prefers the kind that recognises the server over one that only reached it', async () => {
    const signal = new AbortController().signal;
    const reachedOnly: ConnectionTest = { ...UNREACHED, latencyMs: 3, message: 'reached, but not ours' };
    const recognised: ConnectionTest = { ...UNREACHED, ok: true, latencyMs: 5, dialect: 'rpc', message: 'ours' };
    const vague: SourceKind = { ...SOURCES[0]!, kind: 'vague', probe: async () => reachedOnly };
    const knowing: SourceKind = { ...SOURCES[0]!, kind: 'knowing', probe: async () => recognised };
    expect(await probeServer({ baseUrl: server.base }, signal, undefined, undefined, [vague, knowing])).toBe(
      recognised,
    );
    // Reached by one and by no other: that answer, not the unreached one's.
    const none: SourceKind = { ...SOURCES[0]!, kind: 'none', probe: async () => UNREACHED };
    expect(await probeServer({ baseUrl: server.base }, signal, undefined, undefined, [none, vague])).toBe(reachedOnly);
  });

  it('refuses a profile no kind serves', () => {
    expect(() => sourceKindOf(profile(), [])).toThrow(/No kind of source serves the network Test/);
  });

  it('keeps one source per profile over its base URL client, made again when the profile changes', () => {
    const clients = new Map<string, HttpClient>();
    const clientFor = (p: { baseUrl: string }) => {
      if (!clients.has(p.baseUrl)) clients.set(p.baseUrl, new HttpClient(p.baseUrl));
      return clients.get(p.baseUrl)!;
    };
    const sourceFor = sourceCache(clientFor);
    const first: Source = sourceFor(profile());
    expect(sourceFor(profile())).toBe(first);
    expect(first.http).toBe(clientFor(profile()));
    const moved = sourceFor(profile({ baseUrl: 'http://127.0.0.1:10' }));
    expect(moved).not.toBe(first);
    expect(moved.http).toBe(clientFor({ baseUrl: 'http://127.0.0.1:10' }));
    expect(sourceFor(profile({ dialect: 'ledger' })).profile.dialect).toBe('ledger');
  });
});

describe('the seam', () => {
  /**
   * Who may import a Horizon file: the sources themselves (the registries among them). No other: the
   * history index's worker reads its pages through sources/index-formats.ts, the registry of page
   * formats, as the core reaches a network through registry.ts.
   */
  const ALLOWED = [/^core\/sources\//];

  it('handlers, the app, the history sync, the streams, the exports and the command line reach Horizon only through the source', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /^(core|cli|electron)\/.*\.ts$/.test(file));
    const graph = importGraph(files);
    const reaching = [...graph]
      .filter(([, targets]) => targets.some((target) => target.startsWith('core/sources/horizon/')))
      .map(([file]) => file)
      .filter((file) => !ALLOWED.some((allowed) => allowed.test(file)));
    expect(graph.get('core/handlers/listings.ts')).toContain('core/sources/source.ts');
    expect(reaching).toEqual([]);
  });
});
