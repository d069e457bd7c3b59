// Issue #35.2 and .3: one reading of an index row. Random histories (payments, payments to
// itself, path payments and conversions to itself, pool deposits of three legs, creations, fees
// paid by the account, fee bumps paid by others and by the account for others, failed
// transactions, transactions of several operations split across pages) written into a real index
// through a sync's ingest path; per asset, the in, out, fees and leg counts of every reading of
// the index — the whole-history totals (roll_day, roll_party), the totals of a filtered set
// (flows(), assetFlows), the workbench's summary, the column CSV export's rows and the
// reconciliation's sums and lines — equal each other and a model worked out from the generated
// operations alone, exactly (bigints of stroops); so do the totals by counterparty, without fees.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { exportIndex } from '../../core/history-index/worker-thread/export-file';
import { openIndex } from '../../core/history-index/worker-thread/schema';
import { IndexWriter } from '../../core/history-index/worker-thread/store';
import { indexSums } from '../../core/history-index/worker-thread/sums';
import { queryPage } from '../../core/history-index/worker-thread/summary';
import { totalsBy } from '../../core/history-index/worker-thread/totals';
import { formatAmount, parseAmount } from '../../shared/amount';
import { EXPORT_COLUMNS } from '../../shared/export-columns';
import type { HistoryFilter } from '../../shared/history';
import { parseCsv } from '../../shared/labels';
import { reconcile } from '../../shared/reconcile';
import { accountKeys } from '../support/service-store';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-one-reading-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const [ME, A, B, ISS] = accountKeys(4, 35) as [string, string, string, string];
const USD = `USD:${ISS}`;
const EUR = `EUR:${ISS}`;
const POOL = '701de11384fff124192c96dd40210c9a0e49083e8a1411e936e0b36ebe9da4f0';
const SHARES = `pool:${POOL}`;
const ASSETS = ['native', USD, EUR];
const T0 = Date.UTC(2026, 0, 5);
const HOUR = 3_600_000;

type OpSpec =
  | { kind: 'payment'; from: string; to: string; asset: string; amount: bigint }
  | { kind: 'path'; from: string; to: string; sourceAsset: string; sourceAmount: bigint; asset: string; amount: bigint }
  | { kind: 'deposit'; a: bigint; b: bigint; shares: bigint }
  | { kind: 'create'; funder: string; account: string; amount: bigint };

interface TxSpec {
  /** Who paid the fee: the transaction's source, or a fee-bump source. */
  payer: 'source' | 'me' | 'other';
  fee: bigint;
  successful: boolean;
  ops: OpSpec[];
  /** Hours after the one before (so a day holds several, and the days change). */
  gap: number;
}

const amount = fc.bigInt({ min: 1n, max: 100_000_000_000n });
const party = fc.constantFrom(ME, A, B);
const asset = fc.constantFrom(...ASSETS);
// Every operation takes the account part (the server lists no other under it).
const opArb: fc.Arbitrary<OpSpec> = fc.oneof(
  fc
    .record({ from: party, to: party, asset, amount })
    .map((p) => ({ kind: 'payment' as const, ...p, ...(p.from !== ME && p.to !== ME ? { to: ME } : {}) })),
  // A payment to itself, on its own: the reading issue #35 found unguarded.
  fc.record({ asset, amount }).map((p) => ({ kind: 'payment' as const, from: ME, to: ME, ...p })),
  fc
    .record({ from: party, to: party, sourceAsset: asset, sourceAmount: amount, asset, amount })
    .map((p) => ({ kind: 'path' as const, ...p, ...(p.from !== ME && p.to !== ME ? { from: ME } : {}) })),
  fc.record({ a: amount, b: amount, shares: amount }).map((p) => ({ kind: 'deposit' as const, ...p })),
  fc.record({ funder: party, amount }).map((p) => ({
    kind: 'create' as const,
    funder: p.funder === ME ? ME : p.funder,
    account: p.funder === ME ? A : ME,
    amount: p.amount,
  })),
);
const txArb: fc.Arbitrary<TxSpec> = fc.record({
  payer: fc.constantFrom('source' as const, 'me' as const, 'other' as const),
  fee: fc.bigInt({ min: 100n, max: 5_000_000n }),
  successful: fc.boolean(),
  ops: fc.array(opArb, { minLength: 1, maxLength: 3 }),
  gap: fc.integer({ min: 1, max: 30 }),
});

