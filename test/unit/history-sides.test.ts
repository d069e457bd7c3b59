// Issue #27: what an account's transactions and trades add to its index beyond its operations
// (side-records.ts, side-writer.ts): the fee it paid for a transaction none of whose operations
// is its own (a fee bump for another account), and the fills of its offers, by its own offer
// operations and by other accounts' operations; never the trades its own path payment took (its
// row holds what it sent and received). Records in Horizon's shapes, written here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PagingError } from '../../shared/paging-guard';
import { reconcile } from '../../shared/reconcile';
import { openIndex, SCHEMA_VERSION } from '../../core/history-index/worker-thread/schema';
import { feeRowOf, tradeOf } from '../../core/history-index/worker-thread/side-records';
import { SideWriter } from '../../core/history-index/worker-thread/side-writer';
import { IndexWriter } from '../../core/history-index/worker-thread/store';
import { indexSums } from '../../core/history-index/worker-thread/sums';
import { queryPage } from '../../core/history-index/worker-thread/summary';
import { totalsBy } from '../../core/history-index/worker-thread/totals';
import { readMeta } from '../../core/history-index/worker-thread/account-meta';
import { sideBound } from '../../core/history-index/main-thread/sync-sides';
import { toid, tradeRecord, transactionRecord } from '../support/side-records';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-sides-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ME = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
const OTHER = 'GDUVUOCZJDGXC4U2Y7M5E3VKC75XTFEBXQ6G5NZ2TC6SE5VXN4AS3SFB';
const ISSUER = 'GCQTGZQQ5G4PTM2GL7CDIFKUBIPEC52BROAQIAPW53XBRJVN6ZJVTG6V';
const USD = `USD:${ISSUER}`;
const POOL = '2389378a6156eedfac66daa000d24c926431c3e667b9f754771964f27a6da6ab';
let files = 0;

const at = (day: number) => new Date(Date.UTC(2026, 2, 1 + day)).toISOString().replace('.000Z', 'Z');
const hash = (c: string) => c.repeat(64);
const usd = (prefix: string) => ({
  [`${prefix}asset_type`]: 'credit_alphanum4',
  [`${prefix}asset_code`]: 'USD',
  [`${prefix}asset_issuer`]: ISSUER,
});
const bytes = (records: unknown[]) => Buffer.from(JSON.stringify({ _embedded: { records } }));

/** An operation of the account, with its transaction joined. */
function op(id: bigint, tx: string, body: Record<string, unknown>, feeAccount = ME) {
  return {
    id: String(id),
    paging_token: String(id),
    transaction_successful: true,
    source_account: ME,
    created_at: at(Number(id >> 32n) - 100),
    transaction_hash: tx,
    ...body,
    transaction: {
      hash: tx,
      ledger: Number(id >> 32n),
      source_account: ME,
      fee_account: feeAccount,
      fee_charged: '100',
    },
  };
}

const transaction = (id: bigint, tx: string, source: string, feeAccount: string, fee: string) =>
  transactionRecord(id, tx, source, feeAccount, fee, at(Number(id >> 32n) - 100));
const trade = (
  opId: bigint,
  order: number,
  base: string,
  counter: string,
  amounts: [string, string],
  seller: boolean,
) => tradeRecord(opId, order, base, counter, amounts, seller, ['USD', ISSUER], at(Number(opId >> 32n) - 100));

const FUND = op(
  toid(100, 1, 1),
  hash('1'),
  { type: 'payment', from: OTHER, to: ME, amount: '1000.0000000', asset_type: 'native', source_account: OTHER },
  OTHER,
);
const OFFER = op(toid(101, 1, 1), hash('2'), {
  type: 'manage_sell_offer',
  amount: '50.0000000',
  price: '0.3000000',
  price_r: { n: 3, d: 10 },
  selling_asset_type: 'native',
  ...usd('buying_'),
  offer_id: '0',
});
const SWAP = op(toid(102, 1, 1), hash('3'), {
  type: 'path_payment_strict_send',
  from: ME,
  to: ME,
  amount: '3.0000000',
  ...usd(''),
  source_amount: '10.0000000',
  source_asset_type: 'native',
  destination_min: '2.9000000',
  path: [],
});

function indexed() {
  const db = openIndex(join(dir, `s${files++}.sqlite`));
  const writer = new IndexWriter(db);
  writer.ingestPageBytes(ME, bytes([FUND, OFFER, SWAP]));
  return { db, writer, sides: new SideWriter(db, writer), acct: writer.account(ME).acct };
}

const BOUND = String(toid(150, 0, 0));
const sumsOf = (db: ReturnType<typeof openIndex>, acct: number) =>
  Object.fromEntries(indexSums(db, acct).assets.map((a) => [a.asset, a]));

