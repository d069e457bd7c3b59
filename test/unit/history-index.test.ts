// The history index against brute force: random histories (Horizon-dialect records written as
// page text and ingested through the same path a sync uses) and random filter combinations; the
// index's pages, count and totals must equal a plain filter, sort and sum over the generated
// records, exactly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../shared/amount';
import { parseJson, stringifyJson } from '../../shared/json';
import type { HistoryFilter, HistorySort } from '../../shared/history';
import { queryPage } from '../../core/history-index/worker-thread/summary';
import { pageQueries } from '../../core/history-index/worker-thread/query';
import { openIndex, SCHEMA_VERSION } from '../../core/history-index/worker-thread/schema';
import { GROUP_PAGES, IndexWriter } from '../../core/history-index/worker-thread/store';
import { nextOfFullPage } from '../../core/history-index/walk-cursor';
import { cumulativeFlow, totalsBy, typeCounts } from '../../core/history-index/worker-thread/totals';
import { accountKeys } from '../support/service-store';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const [ME, A, B, C, ISS1, ISS2] = accountKeys(6, 77) as [string, string, string, string, string, string];
const ASSETS = ['native', `USD:${ISS1}`, `USD:${ISS2}`, `EUR:${ISS1}`];
const TYPES = [
  'payment',
  'create_account',
  'account_merge',
  'path_payment_strict_send',
  'change_trust',
  'manage_data',
] as const;
const MEMOS = [null, 'rent', 'Rent march', 'invoice 42', 'ab'];
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5);

interface Spec {
  id: bigint;
  type: (typeof TYPES)[number];
  from: string;
  to: string;
  asset: string;
  amount: bigint;
  sourceAsset: string;
  sourceAmount: bigint;
  createdAt: number;
  successful: boolean;
  memo: string | null;
}

const amountArb = fc.oneof(
  fc.bigInt({ min: 1n, max: 10_000_000_000n }),
  fc.bigInt({ min: 2n ** 62n, max: 2n ** 63n - 1n }),
);
const specArb = fc.record({
  type: fc.constantFrom(...TYPES),
  from: fc.constantFrom(ME, A, B, C),
  to: fc.constantFrom(ME, A, B, C),
  asset: fc.constantFrom(...ASSETS),
  amount: amountArb,
  sourceAsset: fc.constantFrom(...ASSETS),
  sourceAmount: amountArb,
  day: fc.integer({ min: 0, max: 40 }),
  minute: fc.constantFrom(0, 1, 2),
  successful: fc.boolean(),
  memo: fc.constantFrom(...MEMOS),
});

type SpecInput = typeof specArb extends fc.Arbitrary<infer T> ? T : never;

function assetFields(asset: string, prefix = ''): Record<string, string> {
  if (asset === 'native') return { [`${prefix}asset_type`]: 'native' };
  const [code, issuer] = asset.split(':') as [string, string];
  return {
    [`${prefix}asset_type`]: 'credit_alphanum4',
    [`${prefix}asset_code`]: code,
    [`${prefix}asset_issuer`]: issuer,
  };
}

function recordText(s: Spec): string {
  const id = s.id.toString();
  const fields: Record<string, unknown> = {
    id,
    paging_token: id,
    type: s.type,
    created_at: new Date(s.createdAt).toISOString().replace('.000Z', 'Z'),
    transaction_hash: `${id.padStart(64, '0')}`,
    transaction_successful: s.successful,
    source_account: s.from,
    transaction: {
      hash: id.padStart(64, '0'),
      ledger: Number(s.id >> 32n),
      fee_charged: '100',
      memo_type: s.memo === null ? 'none' : 'text',
      ...(s.memo === null ? {} : { memo: s.memo }),
    },
  };
  if (s.type === 'payment')
    Object.assign(
      fields,
      { from: s.from, to: s.to, amount: formatAmount(s.amount, { fixed: true }) },
      assetFields(s.asset),
    );
  if (s.type === 'path_payment_strict_send') {
    Object.assign(
      fields,
      {
        from: s.from,
        to: s.to,
        amount: formatAmount(s.amount, { fixed: true }),
        source_amount: formatAmount(s.sourceAmount, { fixed: true }),
      },
      assetFields(s.asset),
      assetFields(s.sourceAsset, 'source_'),
    );
  }
  if (s.type === 'create_account')
    Object.assign(fields, { funder: s.from, account: s.to, starting_balance: formatAmount(s.amount, { fixed: true }) });
  if (s.type === 'account_merge') Object.assign(fields, { account: s.from, into: s.to });
  if (s.type === 'change_trust') Object.assign(fields, { trustor: s.from, limit: '100.0000000' }, assetFields(s.asset));
  if (s.type === 'manage_data') Object.assign(fields, { name: 'k', value: 'dg==' });
  return JSON.stringify(fields);
}

/**
 * What the index should hold for a spec, worked out without the index's code (docs/history-index.md
 * "What a row moved"): the account's legs — out where it sent (a path payment's source side), in
 * where it received; the columns hold the first in (else the first out) and, with both, the out as
 * the source; a failed operation moved nothing (no direction) and its columns hold what it tried.
 */