const toid = (ledger: number, tx: number, index: number) =>
  (BigInt(ledger) << 32n) | (BigInt(tx) << 12n) | BigInt(index);
const units = (stroops: bigint) => formatAmount(stroops, { fixed: true });

function assetFields(key: string, prefix = ''): Record<string, string> {
  if (key === 'native') return { [`${prefix}asset_type`]: 'native' };
  const [code, issuer] = key.split(':') as [string, string];
  return {
    [`${prefix}asset_type`]: 'credit_alphanum4',
    [`${prefix}asset_code`]: code,
    [`${prefix}asset_issuer`]: issuer,
  };
}
/** An asset as Horizon writes it in a pool's reserves. */
const reserveAsset = (key: string) => (key === 'native' ? 'native' : key);

function sourceOf(op: OpSpec): string {
  switch (op.kind) {
    case 'payment':
    case 'path':
      return op.from;
    case 'deposit':
      return ME;
    case 'create':
      return op.funder;
  }
}

function bodyOf(op: OpSpec): Record<string, unknown> {
  switch (op.kind) {
    case 'payment':
      return { type: 'payment', from: op.from, to: op.to, amount: units(op.amount), ...assetFields(op.asset) };
    case 'path':
      return {
        type: 'path_payment_strict_send',
        from: op.from,
        to: op.to,
        amount: units(op.amount),
        source_amount: units(op.sourceAmount),
        destination_min: '0.0000001',
        path: [],
        ...assetFields(op.asset),
        ...assetFields(op.sourceAsset, 'source_'),
      };
    case 'deposit':
      return {
        type: 'liquidity_pool_deposit',
        liquidity_pool_id: POOL,
        reserves_max: [
          { asset: 'native', amount: units(op.a) },
          { asset: reserveAsset(USD), amount: units(op.b) },
        ],
        min_price: '0.1000000',
        max_price: '10.0000000',
        reserves_deposited: [
          { asset: 'native', amount: units(op.a) },
          { asset: reserveAsset(USD), amount: units(op.b) },
        ],
        shares_received: units(op.shares),
      };
    case 'create':
      return { type: 'create_account', funder: op.funder, account: op.account, starting_balance: units(op.amount) };
  }
}

interface Flow {
  in: bigint;
  out: bigint;
  fees: bigint;
  legs: number;
}
type Flows = Map<string, Flow>;

const flowOf = (flows: Flows, key: string): Flow => {
  let flow = flows.get(key);
  if (!flow) flows.set(key, (flow = { in: 0n, out: 0n, fees: 0n, legs: 0 }));
  return flow;
};

/** The legs an operation moved for the account, worked out from the spec alone: [asset, amount, incoming]. */
function modelLegs(op: OpSpec): [string, bigint, boolean][] {
  switch (op.kind) {
    case 'payment':
      return [
        ...(op.from === ME ? [[op.asset, op.amount, false] as [string, bigint, boolean]] : []),
        ...(op.to === ME ? [[op.asset, op.amount, true] as [string, bigint, boolean]] : []),
      ];
    case 'path':
      return [
        ...(op.from === ME ? [[op.sourceAsset, op.sourceAmount, false] as [string, bigint, boolean]] : []),
        ...(op.to === ME ? [[op.asset, op.amount, true] as [string, bigint, boolean]] : []),
      ];
    case 'deposit':
      return [
        ['native', op.a, false],
        [USD, op.b, false],
        [SHARES, op.shares, true],
      ];
    case 'create':
      return [['native', op.amount, op.account === ME]];
  }
}