describe('a transaction record read from the account’s side', () => {
  it('is a fee row only where the account paid the fee: the fee-bump source, else the source', () => {
    const bump = transaction(toid(104, 1, 0), hash('b'), OTHER, ME, '400');
    expect(feeRowOf(bump, ME)).toMatchObject({
      id: toid(104, 1, 0),
      fee: 400n,
      counterparty: OTHER,
      type: 'transaction_fee',
    });
    expect(feeRowOf(bump, OTHER)).toBeNull();
    const { fee_account: _, ...plain } = transaction(toid(105, 1, 0), hash('c'), OTHER, OTHER, '100');
    expect(feeRowOf(plain, OTHER)).toMatchObject({ fee: 100n, counterparty: null });
    expect(feeRowOf(plain, ME)).toBeNull();
  });
});

describe('a trade read from the account’s side', () => {
  it('gives what its side gave and gets what the other gave; took the trade unless its offer was crossed', () => {
    const t = trade(toid(103, 1, 1), 0, OTHER, ME, ['6.0000000', '2.0000000'], false);
    expect(tradeOf(t, ME)).toMatchObject({
      taker: false,
      legs: [
        { incoming: false, asset: USD, amount: 20_000_000n, party: OTHER },
        { incoming: true, asset: 'native', amount: 60_000_000n, party: OTHER },
      ],
    });
    expect(tradeOf(t, OTHER)).toMatchObject({ taker: true, legs: [{ asset: 'native' }, { asset: USD }] });
    expect(tradeOf(t, ISSUER)).toBeNull();
    // A pool on the other side is the party.
    const { counter_account: _, ...pooled } = { ...trade(toid(103, 1, 1), 1, ME, '', ['1', '2'], false) };
    expect(tradeOf({ ...pooled, counter_liquidity_pool_id: POOL }, ME)!.legs[1].party).toBe(POOL);
  });
});