function expected(s: Spec) {
  const paymentLike = s.type !== 'change_trust' && s.type !== 'manage_data';
  const path = s.type === 'path_payment_strict_send';
  const asset = s.type === 'create_account' || s.type === 'account_merge' ? 'native' : s.asset;
  const amount = s.type === 'account_merge' ? null : s.amount;
  const out =
    paymentLike && s.from === ME
      ? { asset: path ? s.sourceAsset : asset, amount: path ? s.sourceAmount : amount, party: s.to }
      : null;
  const into = paymentLike && s.to === ME ? { asset, amount, party: s.from } : null;
  const main = into ?? out;
  const source = into ? out : null;
  const tried = into && out ? 'both' : into ? 'in' : out ? 'out' : 'none';
  return {
    ...s,
    direction: s.successful ? tried : 'none',
    asset: main?.asset ?? null,
    amount: main?.amount ?? null,
    counterparty: main?.party ?? null,
    sourceAsset: source?.asset ?? null,
    sourceAmount: source?.amount ?? null,
  };
}
type Expected = ReturnType<typeof expected>;

function matches(e: Expected, f: HistoryFilter): boolean {
  const assetMatch = (value: string | null, wanted: string) =>
    // "XLM" means the native asset (filter.ts), never a credit asset some issuer named XLM.
    value !== null &&
    (wanted === 'native' || wanted === 'XLM'
      ? value === 'native'
      : wanted.includes(':')
        ? value === wanted
        : value.startsWith(`${wanted}:`) || value === wanted);
  if (f.types && !f.types.includes(e.type)) return false;
  if (f.asset && !assetMatch(e.asset, f.asset) && !assetMatch(e.sourceAsset, f.asset)) return false;
  if (f.counterparty && e.counterparty !== f.counterparty) return false;
  if (f.direction && e.direction !== f.direction) return false;
  if (f.minAmount && (e.amount === null || e.amount < parseAmount(f.minAmount))) return false;
  if (f.maxAmount && (e.amount === null || e.amount > parseAmount(f.maxAmount))) return false;
  if (f.from !== undefined && e.createdAt < f.from) return false;
  if (f.to !== undefined && e.createdAt >= f.to) return false;
  if (f.memo && !(e.memo ?? '').includes(f.memo)) return false;
  if (f.status === 'successful' && !e.successful) return false;
  if (f.status === 'failed' && e.successful) return false;
  return true;
}

function compareBy(sort: HistorySort) {
  const key = (e: Expected) => (sort.endsWith('amount') ? e.amount : BigInt(e.createdAt));
  const sign = sort.startsWith('-') ? -1 : 1;
  return (a: Expected, b: Expected) => {
    const ka = key(a);
    const kb = key(b);
    // NULL sorts first ascending (SQLite's order), last descending.
    const c = ka === kb ? 0 : ka === null ? -1 : kb === null ? 1 : ka < kb ? -1 : 1;
    return sign * (c !== 0 ? c : a.id < b.id ? -1 : 1);
  };
}

/** The in and out legs of a row (query.ts flows()). */
function legs(e: Expected): { asset: string; value: bigint; dir: 'in' | 'out' }[] {
  const out: { asset: string; value: bigint; dir: 'in' | 'out' }[] = [];
  if (!e.successful) return out;
  if ((e.direction === 'in' || e.direction === 'both') && e.asset !== null && e.amount !== null)
    out.push({ asset: e.asset, value: e.amount, dir: 'in' });
  const oa = e.sourceAsset ?? e.asset;
  const ov = e.sourceAmount ?? e.amount;
  if ((e.direction === 'out' || e.direction === 'both') && oa !== null && ov !== null)
    out.push({ asset: oa, value: ov, dir: 'out' });
  return out;
}

function bruteTotals(rows: Expected[], group: (e: Expected) => string | null) {
  const map = new Map<string, { in: bigint; out: bigint; count: number }>();
  for (const e of rows) {
    const g = group(e);
    if (g === null) continue;
    for (const leg of legs(e)) {
      const k = `${g}|${leg.asset}`;
      const t = map.get(k) ?? { in: 0n, out: 0n, count: 0 };
      t[leg.dir] += leg.value;
      t.count += 1;
      map.set(k, t);
    }
  }
  return map;
}

const amountText = fc.bigInt({ min: 0n, max: 12_000_000_000n }).map((v) => formatAmount(v));
const filterArb: fc.Arbitrary<HistoryFilter> = fc.record(
  {
    types: fc.subarray([...TYPES], { minLength: 1 }),
    asset: fc.constantFrom('native', 'XLM', 'USD', `USD:${ISS1}`, `EUR:${ISS1}`, 'GBP'),
    counterparty: fc.constantFrom(A, B, ME),
    direction: fc.constantFrom('in' as const, 'out' as const),
    minAmount: amountText,
    maxAmount: fc.constantFrom('5', '1000', '922337203685.4775807'),
    from: fc.integer({ min: 0, max: 40 }).map((d) => T0 + d * DAY),
    to: fc.integer({ min: 0, max: 42 }).map((d) => T0 + d * DAY + 60_000),
    memo: fc.constantFrom('ent', 'Rent', 'invoice', 'zz'),
    status: fc.constantFrom('all' as const, 'successful' as const, 'failed' as const),
  },
  { requiredKeys: [] },
);

