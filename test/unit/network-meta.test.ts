// The local core records what a real core records (network/validator/meta.ts): each transaction's
// fee changes and TransactionMetaV4, real XDR that @stellar/stellar-base decodes. Held to the same
// readers real public-network ledgers are held to (core/sources/ledger-meta/): on a generated
// history of every operation type, per transaction, account and asset, the CAP-67 events add up to
// the balance changes the entry changes record; over the whole history, those changes add up to
// the balances the store holds (the genesis account's supply apart); failed transactions record
// their fee and sequence number and no operation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair, xdr } from '@stellar/stellar-base';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  AssetContracts,
  readAssetEvent,
  netOfEvents,
  type AssetEvent,
} from '../../core/sources/ledger-meta/asset-events';
import { entryBalances, netOfEntries } from '../../core/sources/ledger-meta/entry-balances';
import { generateHistory } from '../../network/demo-generator/generate';
import { openStore, storePath } from '../../network/store/db';
import { planEvents } from '../../network/validator/meta';
import { feeMetaBytes, resultMetaBytes } from '../../network/validator/meta-writer';
import { LedgerCloser, type BuiltLedger } from '../../network/validator/ledger';
import { referenceFeeMeta, referenceResultMeta } from '../support/meta-reference';
import { creditAsset, type Envelope, type Memo, NETWORK_PASSPHRASE, TOTAL_SUPPLY } from '../../network/validator/model';
import { CoreNode } from '../../network/validator/node';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const LOCAL = new AssetContracts(NETWORK_PASSPHRASE);

interface Row {
  id: bigint;
  hash: string;
  successful: bigint;
  operation_count: bigint;
  fee_account: string;
  fee_charged: bigint;
  fee_meta: Uint8Array;
  result_meta: Uint8Array;
}

/** A history of every operation type, generated in process from `seed`, with every applied transaction's plan. */
function generated(seed: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-meta-'));
  dirs.push(dir);
  const db = openStore(storePath(dir));
  const core = new CoreNode(db, { startLedger: 60_000_000, maxQueue: 10, genesisTime: 1_790_000_000n });
  // Every applied transaction's plan, caught on its way to the store, for the byte-for-byte comparison.
  const built: BuiltLedger[] = [];
  const write = LedgerCloser.prototype.write;
  const spy = vi.spyOn(LedgerCloser.prototype, 'write').mockImplementation(function (this: LedgerCloser, ledger) {
    built.push(ledger);
    write.call(this, ledger);
  });
  try {
    generateHistory(core, { historyOps: 1500, accounts: 5, seed, dataDir: dir, sign: false });
  } finally {
    spy.mockRestore();
  }
  const rows = db
    .prepare(
      `SELECT t.id, t.hash, t.successful, t.operation_count, t.fee_account, t.fee_charged, m.fee_meta, m.result_meta
       FROM transactions t JOIN transaction_meta m ON m.transaction_id = t.id ORDER BY t.id`,
    )
    .all() as unknown as Row[];
  return { seed, db, core, built, rows };
}

/** The fee's LedgerEntryChanges as Horizon's fee_meta_xdr carries them. */
function changesOf(bytes: Uint8Array): xdr.LedgerEntryChange[] {
  const type = xdr.LedgerEntryChanges as unknown as { fromXDR(input: Buffer): xdr.LedgerEntryChange[] };
  return type.fromXDR(Buffer.from(bytes));
}

function metaOf(row: Row) {
  const meta = xdr.TransactionMeta.fromXDR(Buffer.from(row.result_meta));
  expect(meta.switch()).toBe(4);
  return meta.v4();
}

const nonZero = (net: Map<string, bigint>) => new Map([...net].filter(([, v]) => v !== 0n));