describe('the walks beside the operations, written', () => {
  it('adds fills of its own offer and of others’ operations, not its own path payment’s, and fees paid for others', () => {
    const { db, sides, acct } = indexed();
    const first = [
      trade(toid(101, 1, 1), 0, ME, OTHER, ['5.0000000', '1.5000000'], false), // its offer took OTHER's
      trade(toid(102, 1, 1), 0, ME, OTHER, ['10.0000000', '3.0000000'], false), // its path payment: in its row
      trade(toid(103, 1, 1), 0, OTHER, ME, ['6.0000000', '2.0000000'], false), // OTHER's operation crossed its offer
      trade(toid(103, 1, 1), 1, OTHER, ME, ['3.0000000', '1.0000000'], false),
    ];
    const page = sides.ingest(ME, 'trades', bytes(first), { cursor: undefined, previous: null }, BOUND);
    expect(page).toMatchObject({ count: 4, added: 1, lastToken: `${toid(103, 1, 1)}-1` });
    // The same operation's next fill, on the next page, joins its row; a trade past the bound waits.
    const second = [
      trade(toid(103, 1, 1), 2, OTHER, ME, ['3.0000000', '1.0000000'], false),
      trade(toid(200, 1, 1), 0, OTHER, ME, ['99.0000000', '33.0000000'], false),
    ];
    const next = sides.ingest(ME, 'trades', bytes(second), { cursor: page.lastToken!, previous: null }, BOUND);
    expect(next).toMatchObject({ count: 1, added: 0, lastToken: `${toid(103, 1, 1)}-2` });
    const txs = [
      transaction(toid(101, 1, 0), hash('2'), ME, ME, '100'), // its operations are in the index: charged there
      transaction(toid(104, 1, 0), hash('b'), OTHER, ME, '400'), // a fee bump it paid for OTHER
      transaction(toid(105, 1, 0), hash('c'), OTHER, OTHER, '100'),
    ];
    expect(sides.ingest(ME, 'transactions', bytes(txs), { cursor: undefined, previous: null }, BOUND)).toMatchObject({
      count: 3,
      added: 1,
    });
    const sums = sumsOf(db, acct);
    // XLM: 1000 in + 6 + 3 + 3 from fills; out 5 (its offer) + 10 (its path payment); fees 100 + 100 + 400.
    expect(sums['native']).toMatchObject({ in: '1012', out: '15', fees: '0.00006', nofee: 0, unknown: 0 });
    expect(sums[USD]).toMatchObject({ in: '4.5', out: '4' });
    const rows = queryPage(db, acct, { filter: {}, sort: 'time', limit: 10 }).rows;
    expect(rows.map((r) => r.type)).toEqual([
      'payment',
      'manage_sell_offer',
      'path_payment_strict_send',
      'trade',
      'transaction_fee',
    ]);
    expect(readMeta(db, ME)!.sides).toMatchObject({
      trades: `${toid(103, 1, 1)}-2`,
      transactions: String(toid(105, 1, 0)),
    });
    // The sums reconcile with the balances these records leave.
    const balances = [
      { asset: 'native', amount: '996.99994' },
      { asset: USD, amount: '0.5' },
    ];
    const checked = reconcile({
      account: ME,
      sums: { ...indexSums(db, acct), created: true },
      balances,
      partial: null,
      completeFromLedger: 1,
      lastModifiedLedger: 105,
      newerOnServer: false,
      genesisBalance: null,
      checkedAt: at(0),
    });
    expect(checked.lines.map((l) => l.status)).toEqual(['reconciled', 'reconciled']);
  });

  // Issue 37.2: seen failing with the second walk's fills counted again (the first fill of each
  // trade row added as a leg, the further ones under a second number).
  it('writes each fill once when a second writer walks the same trades again, from the start or mid-operation', () => {
    const { db, sides, acct } = indexed();
    const fills = [0, 1, 2, 3].map((order) =>
      trade(toid(103, 1, 1), order, OTHER, ME, ['3.0000000', '1.0000000'], false),
    );
    const own = trade(toid(101, 1, 1), 0, ME, OTHER, ['5.0000000', '1.5000000'], false);
    const start = { cursor: undefined, previous: null };
    sides.ingest(ME, 'trades', bytes([own, ...fills.slice(0, 2)]), start, BOUND);
    sides.ingest(ME, 'trades', bytes(fills.slice(2)), { cursor: `${toid(103, 1, 1)}-1`, previous: null }, BOUND);
    const once = sumsOf(db, acct);
    // USD: 4 out in the four fills; 1.5 in by its offer and 3 by its path payment.
    expect(once[USD]).toMatchObject({ out: '4', in: '4.5' });
    // Another process's writer on the same file, its walk from the start and from the second fill.
    const second = openIndex(db.location()!);
    const other = new SideWriter(second, new IndexWriter(second));
    other.ingest(ME, 'trades', bytes([own, ...fills]), start, BOUND);
    other.ingest(ME, 'trades', bytes(fills.slice(1)), { cursor: `${toid(103, 1, 1)}-0`, previous: null }, BOUND);
    second.close();
    expect(sumsOf(db, acct)).toEqual(once);
    expect((db.prepare('SELECT count(*) AS n FROM legs WHERE acct = ?').get(acct) as { n: number }).n).toBe(2 * 3 + 2);
  });

  // Issue 37.5: seen failing with `amount "1844674407371.9551614" is outside int64` and nothing else.
  it('sums two fills of int64’s maximum exactly in the totals and the reconciliation; names a fill past it', () => {
    const { db, sides, acct } = indexed();
    const MAX = '922337203685.4775807';
    const fills = [0, 1].map((order) => trade(toid(103, 1, 1), order, OTHER, ME, [MAX, '1.0000000'], false));
    sides.ingest(ME, 'trades', bytes(fills), { cursor: undefined, previous: null }, BOUND);
    const xlm = totalsBy(db, acct, { status: 'successful' }, 'asset', 10).find((r) => r.asset === 'native')!;
    // 1,000 XLM from FUND and two fills of int64's maximum in; 10 out by its path payment; two fees of 100.
    expect(xlm).toMatchObject({
      in: '1844674408370.9551614',
      out: '10',
      fees: '0.00002',
      net: '1844674408360.9551414',
    });
    const checked = reconcile({
      account: ME,
      sums: { ...indexSums(db, acct), created: true },
      balances: [{ asset: 'native', amount: MAX }],
      partial: null,
      completeFromLedger: 1,
      lastModifiedLedger: 105,
      newerOnServer: false,
      genesisBalance: null,
      checkedAt: at(0),
    });
    expect(checked.lines[0]).toMatchObject({ asset: 'native', in: '1844674408370.9551614', status: 'differs' });
    // One fill of a stroop past int64: the error names the trade and the rule, and nothing is written.
    const past = [trade(toid(104, 1, 1), 0, OTHER, ME, ['922337203685.4775808', '1.0000000'], false)];
    const cursor = { cursor: `${toid(103, 1, 1)}-1`, previous: null };
    expect(() => sides.ingest(ME, 'trades', bytes(past), cursor, BOUND)).toThrow(
      `trade ${toid(104, 1, 1)}-0: its base_amount "922337203685.4775808" is outside int64, the most one amount can be`,
    );
  });

  // Issue #35: seen failing with every fill of a held path payment dropped (the taker check
  // removed): a path payment that pays the account and crosses its offer is in its index, and the
  // fill is its offer's, not the payment's own legs.
  it('adds the fills of its offer by a path payment it did not take, though its index holds that payment', () => {
    const db = openIndex(join(dir, `s${files++}.sqlite`));
    const writer = new IndexWriter(db);
    const paid = op(
      toid(106, 1, 1),
      hash('6'),
      {
        type: 'path_payment_strict_send',
        source_account: OTHER,
        from: OTHER,
        to: ME,
        amount: '3.0000000',
        ...usd(''),
        source_amount: '10.0000000',
        source_asset_type: 'native',
        destination_min: '2.9000000',
        path: [],
      },
      OTHER,
    );
    writer.ingestPageBytes(ME, bytes([FUND, OFFER, paid]));
    const acct = writer.account(ME).acct;
    const before = sumsOf(db, acct);
    const sides = new SideWriter(db, writer);
    const fill = [trade(toid(106, 1, 1), 0, OTHER, ME, ['6.0000000', '2.0000000'], false)]; // its offer was crossed
    const page = sides.ingest(ME, 'trades', bytes(fill), { cursor: undefined, previous: null }, BOUND);
    expect(page).toMatchObject({ count: 1, added: 0 });
    const after = sumsOf(db, acct);
    expect([before['native']!.in, after['native']!.in]).toEqual(['1000', '1006']);
    expect([before[USD]!.out, after[USD]!.out]).toEqual(['0', '2']);
  });

  it('refuses a page that goes back past its cursor, and a page out of order, writing nothing', () => {
    const { db, sides, acct } = indexed();
    const cursor = `${toid(103, 1, 1)}-1`;
    const again = [trade(toid(103, 1, 1), 1, OTHER, ME, ['3.0000000', '1.0000000'], false)];
    expect(() => sides.ingest(ME, 'trades', bytes(again), { cursor, previous: null }, BOUND)).toThrow(PagingError);
    const swapped = [
      trade(toid(103, 1, 1), 3, OTHER, ME, ['3.0000000', '1.0000000'], false),
      trade(toid(103, 1, 1), 2, OTHER, ME, ['3.0000000', '1.0000000'], false),
    ];
    expect(() => sides.ingest(ME, 'trades', bytes(swapped), { cursor, previous: null }, BOUND)).toThrow(PagingError);
    expect(sumsOf(db, acct)[USD]).toMatchObject({ out: '0' });
  });

  it('reads a fee up to the bound and not a stroop past it', () => {
    const { db, sides, acct } = indexed();
    const bump = (ledger: number) =>
      transaction(toid(ledger, 1, 0), hash(ledger.toString(16).slice(-1)), OTHER, ME, '400');
    const page = sides.ingest(
      ME,
      'transactions',
      bytes([bump(149), bump(150)]),
      { cursor: undefined, previous: null },
      String(toid(149, 1, 0)),
    );
    expect(page).toMatchObject({ count: 1, added: 1 });
    expect(sumsOf(db, acct)['native']).toMatchObject({ fees: '0.00006' });
  });
});

