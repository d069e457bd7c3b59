// One HTTP stack for every request of the core (issue #25 point 4): a stream's start (the request
// that pins "now"), the stream itself and the ledgers' stream go through the server's HttpClient,
// so a 429 that closed its gate holds them as it holds every other request to that server, and
// nothing is sent with the global fetch.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCoreContext } from '../../core/app/context';
import { HttpClient } from '../../core/http/http';
import { horizonSource } from '../../core/sources/horizon/source';
import { LedgerStream } from '../../core/streams/ledger-stream';
import { streamPayments } from '../../core/streams/streams';
import type { NetworkProfile } from '../../shared/ipc';
import type { StreamStatus } from '../../shared/model';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { waitFor } from '../support/wait';

const ACCOUNT = 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX';
/** Each request's path and when it came (Date.now(), the clock of the client's gate). */
let arrivals: { path: string; at: number }[] = [];
let limitedOnce = false;
let local: LocalServer;

beforeAll(async () => {
  local = await startLocalServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    arrivals.push({ path, at: Date.now() });
    if (path === '/limited' && !limitedOnce) {
      limitedOnce = true;
      res.writeHead(429, { 'content-type': 'application/problem+json', 'retry-after': '1' });
      return res.end('{"type":"rate_limit_exceeded","title":"Rate Limit Exceeded","status":429}');
    }
    if (path === '/' || path === '/limited') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ network_passphrase: 'One Stack ; 2026', history_latest_ledger: 60000000 }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('retry: 1000\nevent: open\ndata: "hello"\n\n');
  });
});
afterAll(() => local.close());
afterEach(() => {
  arrivals = [];
  limitedOnce = false;
  vi.restoreAllMocks();
});

/** Closes `http`'s gate with a 429 on another request; resolves with when the gate opens again. */
async function closeGate(http: HttpClient): Promise<{ closedAt: number; until: number; limited: Promise<unknown> }> {
  const closedAt = Date.now();
  const limited = http.getJson('/limited');
  const until = await waitFor('the 429 gate', () => (http.gatedUntil > Date.now() ? http.gatedUntil : 0), 10_000, 5);
  return { closedAt, until, limited };
}

/** The requests to `path` sent after `since`: each must have waited for the gate to open. */
const sentAfter = (path: RegExp, since: number) => arrivals.filter((a) => path.test(a.path) && a.at >= since);

describe('streams on the one HTTP stack', () => {
  it("pins a watched account's start through the core's client of the server, behind its 429", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const statuses: StreamStatus[] = [];
    const ctx = createCoreContext({
      userDataDir: mkdtempSync(join(tmpdir(), 'ledgerscope-one-stack-')),
      localUrl: local.base,
      host: 'web',
      version: 'test',
      healthIntervalMs: 0,
      emit: (channel, payload) => void (channel === 'stream:status' && statuses.push(payload as StreamStatus)),
    });
    try {
      await waitFor('the start-up health reading', () => arrivals.some((a) => a.path === '/'));
      const gate = await closeGate(ctx.http());
      ctx.streams.watch(ACCOUNT);
      await waitFor('live', () => statuses.some((s) => s.state === 'live'));
      // The pin (and, on a loaded machine, a health reading of the root that came late): every read
      // of the root after the 429 waited for the gate to open. Not "exactly one": a CI run saw a
      // second, the start-up reading's, arrive after the gate closed.
      const pins = sentAfter(/^\/$/, gate.closedAt);
      expect(pins.length).toBeGreaterThanOrEqual(1);
      for (const pin of pins) expect(pin.at).toBeGreaterThanOrEqual(gate.until);
      expect(sentAfter(/\/payments$/, 0)[0]!.at).toBeGreaterThanOrEqual(gate.until);
      expect(statuses[0]!.message).toMatch(/limiting the request rate/);
      expect(fetchSpy).not.toHaveBeenCalled();
      await gate.limited;
    } finally {
      await ctx.close();
    }
  });

  it('opens a stream from a known token and the ledgers stream behind the gate too', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const http = new HttpClient(local.base);
    const profile: NetworkProfile = {
      id: 'one',
      name: 'One',
      baseUrl: local.base,
      passphrase: 'One Stack ; 2026',
      dialect: 'ledger',
      builtIn: false,
    };
    const gate = await closeGate(http);
    const states: string[] = [];
    const handle = streamPayments(
      profile,
      ACCOUNT,
      { record: () => undefined, status: (s) => void states.push(s.state) },
      { cursor: '257698037760', clientFor: () => http },
    );
    const ledgers = new LedgerStream(
      () => undefined,
      (p) => horizonSource(p, http),
    );
    ledgers.follow(profile);
    try {
      await waitFor(
        'both streams',
        () => sentAfter(/\/payments$/, 0).length > 0 && sentAfter(/^\/ledgers$/, 0).length > 0,
      );
      expect(sentAfter(/\/payments$/, 0)[0]!.at).toBeGreaterThanOrEqual(gate.until);
      expect(sentAfter(/^\/ledgers$/, 0)[0]!.at).toBeGreaterThanOrEqual(gate.until);
      await waitFor('live', () => states.includes('live'));
      expect(sentAfter(/^\/$/, 0)).toEqual([]); // a known token needs no pin
      expect(fetchSpy).not.toHaveBeenCalled();
      await gate.limited;
    } finally {
      handle.stop();
      ledgers.close();
    }
  });
});
