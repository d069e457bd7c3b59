// An account's transactions on a Stellar RPC server (core/sources/rpc/account-listing.ts
// accountTransactions) against a fake server that pages getEvents as stellar-rpc does: from
// startLedger (refused outside its window) or after a cursor, at most 10,000 ledgers a page, ending
// before endLedger, a full page's cursor its last event's id, a short one's the end of its scan;
// and readTransactions' width.
import { describe, expect, it } from 'vitest';
import { accountTransactions } from '../../core/sources/rpc/account-listing';
import { rpcCalls, type RpcCalls, type SeenWindow } from '../../core/sources/rpc/calls';
import { HttpClient } from '../../core/http/http';
import { JsonRpc, RpcCallError } from '../../core/sources/rpc/json-rpc';
import { readTransactions, TRANSACTIONS_AT_ONCE } from '../../core/sources/rpc/read-transactions';
import { windowStart } from '../../core/sources/rpc/window';
import { encodeToid, OP_INDEX_MAX, TX_ORDER_MAX } from '../../shared/toid';
import { startLocalServer } from '../support/local-server';

const ACCOUNT = 'GAHR52I2RG723GXOSRT5TBH33ZM5SMZXOLACUQRPVZZLPY2C7NM7NUJV';
const id = (ledger: number, tx: number, index = 0) =>
  `${encodeToid({ ledger, txOrder: tx, opIndex: 0 }).toString().padStart(19, '0')}-${String(index).padStart(10, '0')}`;

/** A server keeping ledgers `oldest`..`latest`, with `perLedger[ledger]` one-event transactions. */
function server(oldest: number, latest: number, perLedger: Map<number, number>) {
  const events: { id: string; txHash: string; ledger: number }[] = [];
  for (const [ledger, count] of [...perLedger].sort((a, b) => a[0] - b[0]))
    for (let tx = 1; tx <= count; tx++) events.push({ id: id(ledger, tx), txHash: `${ledger}-${tx}`, ledger });
  const asked: string[] = [];
  const seen: { window: SeenWindow | null } = { window: null };
  const window = { oldestLedger: oldest, latestLedger: latest };
  const calls = {
    seen,
    health: () => {
      asked.push('getHealth');
      return Promise.resolve({ status: 'healthy', ...window });
    },
    events: (params: { startLedger?: number; endLedger?: number; pagination: { limit: number; cursor?: string } }) => {
      asked.push(`getEvents ${params.pagination.cursor ?? `${params.startLedger}..${params.endLedger ?? ''}`}`);
      const cursor = params.pagination.cursor;
      const start = cursor ? Number(BigInt(cursor.slice(0, 19)) >> 32n) : params.startLedger!;
      if (start < oldest || start > latest)
        return Promise.reject(
          new RpcCallError('getEvents', -32600, `startLedger must be within the ledger range: ${oldest} - ${latest}`),
        );
      let end = Math.min(start + 10_000, latest + 1);
      if (params.endLedger) end = Math.min(end, params.endLedger);
      const page = events
        .filter((e) => (cursor ? e.id > cursor : e.ledger >= start) && e.ledger < end)
        .slice(0, params.pagination.limit);
      const full = page.length === params.pagination.limit;
      const endId = `${encodeToid({ ledger: end - 1, txOrder: TX_ORDER_MAX, opIndex: OP_INDEX_MAX })
        .toString()
        .padStart(19, '0')}-4294967295`;
      return Promise.resolve({ events: page, ...window, cursor: full ? page.at(-1)!.id : endId });
    },
  } as unknown as RpcCalls;
  return { calls, asked, seen };
}

describe('accountTransactions', () => {
  it('asks getHealth for the window when nothing said it, and not when an answer did', async () => {
    const { calls, asked, seen } = server(100, 200, new Map([[150, 2]]));
    const cold = await accountTransactions(calls, ACCOUNT);
    expect(asked.filter((m) => m === 'getHealth')).toHaveLength(1);
    expect(cold.transactions.map((t) => t.hash)).toEqual(['150-1', '150-2']);
    asked.length = 0;
    seen.window = { oldest: 100, latest: 200, at: Date.now() };
    const known = await accountTransactions(calls, ACCOUNT);
    expect(asked.filter((m) => m === 'getHealth')).toHaveLength(0);
    expect(known.transactions.map((t) => t.hash)).toEqual(['150-1', '150-2']);
    expect([known.oldest, known.latest]).toEqual([100, 200]);
  });

  it('reads a window longer than one scan of 10,000 ledgers whole, its ranges at once', async () => {
    const { calls, asked, seen } = server(
      1_000,
      40_999,
      new Map([
        [1_000, 1],
        [25_000, 1],
        [40_999, 1],
      ]),
    );
    seen.window = { oldest: 1_000, latest: 40_999, at: Date.now() };
    const found = await accountTransactions(calls, ACCOUNT);
    expect(found.transactions.map((t) => t.hash)).toEqual(['1000-1', '25000-1', '40999-1']);
    expect(asked).toHaveLength(4); // 40,000 ledgers: four ranges of 10,000, one request each
  });

  it('reads a busy account whose pages fill (a full page goes on after its last event), every transaction once', async () => {
    const { calls, seen } = server(
      100,
      200,
      new Map([
        [120, 25_000],
        [180, 3],
      ]),
    );
    seen.window = { oldest: 100, latest: 200, at: Date.now() };
    const found = await accountTransactions(calls, ACCOUNT);
    expect(found.transactions).toHaveLength(25_003);
    expect(new Set(found.transactions.map((t) => t.hash)).size).toBe(25_003);
  });

  it('reads again from the window a refusal names when the window left the start last seen, once', async () => {
    const { calls, asked, seen } = server(
      150,
      300,
      new Map([
        [149, 1],
        [150, 1],
        [299, 1],
      ]),
    );
    seen.window = { oldest: 100, latest: 290, at: Date.now() };
    const found = await accountTransactions(calls, ACCOUNT);
    expect(found.transactions.map((t) => t.hash)).toEqual(['150-1', '299-1']);
    expect(found.oldest).toBe(150);
    expect(asked.filter((m) => m.startsWith('getEvents 150..'))).toHaveLength(1);
  });
});