// Three histories of three seeds: each a different random mix of every operation type.
describe.each(['meta', 'second', 'third'].map(generated))(
  'the local core’s transaction meta (seed $seed)',
  ({ db, core, built, rows }) => {
    it('is recorded for every transaction of a generated history, every operation type among them', () => {
      const transactions = db.prepare('SELECT count(*) AS c FROM transactions').get() as { c: bigint };
      expect(rows.length).toBe(Number(transactions.c));
      expect(rows.length).toBeGreaterThan(300);
      const types = db.prepare('SELECT DISTINCT type FROM operations WHERE successful = 1 ORDER BY type').all();
      expect(types.map((t) => Number(t.type))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });

    it('is written byte for byte as @stellar/stellar-base writes it, for every transaction', () => {
      const applied = built.flatMap((ledger) => ledger.applied);
      expect(applied.length).toBe(rows.length);
      for (const tx of applied) {
        expect(feeMetaBytes(tx.plan).toString('base64'), tx.env.hash).toBe(referenceFeeMeta(tx.plan));
        expect(resultMetaBytes(tx.plan).toString('base64'), tx.env.hash).toBe(referenceResultMeta(tx.plan));
      }
      // Every kind of entry change and memo the writer knows was among them.
      const metas = applied.map((tx) => xdr.TransactionMeta.fromXDR(tx.resultMeta).v4());
      const changeKinds = new Set(
        metas.flatMap((m) => m.operations().flatMap((op) => op.changes().map((c) => c.switch().name))),
      );
      expect([...changeKinds].sort()).toEqual([
        'ledgerEntryCreated',
        'ledgerEntryRemoved',
        'ledgerEntryState',
        'ledgerEntryUpdated',
      ]);
      const entryKinds = new Set(
        metas
          .flatMap((m) =>
            m
              .operations()
              .flatMap((op) =>
                op
                  .changes()
                  .flatMap((c) => (c.switch().name === 'ledgerEntryRemoved' ? [] : [c.value() as xdr.LedgerEntry])),
              ),
          )
          .map((entry) => entry.data().switch().name),
      );
      expect([...entryKinds].sort()).toEqual(['account', 'claimableBalance', 'data', 'liquidityPool', 'trustline']);
    });

    it('per transaction, account and asset: its events add up to its balance changes, its fee event to its fee changes', () => {
      const kinds = new Set<string>();
      for (const row of rows) {
        const v4 = metaOf(row);
        const events = [...v4.events().map((e) => e.event()), ...v4.operations().flatMap((op) => op.events())]
          .map((event) => readAssetEvent(event, LOCAL))
          .filter((event): event is AssetEvent => event !== null);
        for (const event of events) kinds.add(event.kind);
        const lists = [changesOf(row.fee_meta), v4.txChangesBefore(), ...v4.operations().map((op) => op.changes())];
        const fromEntries = new Map<string, bigint>();
        for (const list of lists)
          for (const [key, change] of netOfEntries(entryBalances([list])))
            if (!key.includes('|pool:')) fromEntries.set(key, (fromEntries.get(key) ?? 0n) + change);
        expect(Object.fromEntries(nonZero(onlyAccounts(netOfEvents(events)))), row.hash).toEqual(
          Object.fromEntries(nonZero(fromEntries)),
        );
        const fee = v4.events().map((e) => readAssetEvent(e.event(), LOCAL)!);
        expect(fee.map((f) => [f.kind, f.from, f.stroops])).toEqual([['fee', row.fee_account, row.fee_charged]]);
        if (!row.successful) expect(v4.operations()).toEqual([]);
        else expect(v4.operations()).toHaveLength(Number(row.operation_count));
      }
      // The demo history never pays an issuer: a burn is held by the test of the events' rules below.
      expect([...kinds].sort()).toEqual(['fee', 'mint', 'transfer']);
    });

    it('over the whole history, the balance changes add up to the balances the store holds', () => {
      const total = new Map<string, bigint>();
      for (const row of rows) {
        const v4 = metaOf(row);
        for (const list of [
          changesOf(row.fee_meta),
          v4.txChangesBefore(),
          ...v4.operations().map((op) => op.changes()),
        ])
          for (const [key, change] of netOfEntries(entryBalances([list])))
            total.set(key, (total.get(key) ?? 0n) + change);
      }
      const held = new Map<string, bigint>();
      for (const a of db.prepare('SELECT id, balance FROM accounts').all())
        held.set(`${a.id}|native`, a.balance as bigint);
      for (const t of db.prepare('SELECT account, asset, pool_id, balance FROM trustlines').all())
        held.set(`${t.account}|${t.pool_id ? `pool:${t.pool_id}` : t.asset}`, t.balance as bigint);
      const root = core.root.publicKey();
      held.set(`${root}|native`, (held.get(`${root}|native`) ?? 0n) - TOTAL_SUPPLY);
      expect(Object.fromEntries(nonZero(total))).toEqual(Object.fromEntries(nonZero(held)));
    });
  },
);

describe('the asset events of an operation (CAP-67)', () => {
  const issuer = Keypair.random().publicKey();
  const alice = Keypair.random().publicKey();
  const bob = Keypair.random().publicKey();
  const usd = creditAsset('USD', issuer);
  const envWith = (memo: Memo) => ({ tx: { memo } }) as unknown as Envelope;
  const none = () => ({ accounts: [], trustlines: [], balances: [], pools: [], data: [] });
  /** Planned, written, read back: what a reader of the meta sees (and the writer agrees with stellar-base). */
  const written = (events: ReturnType<typeof planEvents>) => {
    const plan = {
      ledger: 7,
      fee: none(),
      before: none(),
      operations: [{ changes: none(), events }],
      feePayer: alice,
      feeCharged: 100n,
    };
    expect(resultMetaBytes(plan).toString('base64')).toBe(referenceResultMeta(plan));
    const meta = xdr.TransactionMeta.fromXDR(resultMetaBytes(plan)).v4();
    return meta
      .operations()[0]!
      .events()
      .map((event) => readAssetEvent(event, LOCAL)!);
  };
  const pay = (from: string, to: string, memo: Memo = { type: 'none' }) =>
    written(
      planEvents(envWith(memo), { body: { type: 'payment', destination: to, asset: usd, amount: 5n } }, from, {}),
    );

  it('a payment is a transfer, a mint from its issuer, a burn to it, a transfer when the issuer pays itself', () => {
    expect(pay(alice, bob)).toEqual([expect.objectContaining({ kind: 'transfer', from: alice, to: bob, stroops: 5n })]);
    expect(pay(issuer, bob)).toEqual([expect.objectContaining({ kind: 'mint', to: bob, stroops: 5n })]);
    expect(pay(alice, issuer)).toEqual([expect.objectContaining({ kind: 'burn', from: alice, stroops: 5n })]);
    expect(pay(issuer, issuer)).toEqual([expect.objectContaining({ kind: 'transfer', from: issuer, to: issuer })]);
  });

  it("the transaction's memo goes to an account's transfer as its muxed id, never to a claimable balance's", () => {
    expect(pay(alice, bob, { type: 'id', value: 42n })[0]!.toMuxedId).toBe('42');
    expect(pay(alice, bob, { type: 'text', value: 'inv 7' })[0]!.toMuxedId).toBe('inv 7');
    expect(pay(alice, bob, { type: 'hash', value: Buffer.alloc(32, 1) })[0]!.toMuxedId).toBe('01'.repeat(32));
    expect(pay(alice, issuer, { type: 'id', value: 42n })[0]!.toMuxedId).toBeUndefined();
    const balanceId = `00000000${'ab'.repeat(32)}`;
    const [toBalance] = written(
      planEvents(
        envWith({ type: 'id', value: 42n }),
        { body: { type: 'create_claimable_balance', asset: usd, amount: 3n, claimants: [] } },
        alice,
        { balanceId },
      ),
    );
    expect(toBalance).toMatchObject({ kind: 'transfer', from: alice, stroops: 3n });
    expect(toBalance!.to).toMatch(/^B/);
    expect(toBalance!.toMuxedId).toBeUndefined();
  });
});

function onlyAccounts(net: Map<string, bigint>): Map<string, bigint> {
  return new Map([...net].filter(([key]) => key.startsWith('G')));
}