/** An exact decimal to stroops with no int64 bound (sums exceed it). */
function units(text: string): bigint {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 10_000_000n + BigInt(fraction.padEnd(7, '0'));
  return text.startsWith('-') ? -value : value;
}

let counter = 0;
function buildIndex(specs: SpecInput[]): { db: DatabaseSync; acct: number; rows: Expected[] } {
  const db = openIndex(join(dir, `p${counter++}.sqlite`));
  const writer = new IndexWriter(db);
  // Each record in a ledger of its own, the ledgers in the order of their times (a later ledger
  // never closed earlier: issue 37.9), the pages in the specs' own order.
  const times = specs.map((s) => T0 + s.day * DAY + s.minute * 60_000);
  const rank = new Map(
    times
      .map((at, i) => ({ at, i }))
      .sort((a, b) => a.at - b.at || a.i - b.i)
      .map(({ i }, r) => [i, r]),
  );
  const full: Spec[] = specs.map((s, i) => ({
    ...s,
    id: (BigInt(100 + rank.get(i)!) << 32n) + BigInt(4097 + i),
    createdAt: times[i]!,
  }));
  // Two pages, the second repeated: a refetched page must add nothing.
  const half = Math.ceil(full.length / 2);
  const page = (items: Spec[]) =>
    JSON.stringify({ _embedded: { records: '@@' } }).replace('"@@"', `[${items.map(recordText).join(',')}]`);
  writer.ingestPage(ME, page(full.slice(0, half)));
  writer.ingestPage(ME, page(full.slice(half)));
  const again = writer.ingestPage(ME, page(full.slice(half)));
  expect(again.added).toBe(0);
  return { db, acct: writer.account(ME).acct, rows: full.map(expected) };
}

describe('history index = brute force', () => {
  it('pages, count and per-asset totals of any filter and sort', () => {
    fc.assert(
      fc.property(
        fc.array(specArb, { minLength: 0, maxLength: 60 }),
        filterArb,
        fc.constantFrom<HistorySort>('time', '-time', 'amount', '-amount'),
        fc.integer({ min: 1, max: 9 }),
        (specs, filter, sort, limit) => {
          const wantedFilter =
            filter.minAmount && filter.maxAmount && parseAmount(filter.minAmount) > parseAmount(filter.maxAmount)
              ? { ...filter, maxAmount: undefined }
              : filter;
          const clean = Object.fromEntries(
            Object.entries(wantedFilter).filter(([, v]) => v !== undefined),
          ) as HistoryFilter;
          const { db, acct, rows } = buildIndex(specs);
          const want = rows.filter((e) => matches(e, clean)).sort(compareBy(sort));
          const got: string[] = [];
          let cursor: string | undefined;
          const first = queryPage(db, acct, { filter: clean, sort, limit, summary: true });
          for (let page = first; ;) {
            got.push(...page.rows.map((r) => r.id));
            if (!page.next) break;
            cursor = page.next;
            page = queryPage(db, acct, { filter: clean, sort, limit, cursor });
          }
          expect(got).toEqual(want.map((e) => e.id.toString()));
          expect(first.summary!.count).toBe(want.length);
          const totals = bruteTotals(want, () => '');
          const wantTotals = [...totals.entries()]
            .map(([k, t]) => ({
              asset: k.slice(1),
              in: formatAmount(t.in),
              out: formatAmount(t.out),
              // These records name no fee payer: no fee is the account's.
              fees: '0',
              net: formatAmount(t.in - t.out),
              count: t.count,
            }))
            .sort((a, b) => (a.asset < b.asset ? -1 : 1));
          expect(first.summary!.totals).toEqual(wantTotals);
          db.close();
        },
      ),
      { numRuns: 120 },
    );
  });

  it('the types held, each with its count, the most frequent first (the workbench type filter)', () => {
    fc.assert(
      fc.property(fc.array(specArb, { minLength: 1, maxLength: 50 }), (specs) => {
        const { db, acct, rows } = buildIndex(specs);
        const counts = new Map<string, number>();
        for (const row of rows) counts.set(row.type, (counts.get(row.type) ?? 0) + 1);
        const want = [...counts].sort(([ta, a], [tb, b]) => b - a || (ta < tb ? -1 : 1));
        expect(typeCounts(db, acct).map(({ type, count }) => [type, count])).toEqual(want);
        db.close();
      }),
      { numRuns: 40 },
    );
  });

  it('totals by counterparty, day and month, and the cumulative flow', () => {
    fc.assert(
      fc.property(fc.array(specArb, { minLength: 1, maxLength: 50 }), (specs) => {
        const { db, acct, rows } = buildIndex(specs);
        const byCp = bruteTotals(rows, (e) => e.counterparty);
        const got = totalsBy(db, acct, {}, 'counterparty', 1000);
        expect(got.length).toBe(byCp.size);
        for (const row of got) {
          const t = byCp.get(`${row.key}|${row.asset}`)!;
          expect([row.in, row.out, row.count]).toEqual([formatAmount(t.in), formatAmount(t.out), t.count]);
        }
        const volumes = got.map((r) => units(r.volume));
        expect(volumes).toEqual([...volumes].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
        const byDay = bruteTotals(rows, (e) => new Date(e.createdAt).toISOString().slice(0, 10));
        const days = totalsBy(db, acct, {}, 'day', 0);
        expect(days.map((r) => [r.key, r.asset, r.in, r.out])).toEqual(
          [...byDay.entries()]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, t]) => [...k.split('|'), formatAmount(t.in), formatAmount(t.out)]),
        );
        const months = totalsBy(db, acct, {}, 'month', 0);
        expect(months.every((r) => /^2026-0[12]-01$/.test(r.key))).toBe(true);
        // The rolled-up totals (whole history) and a scan of the rows (any other filter) agree.
        for (const by of ['asset', 'counterparty', 'day', 'week', 'month'] as const)
          expect(totalsBy(db, acct, {}, by, 1000)).toEqual(totalsBy(db, acct, { from: 0 }, by, 1000));
        // The top N of a whole history, chosen among candidates ranked by an estimate (top-parties.ts), are the scan's exact top N.
        for (const top of [1, 2, 3])
          expect(totalsBy(db, acct, {}, 'counterparty', top)).toEqual(
            totalsBy(db, acct, { from: 0 }, 'counterparty', top),
          );
        expect(cumulativeFlow(db, acct, { status: 'successful' }, 'native')).toEqual(
          cumulativeFlow(db, acct, { from: 0 }, 'native'),
        );
        const flow = cumulativeFlow(db, acct, {}, 'native');
        const nativeNet = [
          ...(bruteTotals(rows, () => '').get('|native') ? [bruteTotals(rows, () => '').get('|native')!] : []),
        ].reduce((s, t) => s + t.in - t.out, 0n);
        expect(flow.length === 0 ? 0n : units(flow.at(-1)!.cumulative)).toBe(nativeNet);
        db.close();
      }),
      { numRuns: 60 },
    );
  });
});