describe('windowStart', () => {
  const now = 1_000_000_000_000;
  const full = {
    oldest: 1_000,
    latest: 1_000 + 120_959,
    retention: 120_960,
    oldestCloseTime: 1_700_000_000,
    latestCloseTime: 1_700_000_000 + 120_959 * 5,
  };
  it('is the oldest ledger said when nothing was said, or the window is not full, or its pace unknown', () => {
    expect(windowStart(null, now)).toBeNull();
    expect(windowStart({ ...full, retention: 120_961, at: now - 60_000 }, now)).toBe(1_000);
    expect(windowStart({ ...full, retention: undefined, at: now - 60_000 }, now)).toBe(1_000);
    expect(windowStart({ ...full, oldestCloseTime: undefined, at: now - 60_000 }, now)).toBe(1_000);
  });
  it('moves a full window on by the ledgers closed since it was said, rounded up', () => {
    expect(windowStart({ ...full, at: now }, now)).toBe(1_000);
    expect(windowStart({ ...full, at: now - 1 }, now)).toBe(1_001);
    expect(windowStart({ ...full, at: now - 10_000 }, now)).toBe(1_002);
    expect(windowStart({ ...full, at: now - 10_001 }, now)).toBe(1_003);
  });
});

describe('readTransactions', () => {
  /** A server whose getTransaction answers after a turn of the event loop, counting how many were in flight at once. */
  function counting() {
    let inFlight = 0;
    let most = 0;
    const calls = {
      transaction: async (hash: string) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        return {
          status: 'SUCCESS',
          ledger: 7,
          applicationOrder: 1,
          envelopeXdr: 'AAAA',
          resultXdr: 'AAAA',
          txHash: hash,
          oldestLedger: 1,
          latestLedger: 9,
        };
      },
    } as unknown as RpcCalls;
    return { calls, most: () => most };
  }
  const hashes = Array.from({ length: 50 }, (_, i) => String(i).padStart(64, '0'));

  it('reads 16 at once by default, and as many as a page asks (a page of 50: one round trip), in the order asked', async () => {
    const small = counting();
    expect((await readTransactions(small.calls, hashes)).map((t) => t.txHash)).toEqual(hashes);
    expect(small.most()).toBe(TRANSACTIONS_AT_ONCE);
    const page = counting();
    expect((await readTransactions(page.calls, hashes, undefined, 50)).map((t) => t.txHash)).toEqual(hashes);
    expect(page.most()).toBe(50);
    const capped = counting();
    await readTransactions(capped.calls, [...hashes, ...hashes, ...hashes, ...hashes, ...hashes], undefined, 1_000);
    expect(capped.most()).toBe(200);
  });
});

describe('rpcCalls.seen', () => {
  it('keeps the window the last getHealth or getEvents answer named, and the retention getHealth said', async () => {
    const answers: Record<string, unknown> = {
      getHealth: { status: 'healthy', oldestLedger: 10, latestLedger: 20, ledgerRetentionWindow: 11 },
      getEvents: {
        events: [],
        oldestLedger: 12,
        latestLedger: 22,
        oldestLedgerCloseTime: '100',
        latestLedgerCloseTime: 150,
      },
    };
    const local = await startLocalServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: answers[method] }));
      });
    });
    try {
      const calls = rpcCalls(new JsonRpc(new HttpClient(local.base, { maxRetries: 0 })));
      expect(calls.seen.window).toBeNull();
      await calls.health();
      expect(calls.seen.window).toMatchObject({ oldest: 10, latest: 20, retention: 11 });
      await calls.events({ startLedger: 12 });
      expect(calls.seen.window).toMatchObject({
        oldest: 12,
        latest: 22,
        retention: 11,
        oldestCloseTime: 100,
        latestCloseTime: 150,
      });
    } finally {
      await local.close();
    }
  });
});