describe('how far the side walks read', () => {
  it('through the latest ledger as the sync started, or the operations’ token when later; nothing when neither is known', () => {
    const through = (ledger: number) => String((BigInt(ledger + 1) << 32n) - 1n);
    expect(sideBound(undefined, null)).toBeNull();
    expect(sideBound('5', null)).toBe('5');
    expect(sideBound(undefined, 10)).toBe(through(10));
    expect(sideBound(String(toid(10, 1, 1)), 10)).toBe(through(10));
    expect(sideBound(String(toid(11, 0, 0)), 10)).toBe(String(toid(11, 0, 0)));
    expect(sideBound(String(toid(11, 0, 0) - 1n), 10)).toBe(through(10));
    expect(sideBound('now', 10)).toBe(through(10));
  });
});

describe('a file of version 10', () => {
  it('is migrated by adding the side walks’ columns, every row and total kept; its sides wait for a sync', () => {
    const path = join(dir, 'v10.sqlite');
    let db = openIndex(path);
    const writer = new IndexWriter(db);
    writer.ingestPageBytes(ME, bytes([FUND, OFFER, SWAP]));
    const acct = writer.account(ME).acct;
    const before = indexSums(db, acct);
    db.exec(
      `ALTER TABLE accounts DROP COLUMN tx_token; ALTER TABLE accounts DROP COLUMN trade_token;
       ALTER TABLE accounts DROP COLUMN sides_missing; PRAGMA user_version = 10;`,
    );
    db.close();
    db = openIndex(path);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    expect(readMeta(db, ME)!.sides).toEqual({ transactions: null, trades: null, missing: null });
    expect(indexSums(db, acct)).toEqual(before);
    expect(before).toMatchObject({ unread: ['transactions', 'trades'], sidesPending: true });
    db.close();
  });
});