// Issue 36: seen failing with "SEARCH ops USING COVERING INDEX ops_amount (acct=?)" for every page
// of -amount after the first (the whole index read from its start: a walk quadratic, 4.8 s for
// 50,000 rows against 0.18 s sorted by time).
describe('paging by amount or time: each page after the first is a range of an index', () => {
  it('for every sort, with and without a filter, every statement of every page past a cursor seeks to it', () => {
    const specs = Array.from({ length: 240 }, (_, i) => ({
      ...fc.sample(specArb, { numRuns: 1, seed: i })[0]!,
      // Ties: few distinct amounts (and rows without one: the types that move nothing).
      amount: BigInt(1 + (i % 5)) * 10_000_000n,
    }));
    const { db, acct } = buildIndex(specs);
    db.exec('ANALYZE');
    for (const sort of ['time', '-time', 'amount', '-amount'] as const)
      for (const filter of [{}, { status: 'successful' }, { types: ['payment'] }] as HistoryFilter[]) {
        let cursor: string | undefined;
        let pages = 0;
        for (;;) {
          const page = queryPage(db, acct, { filter, sort, limit: 13, ...(cursor ? { cursor } : {}) });
          pages += 1;
          if (!page.next) break;
          cursor = page.next;
          for (const query of pageQueries(db, acct, { filter, sort, limit: 13, cursor })) {
            const plan = db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params, 14) as { detail: string }[];
            const ops = plan.map((p) => p.detail).filter((d) => / ops /.test(d));
            expect(ops, `${sort} ${JSON.stringify(filter)} ${query.sql}`).toHaveLength(1);
            // A seek past the acct: a row value past the cursor, or the rows without an amount by id.
            expect(ops[0], `${sort} ${JSON.stringify(filter)}`).toMatch(
              /^SEARCH ops USING (COVERING )?INDEX \w+ \(acct=\?( AND \w+=\?)* AND (\((amount|created_at),id\)[<>]\(\?,\?\)|(amount|created_at)[=<>]\?.*)\)$/,
            );
          }
        }
        expect(pages).toBeGreaterThan(1);
      }
    db.close();
  });
});

