// The bounds of a stream (stream-connection.ts, stream-position.ts), each tested on both sides with one thing changed:
// - de-duplication by paging token (isAfter): a record is new only when its token is strictly
//   after the last one delivered. The one whose token equals it (what a server that reads a cursor
//   inclusively, or a repeated reconnection, sends again) is dropped, the one before it too, the
//   one after it delivered; tokens compare as integers past 2^53, where neighbours are one double;
// - "behind": a record more than one ledger older than the latest reports `behind`, one ledger
//   older or the latest ledger's is live;
// - the silence watchdog: a stream silent for exactly its window is kept, one silent longer is
//   restarted (the clock it reads is faked; the stream and the server are real).
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isAfter } from '../../core/sources/horizon/stream-position';
import { streamPayments } from '../../core/streams/streams';
import type { NetworkProfile } from '../../shared/ipc';
import type { Operation, StreamStatus } from '../../shared/model';
import { encodeToid } from '../../shared/toid';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { waitFor } from '../support/wait';

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/horizon/pages/account-payments.json', import.meta.url), 'utf8'),
) as { _embedded: { records: Record<string, unknown>[] } };
const record = fixture._embedded.records.find((r) => r['type'] === 'payment')!;
const ACCOUNT = String(record['to']);
/** The last token delivered: above 2^53, so LAST - 1, LAST and LAST + 1 are one double. */
const LAST = BigInt(String(record['paging_token']));
const PASSPHRASE = 'Stream bounds ; 2026';

let local: LocalServer;
/** The tokens every stream connection sends after its opening frames; nothing more after them. */
let frames: bigint[] = [];
let connections = 0;

beforeAll(async () => {
  local = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'application/hal+json' });
      return res.end(
        JSON.stringify({
          horizon_version: '2',
          network_passphrase: PASSPHRASE,
          history_latest_ledger: Number(LAST >> 32n),
        }),
      );
    }
    connections++;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const records = frames.map(
      (token) =>
        `id: ${token}\ndata: ${JSON.stringify({ ...record, id: String(token), paging_token: String(token) })}\n\n`,
    );
    res.write(['retry: 1000\nevent: open\ndata: "hello"\n\n', ...records].join(''));
  });
});

afterAll(() => local.close());
afterEach(() => {
  vi.useRealTimers();
  frames = [];
  connections = 0;
});

const profile: NetworkProfile = {
  id: 'bounds',
  name: 'Bounds',
  baseUrl: '',
  passphrase: PASSPHRASE,
  dialect: 'horizon',
  builtIn: false,
};

/** A stream of ACCOUNT's payments after `cursor`, until `until` (a token) is delivered; what it delivered and reported. */
async function streamUntil(
  cursor: bigint,
  until: bigint,
  latestLedger?: number,
): Promise<{ got: string[]; statuses: StreamStatus[] }> {
  const got: string[] = [];
  const statuses: StreamStatus[] = [];
  const sink = {
    record: (r: Operation) => void got.push(r.pagingToken),
    status: (s: StreamStatus) => void statuses.push(s),
  };
  const handle = streamPayments({ ...profile, baseUrl: local.base }, ACCOUNT, sink, {
    cursor: String(cursor),
    ...(latestLedger ? { latestLedger: () => latestLedger } : {}),
  });
  try {
    await waitFor(`the record ${until}`, () => got.includes(String(until)), 10_000);
  } finally {
    handle.stop();
  }
  return { got, statuses };
}

describe('de-duplication by paging token', () => {
  it('isAfter is false one below and at the last token, true one above, as integers past 2^53', () => {
    expect(Number(LAST - 1n)).toBe(Number(LAST + 1n));
    expect(isAfter(String(LAST - 1n), String(LAST))).toBe(false);
    expect(isAfter(String(LAST), String(LAST))).toBe(false);
    expect(isAfter(String(LAST + 1n), String(LAST))).toBe(true);
    // With nothing delivered yet, anything is new.
    expect(isAfter(String(LAST), undefined)).toBe(true);
  });

  it('a stream delivers only the records after its cursor: not the one at it, not the one before', async () => {
    frames = [LAST - 1n, LAST, LAST + 1n, LAST + 2n];
    const { got } = await streamUntil(LAST, LAST + 2n);
    expect(got).toEqual([String(LAST + 1n), String(LAST + 2n)]);
  });
});

describe('behind the latest ledger', () => {
  it('reports behind by 2 ledgers, and live again at 1 and at 0', async () => {
    const latest = Number(LAST >> 32n);
    const at = (ledger: number) => encodeToid({ ledger, txOrder: 1, opIndex: 1 });
    frames = [at(latest - 2), at(latest - 1), at(latest)];
    const { got, statuses } = await streamUntil(at(latest - 3), at(latest), latest);
    expect(got).toEqual(frames.map(String));
    const states = statuses.map((s) => (s.behindBy === undefined ? s.state : `${s.state} ${s.behindBy}`));
    // Only the record 2 ledgers behind says so; the one a ledger behind and the latest are live.
    expect(states.slice(states.indexOf('behind 2'))).toEqual(['behind 2', 'live', 'stopped']);
  });
});

describe('the silence watchdog', () => {
  it('keeps a stream silent for exactly its window and restarts it one check later', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const states: string[] = [];
    // A window of 1 s is checked every 250 ms; the clock stands still until the test moves it.
    const handle = streamPayments(
      { ...profile, baseUrl: local.base },
      ACCOUNT,
      { record: () => undefined, status: (s) => void states.push(s.state) },
      { cursor: String(LAST), keepaliveWindowMs: 1_000 },
    );
    try {
      await waitFor('live', () => states.includes('live'), 10_000);
      vi.advanceTimersByTime(750); // one check below the window
      expect(states).not.toContain('reconnecting');
      vi.advanceTimersByTime(250); // silent for exactly the window
      expect(states).not.toContain('reconnecting');
      expect(connections).toBe(1);
      vi.advanceTimersByTime(250); // longer than the window
      expect(states).toContain('reconnecting');
      await waitFor('the second connection', () => connections === 2, 10_000);
    } finally {
      handle.stop();
    }
  });
});