/** A created account first (so its opening balance is zero), then the random transactions. */
function historyOf(txs: TxSpec[]): TxSpec[] {
  const creation: TxSpec = {
    payer: 'source',
    fee: 100n,
    successful: true,
    ops: [{ kind: 'create', funder: B, account: ME, amount: 1_000_000_000_000n }],
    gap: 0,
  };
  return [creation, ...txs];
}

/** The records of a history in Horizon's shape (operations with their transactions joined), and the model's flows. */
function recordsOf(txs: TxSpec[]): { records: Record<string, unknown>[]; model: Flows } {
  const records: Record<string, unknown>[] = [];
  const model: Flows = new Map();
  let at = T0;
  txs.forEach((tx, t) => {
    at += tx.gap * HOUR;
    const ledger = 1000 + t;
    const hash = t.toString(16).padStart(64, '0');
    const source = sourceOf(tx.ops[0]!);
    const feeAccount = tx.payer === 'source' ? source : tx.payer === 'me' ? ME : source === A ? B : A;
    // A fee-bump source is named as `fee_account`; a plain transaction's record names its source alone.
    const transaction = {
      hash,
      ledger,
      source_account: source,
      ...(tx.payer === 'source' ? {} : { fee_account: feeAccount }),
      fee_charged: String(tx.fee),
      memo_type: 'none',
      successful: tx.successful,
    };
    if (feeAccount === ME) flowOf(model, 'native').fees += tx.fee;
    tx.ops.forEach((op, i) => {
      const id = toid(ledger, 1, i + 1);
      records.push({
        id: String(id),
        paging_token: String(id),
        transaction_successful: tx.successful,
        source_account: sourceOf(op),
        created_at: new Date(at).toISOString().replace('.000Z', 'Z'),
        transaction_hash: hash,
        ...bodyOf(op),
        transaction,
      });
      if (tx.successful)
        for (const [key, value, incoming] of modelLegs(op)) {
          const flow = flowOf(model, key);
          if (incoming) flow.in += value;
          else flow.out += value;
          flow.legs += 1;
        }
    });
  });
  return { records, model };
}

let files = 0;
function indexOf(records: Record<string, unknown>[], cuts: number[]): { db: DatabaseSync; acct: number } {
  const db = openIndex(join(dir, `h${files++}.sqlite`));
  const writer = new IndexWriter(db);
  // Pages cut anywhere, a transaction's operations across two pages among them.
  const bounds = [...new Set([0, ...cuts.map((c) => c % (records.length + 1)), records.length])].sort((a, b) => a - b);
  for (let i = 1; i < bounds.length; i++)
    writer.ingestPage(ME, JSON.stringify({ _embedded: { records: records.slice(bounds[i - 1], bounds[i]) } }));
  writer.commit();
  return { db, acct: writer.account(ME).acct };
}

/** Flows of the index's answers, per asset: [asset, in, out, fees, count] as decimal strings and counts. */
type Figures = { asset: string; in: string; out: string; fees: string; count: number }[];

function flowsOf(figures: Figures): Flows {
  const flows: Flows = new Map();
  for (const f of figures) {
    const flow = flowOf(flows, f.asset);
    flow.in += parseAmount(f.in);
    flow.out += parseAmount(f.out);
    flow.fees += parseAmount(f.fees);
    flow.legs += f.count;
  }
  return flows;
}

/** Flows without the assets whose every figure is zero, in key order (readings differ only in which empty groups they list). */
function plain(flows: Flows): [string, { in: string; out: string; fees: string; legs: number }][] {
  return [...flows.entries()]
    .filter(([, f]) => f.in !== 0n || f.out !== 0n || f.fees !== 0n || f.legs !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, f]) => [key, { in: String(f.in), out: String(f.out), fees: String(f.fees), legs: f.legs }]);
}