describe('history index file', () => {
  it('rebuilds a file of another schema version instead of reading it', () => {
    // Versions 6 and 7 are migrated (below); older and unknown ones are rebuilt.
    for (const version of [5, SCHEMA_VERSION + 7]) {
      const path = join(dir, `old-${version}.sqlite`);
      const old = new DatabaseSync(path);
      old.exec(
        `CREATE TABLE ops (acct INTEGER, id INTEGER, amount REAL); INSERT INTO ops VALUES (1, 2, 0.1); PRAGMA user_version = ${version};`,
      );
      old.close();
      const db = openIndex(path);
      expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
      expect((db.prepare('SELECT count(*) AS n FROM ops').get() as { n: number }).n).toBe(0);
      expect(new IndexWriter(db).account(ME).rows).toBe(0);
      db.close();
    }
  });

  it('keeps a file of its own version as it is', () => {
    const path = join(dir, 'same.sqlite');
    const first = openIndex(path);
    new IndexWriter(first).ingestRows(ME, [], '123');
    first.close();
    const again = openIndex(path);
    expect(new IndexWriter(again).account(ME).lastToken).toBe('123');
    again.close();
  });
});

describe('nextOfFullPage (the sync fetches ahead only from a full page)', () => {
  // The page as the sync has it: its bytes, undecoded (a memo outside ASCII among them).
  const page = (records: number, next?: string) =>
    new TextEncoder().encode(
      `{"_links":{${next ? `"next":{"href":"${next}","templated":true}` : ''}},"_embedded":{"records":[${Array.from({ length: records }, (_, i) => `{"id":"${i + 1}","transaction_hash":"ab","transaction":{"hash":"ab","memo":"€ \\"transaction_hash\\""}}`).join(',')}]}}`,
    );
  it('names the cursor of the next link of a page of 200 records, and nothing else', () => {
    expect(nextOfFullPage(page(200, '/accounts/G/operations?cursor=12345&order=asc{&limit}'))).toBe('12345');
    expect(
      nextOfFullPage(page(200, 'https://horizon.example/accounts/G/operations?order=asc&cursor=99&limit=200')),
    ).toBe('99');
    expect(nextOfFullPage(page(199, '/accounts/G/operations?cursor=12345&order=asc'))).toBeNull();
    expect(nextOfFullPage(page(201, '/accounts/G/operations?cursor=12345&order=asc'))).toBeNull();
    expect(nextOfFullPage(page(200))).toBeNull();
    expect(nextOfFullPage(page(200, '/accounts/G/operations?cursor=now&order=asc'))).toBeNull();
    // A view into a larger buffer is read from its own offset.
    const inner = page(200, '/accounts/G/operations?cursor=777&order=asc');
    const outer = new Uint8Array(inner.length + 20);
    outer.set(inner, 10);
    expect(nextOfFullPage(outer.subarray(10, 10 + inner.length))).toBe('777');
  });
});

describe('extracting rows', () => {
  it('indexes a record whose amount cannot be read, without an amount, and refuses one without an id', () => {
    const db = openIndex(join(dir, 'odd.sqlite'));
    const writer = new IndexWriter(db);
    const record = (id: string, amount: string) =>
      `{"id":"${id}","paging_token":"${id}","type":"payment","created_at":"2026-01-02T03:04:05Z","transaction_hash":"aa","source_account":"${A}","from":"${A}","to":"${ME}","asset_type":"native","amount":"${amount}"}`;
    const page = (...records: string[]) => `{"_embedded":{"records":[${records.join(',')}]}}`;
    const result = writer.ingestPage(ME, page(record('4294971393', '1.00000001'), record('4294971394', '2.5')));
    expect(result.added).toBe(2);
    const rows = queryPage(db, writer.account(ME).acct, { filter: {}, sort: 'time', limit: 10 }).rows;
    expect(rows.map((r) => [r.id, r.direction, r.amount, r.counterparty])).toEqual([
      ['4294971393', 'none', null, null],
      ['4294971394', 'in', '2.5', A],
    ]);
    expect(() => writer.ingestPage(ME, page(record('x', '1')))).toThrow(/numeric id/);
    expect(writer.account(ME).lastToken).toBe('4294971394');
    db.close();
  });
});

describe('a broad amount range (read in time order, not through the amount index)', () => {
  it('pages the same rows as a plain filter', () => {
    const db = openIndex(join(dir, 'broad.sqlite'));
    const writer = new IndexWriter(db);
    // Written out of id order (a permutation of 3,000), with ties in time, so the order is the
    // sort's and not the insertion's; each ledger's time is its own and later ledgers never
    // closed earlier (issue 37.9).
    const rows = Array.from({ length: 3_000 }, (_, k) => (k * 7919) % 3_000).map((i) => ({
      id: (BigInt(200 + i) << 32n) + 4097n,
      pagingToken: String((BigInt(200 + i) << 32n) + 4097n),
      ledger: 200 + i,
      createdAt: T0 + Math.floor(i / 6) * 60_000,
      type: 'payment',
      txHash: 'aa',
      successful: true,
      source: ME,
      counterparty: A,
      direction: i % 3 === 0 ? ('in' as const) : ('out' as const),
      asset: 'native',
      amount: BigInt(((i * 104729) % 3_000) + 1) * 10_000_000n,
      sourceAsset: null,
      sourceAmount: null,
      memo: null,
      memoType: null,
      fee: 100n,
      feeAccount: null,
      extra: [],
      slot: i,
    }));
    writer.ingestRows(ME, rows, rows.at(-1)!.pagingToken);
    const acct = writer.account(ME).acct;
    const filter: HistoryFilter = { minAmount: '100', maxAmount: '2900', direction: 'out' };
    const want = rows
      .filter((r) => r.direction === 'out' && r.amount >= 1_000_000_000n && r.amount <= 29_000_000_000n)
      .sort((a, b) => b.createdAt - a.createdAt || (b.id > a.id ? 1 : -1))
      .map((r) => r.id.toString());
    expect(want.length).toBeGreaterThan(1_000);
    const got: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = queryPage(db, acct, { filter, sort: '-time', limit: 250, ...(cursor ? { cursor } : {}) });
      got.push(...page.rows.map((r) => r.id));
      if (!page.next) break;
      cursor = page.next;
    }
    expect(got).toEqual(want);
    db.close();
  });
});

describe("the records' own texts (pages.ts)", () => {
  const record = (n: number) =>
    `{"id":${(4096n << 32n) + BigInt(n)},"paging_token":"${(4096n << 32n) + BigInt(n)}","type":"payment","created_at":"2026-01-02T03:04:05Z","transaction_hash":"aa","source_account":"${A}","from":"${A}","to":"${ME}","asset_type":"native","amount":"1.0000001","amount_f":0.10000000000000001}`;
  const page = (texts: string[]) => `{"_links":{},"_embedded":{"records":[\n${texts.join(',\n')}]}}`;
  const pageCount = (db: DatabaseSync) =>
    Number((db.prepare('SELECT count(*) AS n FROM pages').get() as { n: number }).n);

  it('reads every record back exactly, from pages and from streamed batches, keeps no copy of a page fetched again, and goes with the account', () => {
    const db = openIndex(join(dir, 'texts.sqlite'));
    const writer = new IndexWriter(db);
    const texts = [1, 2, 3, 4, 5].map(record);
    writer.ingestPage(ME, page(texts.slice(0, 3)));
    expect(writer.ingestPage(ME, page(texts.slice(0, 3))).added).toBe(0);
    expect(pageCount(db)).toBe(1);
    writer.ingestTexts(ME, texts.slice(3));
    expect(pageCount(db)).toBe(2);
    const acct = writer.account(ME).acct;
    const rows = queryPage(db, acct, { filter: {}, sort: 'time', limit: 10, includeRaw: true }).rows;
    // Compact, and every digit kept: the id beyond 2^53 and the 17-digit fraction.
    expect(rows.map((r) => r.raw)).toEqual(texts.map((t) => stringifyJson(parseJson(t))));
    expect(rows[0]!.raw).toContain(`"id":${(4096n << 32n) + 1n},`);
    expect(rows[0]!.raw).toContain('"amount_f":0.10000000000000001}');
    expect(queryPage(db, acct, { filter: {}, sort: 'time', limit: 10 }).rows.every((r) => r.raw === undefined)).toBe(
      true,
    );
    expect(writer.remove(ME)).toBe(true);
    expect(pageCount(db)).toBe(0);
    db.close();
  });
});