/** The column CSV export's rows summed per asset: a row per leg, its direction its side, the fee on a transaction's first row. */
async function exportFlows(db: DatabaseSync, acct: number, filter: HistoryFilter): Promise<Flows> {
  const path = join(dir, `e${files++}.csv`);
  writeFileSync(path, '');
  await exportIndex(db, acct, { account: ME, filter, sort: 'time', format: 'csv', path });
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  expect(header).toEqual([...EXPORT_COLUMNS]);
  const col = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name);
  const flows: Flows = new Map();
  for (const row of rows) {
    if (row.length === 1 && row[0] === '') continue;
    const fee = row[col('fee_xlm')]!;
    if (fee !== '') flowOf(flows, 'native').fees += parseAmount(fee);
    const direction = row[col('direction')];
    // Issue #36: an operation that moved nothing (a failed one) says what it tried, in its stored
    // record's sentence; a row the index wrote (a fee) has no record, a row that moved has amounts.
    const type = row[col('type')]!;
    const said = direction === 'none' && type !== 'transaction_fee' && type !== 'trade';
    expect(row[col('summary')], `${type} ${row[col('operation_id')]}`).toMatch(said ? /^tried\b.*\S$/ : /^$/);
    if (direction === 'none') continue;
    const [code, issuer] = [row[col('asset_code')]!, row[col('asset_issuer')]!];
    const key =
      code === 'XLM' && issuer === '' ? 'native' : code === 'pool-shares' ? `pool:${issuer}` : `${code}:${issuer}`;
    const flow = flowOf(flows, key);
    const value = parseAmount(row[col('amount')]!);
    if (direction === 'in') flow.in += value;
    else flow.out += value;
    flow.legs += 1;
  }
  return flows;
}

/** A day's totals summed over the days, per asset. */
const overDays = (db: DatabaseSync, acct: number, filter: HistoryFilter) =>
  flowsOf(totalsBy(db, acct, filter, 'day', 0));

/** Every reading of the index's flows, by name; the network's balances are the model's (so the reconciliation must reconcile). */
async function readings(db: DatabaseSync, acct: number, model: Flows): Promise<Record<string, Flows>> {
  // `from: 0` selects every row but is not the whole history: it is answered from the rows (flows(), assetFlows).
  const rows: HistoryFilter = { from: 0 };
  const sums = indexSums(db, acct);
  const balances = [...model.entries()].map(([key, f]) => ({
    asset: key,
    amount: formatAmount(f.in - f.out - f.fees),
  }));
  const reconciliation = reconcile({
    account: ME,
    sums,
    balances,
    partial: null,
    completeFromLedger: null,
    lastModifiedLedger: null,
    newerOnServer: false,
    genesisBalance: null,
    checkedAt: new Date(0).toISOString(),
  });
  expect(reconciliation.lines.filter((l) => l.status !== 'reconciled')).toEqual([]);
  return {
    'totals by asset, whole history (roll_day)': flowsOf(totalsBy(db, acct, {}, 'asset', 100)),
    'totals by asset, from the rows (assetFlows)': flowsOf(totalsBy(db, acct, rows, 'asset', 100)),
    'totals by day, whole history (roll_day)': overDays(db, acct, {}),
    'totals by day, from the rows (flows())': overDays(db, acct, rows),
    'totals by week, from the rows (flows())': flowsOf(totalsBy(db, acct, rows, 'week', 0)),
    'summary, whole history': flowsOf(
      queryPage(db, acct, { filter: {}, sort: 'time', limit: 1, summary: true }).summary!.totals,
    ),
    'summary, from the rows': flowsOf(
      queryPage(db, acct, { filter: rows, sort: 'time', limit: 1, summary: true }).summary!.totals,
    ),
    'column CSV export': await exportFlows(db, acct, {}),
    'reconciliation sums (indexSums)': flowsOf(sums.assets.map((a) => ({ ...a, count: a.legs }))),
    'reconciliation lines': flowsOf(reconciliation.lines.map((l) => ({ ...l, count: l.legs }))),
  };
}

describe('one reading of an index row (issue #35.2)', () => {
  it('totals, summary, export rows and reconciliation agree with each other and with the operations, per asset, to the stroop', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(txArb, { minLength: 0, maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        async (txs, cuts) => {
          const { records, model } = recordsOf(historyOf(txs));
          const { db, acct } = indexOf(records, cuts);
          try {
            const want = plain(model);
            for (const [name, flows] of Object.entries(await readings(db, acct, model)))
              expect([name, plain(flows)]).toEqual([name, want]);
            // Every leg here has another party (a further leg's own, else its row's); fees have none.
            const byParty = totalsBy(db, acct, {}, 'counterparty', 10_000);
            expect(byParty).toEqual(totalsBy(db, acct, { from: 0 }, 'counterparty', 10_000));
            const noFees = new Map([...model].map(([key, f]) => [key, { ...f, fees: 0n }]));
            expect(plain(flowsOf(byParty))).toEqual(plain(noFees));
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads a payment to itself as an in-leg and an out-leg everywhere, and one to another account as an out-leg only', async () => {
    // The same payment, its destination toggled: the account itself, then another account.
    for (const to of [ME, A]) {
      const payment: OpSpec = { kind: 'payment', from: ME, to, asset: USD, amount: 50_000_000n };
      const tx: TxSpec = { payer: 'source', fee: 100n, successful: true, ops: [payment], gap: 1 };
      const { records, model } = recordsOf(historyOf([tx]));
      const usd = model.get(USD)!;
      expect([usd.in, usd.out, usd.legs]).toEqual(to === ME ? [50_000_000n, 50_000_000n, 2] : [0n, 50_000_000n, 1]);
      const { db, acct } = indexOf(records, []);
      try {
        for (const [name, flows] of Object.entries(await readings(db, acct, model)))
          expect([name, plain(flows)]).toEqual([name, plain(model)]);
      } finally {
        db.close();
      }
    }
  });
});

describe('a migrated row without its stored page (rederive.ts, query.ts indexRowOf)', () => {
  it('is summed from its columns as a fresh row is, its fee unknown', () => {
    fc.assert(
      fc.property(fc.array(txArb, { minLength: 1, maxLength: 12 }), (txs) => {
        // Pool deposits' further legs live only in their records: without a page, only the columns' two are left.
        const plainTxs = txs.map((tx) => ({ ...tx, ops: tx.ops.filter((op) => op.kind !== 'deposit') }));
        const { records, model } = recordsOf(historyOf(plainTxs.filter((tx) => tx.ops.length > 0)));
        const path = join(dir, `m${files++}.sqlite`);
        let db = openIndex(path);
        const writer = new IndexWriter(db);
        writer.ingestPage(ME, JSON.stringify({ _embedded: { records } }));
        writer.commit();
        const acct = writer.account(ME).acct;
        // A file of version 9 whose rows were written before their pages were kept (schema 5).
        db.exec('UPDATE ops SET page = NULL, slot = NULL; PRAGMA user_version = 9;');
        db.close();
        db = openIndex(path);
        try {
          const sums = indexSums(db, acct);
          const rows = db.prepare('SELECT count(*) AS n FROM ops').get() as { n: number };
          const got = flowsOf(sums.assets.map((a) => ({ ...a, count: a.legs })));
          // Every fee's payer is unknown now (the columns do not say it): counted, not charged.
          flowOf(model, 'native').fees = 0n;
          expect(plain(got)).toEqual(plain(model));
          expect(sums.assets.find((a) => a.asset === 'native')?.nofee).toBe(Number(rows.n));
        } finally {
          db.close();
        }
      }),
      { numRuns: 40 },
    );
  });
});