describe("a sync's pages written in groups (store.ts)", () => {
  // A hundred records a ledger, a day a ledger: each record's time is its ledger's (issue 37.9).
  const id = (n: number) => ((9000n + BigInt(Math.floor(n / 100))) << 32n) + BigInt((n % 100) + 1);
  const day = (n: number) =>
    new Date(Date.UTC(2026, 1, 1) + Math.floor(n / 100) * 86_400_000).toISOString().slice(0, 10);
  const record = (n: number) =>
    `{"id":"${id(n)}","paging_token":"${id(n)}","type":"payment","created_at":"${day(n)}T00:00:00Z","transaction_hash":"bb","source_account":"${A}","from":"${A}","to":"${ME}","asset_type":"native","amount":"2.0000000"}`;
  /** A page of `count` records numbered from `first`, as bytes the way the sync has them. */
  const page = (first: number, count: number, text = (n: number) => record(n)) =>
    new TextEncoder().encode(
      `{"_embedded":{"records":[${Array.from({ length: count }, (_, i) => text(first + i)).join(',')}]}}`,
    );
  /** What another connection sees: only what is committed. */
  const committed = (file: string) => {
    const other = new DatabaseSync(file, { readOnly: true });
    try {
      const row = other.prepare('SELECT rows, last_token FROM accounts WHERE address = ?').get(ME) as
        { rows: number; last_token: string } | undefined;
      return row ? { rows: Number(row.rows), token: row.last_token } : { rows: 0, token: null };
    } finally {
      other.close();
    }
  };

  it('commits full pages GROUP_PAGES at a time, a short page at once, and on commit()', () => {
    const file = join(dir, 'groups.sqlite');
    const writer = new IndexWriter(openIndex(file));
    for (let p = 0; p < GROUP_PAGES - 1; p++) {
      const result = writer.ingestPageBytes(ME, page(p * 200, 200));
      expect(result).toMatchObject({
        added: 200,
        count: 200,
        lastToken: String(id(p * 200 + 199)),
        meta: { rows: (p + 1) * 200 },
      });
    }
    // Written (the writer's own reads see them) but not yet committed.
    expect(committed(file)).toEqual({ rows: 0, token: null });
    writer.ingestPageBytes(ME, page((GROUP_PAGES - 1) * 200, 200));
    expect(committed(file)).toEqual({ rows: GROUP_PAGES * 200, token: String(id(GROUP_PAGES * 200 - 1)) });
    writer.ingestPageBytes(ME, page(10_000, 200));
    expect(committed(file).rows).toBe(GROUP_PAGES * 200);
    writer.commit();
    expect(committed(file).rows).toBe((GROUP_PAGES + 1) * 200);
    writer.ingestPageBytes(ME, page(20_000, 200));
    // The last page of a walk is short: it commits the group with it.
    expect(writer.ingestPageBytes(ME, page(30_000, 7))).toMatchObject({ added: 7, count: 7 });
    expect(committed(file)).toEqual({ rows: (GROUP_PAGES + 2) * 200 + 7, token: String(id(30_006)) });
  });

  it('migrates a file of version 6 in place, rows and tokens kept, and goes on writing from its token', () => {
    const path = join(dir, 'v6.sqlite');
    const first = new IndexWriter(openIndex(path));
    first.ingestPageBytes(ME, page(0, 200));
    first.commit();
    // What version 6 wrote: the same accounts row (version 7 added two columns, version 8 dropped them).
    const old = new DatabaseSync(path);
    old.exec('PRAGMA user_version = 6;');
    old.close();
    const db = openIndex(path);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    const writer = new IndexWriter(db);
    expect(writer.account(ME)).toMatchObject({ rows: 200, lastToken: String(id(199)) });
    writer.ingestPageBytes(ME, page(200, 200));
    writer.commit();
    expect(committed(path)).toEqual({ rows: 400, token: String(id(399)) });
    db.close();
  });

  /**
   * A file as version 7 wrote it: the tables of version 8 with the accounts row's two more columns
   * at its end (a walk ahead's start and token), the rows written by this version's writer.
   */
  function version7File(
    name: string,
    fill: (writer: IndexWriter) => void,
    walks: { last: string; from: string | null; ahead: string | null },
  ): string {
    const path = join(dir, name);
    const db = openIndex(path);
    const writer = new IndexWriter(db);
    fill(writer);
    writer.commit();
    db.close();
    const old = new DatabaseSync(path);
    old.exec(
      'ALTER TABLE accounts ADD COLUMN ahead_from TEXT; ALTER TABLE accounts ADD COLUMN ahead_token TEXT; PRAGMA user_version = 7;',
    );
    old
      .prepare('UPDATE accounts SET last_token = ?, ahead_from = ?, ahead_token = ? WHERE address = ?')
      .run(walks.last, walks.from, walks.ahead, ME);
    old.close();
    return path;
  }

  const columns = (db: DatabaseSync) =>
    (db.prepare('PRAGMA table_info(accounts)').all() as { name: string }[]).map((c) => c.name);
  const opIds = (db: DatabaseSync) =>
    (db.prepare('SELECT CAST(id AS TEXT) AS id FROM ops ORDER BY ops.id').all() as { id: string }[]).map((r) =>
      BigInt(r.id),
    );
  const legs = (db: DatabaseSync) =>
    Number((db.prepare('SELECT sum(legs) AS n FROM roll_day').get() as { n: number }).n);

  it('migrates a file of version 7 stopped mid walk ahead: its two columns go, every row stays, and the walk from its token adds and counts each operation once', () => {
    // Written up to id(399) by the first walk, id(1001)..id(1200) by a walk ahead from id(1000).
    const path = version7File(
      'v7-ahead.sqlite',
      (w) => [page(0, 200), page(200, 200), page(1001, 200)].forEach((p) => w.ingestPageBytes(ME, p)),
      {
        last: String(id(399)),
        from: String(id(1000)),
        ahead: String(id(1200)),
      },
    );
    const db = openIndex(path);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    expect(columns(db)).not.toContain('ahead_from');
    expect(columns(db)).not.toContain('ahead_token');
    const writer = new IndexWriter(db);
    expect(writer.account(ME)).toMatchObject({ rows: 600, lastToken: String(id(399)) });
    expect(opIds(db)).toHaveLength(600);
    // The sync goes on from id(399): pages 400..1399, the walk ahead's stretch among them.
    const added = [400, 600, 800, 1000, 1200].map((first) => writer.ingestPageBytes(ME, page(first, 200)).added);
    writer.commit();
    expect(added).toEqual([200, 200, 200, 1, 199]);
    expect(writer.account(ME)).toMatchObject({ rows: 1400, lastToken: String(id(1399)) });
    expect(opIds(db)).toEqual(Array.from({ length: 1400 }, (_, n) => id(n)));
    // Each payment is one leg of the day totals, once.
    expect(legs(db)).toBe(1400);
    db.close();
  });

  it("migrates a file of version 7 whose first walk had reached its walk ahead's start: the later token is the account's", () => {
    const path = version7File(
      'v7-met.sqlite',
      (w) => [page(0, 200), page(200, 200), page(400, 200)].forEach((p) => w.ingestPageBytes(ME, p)),
      {
        last: String(id(399)),
        from: String(id(300)),
        ahead: String(id(599)),
      },
    );
    const db = openIndex(path);
    expect(new IndexWriter(db).account(ME)).toMatchObject({ rows: 600, lastToken: String(id(599)) });
    expect(columns(db)).not.toContain('ahead_token');
    db.close();
    // A walk ahead that had written nothing yet leaves the token as it was.
    const fresh = openIndex(
      version7File('v7-started.sqlite', (w) => w.ingestPageBytes(ME, page(0, 200)), {
        last: String(id(199)),
        from: String(id(500)),
        ahead: null,
      }),
    );
    expect(new IndexWriter(fresh).account(ME)).toMatchObject({ rows: 200, lastToken: String(id(199)) });
    fresh.close();
  });

  it("keeps each account's day and counterparty totals apart when one group holds pages of two accounts", () => {
    const file = join(dir, 'group-two-accounts.sqlite');
    const writer = new IndexWriter(openIndex(file));
    // The same payments, from A to ME: incoming for ME, outgoing for A.
    writer.ingestPageBytes(ME, page(0, 200));
    writer.ingestPageBytes(A, page(0, 200));
    writer.ingestPageBytes(ME, page(200, 200));
    writer.commit();
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const totals = (table: string) =>
        db
          .prepare(
            `SELECT a.address, sum(legs) AS legs, sum(in_lo) AS inLo, sum(out_lo) AS outLo FROM ${table} r JOIN accounts a ON a.acct = r.acct GROUP BY a.address ORDER BY a.address = '${ME}'`,
          )
          .all();
      const expected = [
        { address: A, legs: 200, inLo: 0, outLo: 200 * 20_000_000 },
        { address: ME, legs: 400, inLo: 400 * 20_000_000, outLo: 0 },
      ];
      expect(totals('roll_day')).toEqual(expected);
      expect(totals('roll_party')).toEqual(expected);
    } finally {
      db.close();
    }
  });

  it('rolls back the page that fails with the rest of its open group, keeps what was committed, and goes on from there', () => {
    const file = join(dir, 'group-failure.sqlite');
    const index = openIndex(file);
    const writer = new IndexWriter(index);
    // A committed group, then two pages of an open one.
    for (let p = 0; p < GROUP_PAGES; p++) writer.ingestPageBytes(ME, page(p * 200, 200));
    const base = GROUP_PAGES * 200;
    writer.ingestPageBytes(ME, page(base, 200));
    expect(writer.ingestPageBytes(ME, page(base + 200, 200)).meta).toMatchObject({
      rows: base + 400,
      lastToken: String(id(base + 399)),
    });
    // A row SQLite refuses (a trigger plays it: a fee beyond int64 is refused by extraction now,
    // #37.8) fails the page's second insert, after its first hundred rows went in: they go, with
    // the open group's two pages, and their totals.
    index.exec(
      `CREATE TEMP TRIGGER refuse_one BEFORE INSERT ON ops WHEN NEW.id = ${id(base + 550)} BEGIN SELECT RAISE(ABORT, 'integer out of range (the test refuses this row)'); END`,
    );
    const refused = record;
    // Another account's page in the same open group goes with it, and that account is told at its
    // next page, so its sync stops instead of writing on past the page that is gone.
    writer.ingestPageBytes(A, page(0, 200));
    expect(() => writer.ingestPageBytes(ME, page(base + 400, 200, refused))).toThrow(/the test refuses this row/);
    // The trigger was made inside the open group, so the rollback took it too: the row goes in later.
    expect(() => writer.ingestPageBytes(A, page(200, 200))).toThrow(/out of range|too large|integer/i);
    expect(writer.account(A)).toMatchObject({ rows: 0, lastToken: null });
    expect(writer.ingestPageBytes(A, page(0, 200)).added).toBe(200);
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM ops').get()).toEqual({ n: base });
      expect(db.prepare('SELECT sum(legs) AS n FROM roll_day').get()).toEqual({ n: base });
    } finally {
      db.close();
    }
    // The writer's own view is the committed one too: the sync resumes from its token.
    expect(writer.account(ME)).toMatchObject({ rows: base, lastToken: String(id(base - 1)) });
    writer.commit();
    expect(committed(file)).toEqual({ rows: base, token: String(id(base - 1)) });
    for (let p = 0; p < 3; p++) expect(writer.ingestPageBytes(ME, page(base + p * 200, 200)).added).toBe(200);
    writer.commit();
    expect(committed(file)).toEqual({ rows: base + 600, token: String(id(base + 599)) });
  });
});
