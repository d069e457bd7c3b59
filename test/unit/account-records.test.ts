// One ledger's records of one account from its close meta (core/sources/ledger-meta/account-records.ts,
// issue 39.2): what the account's operations, transactions and trades listings hold of the ledger,
// and its balances before and after. Against real public-network ledgers (skips, saying why, where
// ../shared/fixtures is absent): for accounts the ledger changed, what its records say moved (the
// moves of its operations, the fees it paid, its trades) adds up, per asset, to what its entries
// record, to the stroop.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import { Account, Asset, Keypair, Networks, Operation, TransactionBuilder, xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../shared/amount';
import { movedAssetKey, movesOf } from '../../shared/moves';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { accountRecords, type AccountLedgerRecords } from '../../core/sources/ledger-meta/account-records';
import { AssetContracts } from '../../core/sources/ledger-meta/asset-events';
import { CloseMetaError, transactionsOf } from '../../core/sources/ledger-meta/close-meta';
import { entryBalances } from '../../core/sources/ledger-meta/entry-balances';
import { feeRowOf, tradeOf } from '../../core/history-index/worker-thread/side-records';
import { realFixtures } from '../support/real-fixtures';

const DIR = realFixtures('ledger-meta-real');
const PUBNET = new AssetContracts(Networks.PUBLIC);

function gz(sequence: number): xdr.LedgerCloseMeta {
  return xdr.LedgerCloseMeta.fromXDR(gunzipSync(readFileSync(join(DIR!, `ledger-${sequence}.xdr.gz`))));
}
function v3Batch(): xdr.LedgerCloseMeta {
  return xdr.LedgerCloseMetaBatch.fromXDR(
    zstdDecompressSync(readFileSync(join(DIR!, 'FCD285FF--53312000.xdr.zstd'))),
  ).ledgerCloseMeta()[0]!;
}

/**
 * What the records say moved for `account`, per asset: its operations' moves (the one reading,
 * shared/moves.ts, from its side), the fees it paid, and its trades (as the index adds them:
 * side-writer.ts, but for the trades its own path payment took, already in that operation's moves).
 */
export function movedByRecords(records: AccountLedgerRecords, account: string): Map<string, bigint> {
  const net = new Map<string, bigint>();
  const add = (asset: string, stroops: bigint) => net.set(asset, (net.get(asset) ?? 0n) + stroops);
  const types = new Map<string, string>();
  for (const record of records.operations) {
    const op = normalizeOperation(record, { viewer: account, raw: null });
    types.set(op.id, op.type);
    for (const leg of movesOf(op, account).legs) {
      if (leg.amount === undefined) throw new Error(`operation ${op.id}: a leg without an amount`);
      add(movedAssetKey(leg.asset), leg.side === 'in' ? parseAmount(leg.amount) : -parseAmount(leg.amount));
    }
  }
  for (const tx of records.transactions)
    if (tx['fee_account'] === account) add('native', -BigInt(String(tx['fee_charged'])));
  for (const trade of records.trades) {
    const fill = tradeOf(trade, account)!;
    if (fill.taker && types.get(String(fill.opId))?.startsWith('path_payment')) continue;
    add(fill.legs[0].asset, -fill.legs[0].amount!);
    add(fill.legs[1].asset, fill.legs[1].amount!);
  }
  for (const [asset, stroops] of net) if (stroops === 0n) net.delete(asset);
  return net;
}

const recorded = (records: AccountLedgerRecords) =>
  new Map(
    records.balances
      .map((b) => [b.asset, BigInt(b.after) - BigInt(b.before)] as const)
      .filter(([, change]) => change !== 0n),
  );

/** Every account whose balance the ledger's entry changes touched. */
function accountsChanged(lcm: xdr.LedgerCloseMeta): string[] {
  const txs = transactionsOf(lcm);
  const lists = [
    ...txs.map((tx) => tx.feeChanges),
    ...txs.flatMap((tx) => [tx.changesBefore, ...tx.operations.map((op) => op.changes), tx.changesAfter]),
    ...txs.map((tx) => tx.postFeeChanges),
  ];
  return [
    ...new Set([...entryBalances(lists).values()].filter((b) => b.before !== b.after).map((b) => b.account)),
  ].sort();
}

/** A map's entries as sorted text, for comparison and messages. */
const shown = (net: Map<string, bigint>) =>
  JSON.stringify(Object.fromEntries([...net].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, String(v)])));

/**
 * Accounts read per ledger, evenly spread: 40 (about 5 s for the six ledgers); every one (1,805
 * accounts, about 30 s, all equal when written) with LEDGERSCOPE_ALL_ACCOUNTS=1.
 */
const SAMPLE = process.env['LEDGERSCOPE_ALL_ACCOUNTS'] === '1' ? Infinity : 40;

describe.skipIf(!DIR)('an account read from real public ledgers (meta v4 with events, and v3 without)', () => {
  const cases: [string, () => xdr.LedgerCloseMeta][] = [
    ...[51000294, 57500008, 63092988, 63092990, 63092996].map((sequence): [string, () => xdr.LedgerCloseMeta] => [
      `ledger ${sequence} (meta v4)`,
      () => gz(sequence),
    ]),
    ['ledger 53312000 (protocol 21, meta v3, a lake batch)', v3Batch],
  ];
  it.each(cases)(
    '%s: for every account it changed, its records’ moves, fees and trades equal its balances’ changes, per asset',
    (_name, load) => {
      const lcm = load();
      const changed = accountsChanged(lcm);
      expect(changed.length).toBeGreaterThan(50);
      const step = Math.max(1, Math.ceil(changed.length / SAMPLE));
      const accounts = changed.filter((_a, i) => i % step === 0);
      expect(accounts.length).toBeGreaterThanOrEqual(Math.min(SAMPLE, changed.length) / 2);
      const mismatches: string[] = [];
      let trades = 0;
      for (const account of accounts) {
        const records = accountRecords(lcm, account, PUBNET)!;
        expect(records, account).not.toBeNull();
        trades += records.trades.length;
        // Plain JSON, as a worker thread's structured clone carries it: no bigint, no XDR object.
        expect(JSON.parse(JSON.stringify(records))).toEqual(records);
        // An issuer holds no balance of its own asset: what it sends is minted, what it receives burnt.
        const moved = new Map(
          [...movedByRecords(records, account)].filter(([asset]) => !asset.endsWith(`:${account}`)),
        );
        const [fromRecords, fromEntries] = [shown(moved), shown(recorded(records))];
        if (fromRecords !== fromEntries)
          mismatches.push(
            `${account}: records ${fromRecords}, entries ${fromEntries}; operations ${records.operations.map((o) => String(o['type'])).join(',')}`,
          );
      }
      console.log(`${_name}: ${accounts.length} accounts, ${trades} trades, ${mismatches.length} mismatches`);
      expect(mismatches).toEqual([]);
    },
  );
});

/** A one-transaction ledger (close meta v0): `payer` fee-bumps `source`'s payment of 5 XLM to `to`. */
function feeBumpLedger(payer: Keypair, source: Keypair, to: Keypair, withEnvelope = true) {
  const passphrase = Networks.TESTNET;
  const inner = new TransactionBuilder(new Account(source.publicKey(), '100'), {
    fee: '100',
    networkPassphrase: passphrase,
  })
    .addOperation(Operation.payment({ destination: to.publicKey(), asset: Asset.native(), amount: '5' }))
    .setTimeout(0)
    .build();
  inner.sign(source);
  const bump = TransactionBuilder.buildFeeBumpTransaction(payer, '400', inner, passphrase);
  bump.sign(payer);
  const envelope = bump.toEnvelope();
  const hash = bump.hash();
  const FEE = 200n;
  const entry = (who: Keypair, balance: bigint) =>
    new xdr.LedgerEntry({
      lastModifiedLedgerSeq: 7,
      data: xdr.LedgerEntryData.account(
        new xdr.AccountEntry({
          accountId: xdr.PublicKey.publicKeyTypeEd25519(who.rawPublicKey()),
          balance: new xdr.Int64(balance),
          seqNum: new xdr.Int64(100n),
          numSubEntries: 0,
          inflationDest: null,
          flags: 0,
          homeDomain: '',
          thresholds: Buffer.from([1, 0, 0, 0]),
          signers: [],
          ext: new xdr.AccountEntryExt(0),
        }),
      ),
      ext: new xdr.LedgerEntryExt(0),
    });
  const moved = (who: Keypair, from: bigint, to: bigint) => [
    xdr.LedgerEntryChange.ledgerEntryState(entry(who, from)),
    xdr.LedgerEntryChange.ledgerEntryUpdated(entry(who, to)),
  ];
  const opResult = xdr.OperationResult.opInner(xdr.OperationResultTr.payment(xdr.PaymentResult.paymentSuccess()));
  const innerResult = new xdr.InnerTransactionResult({
    feeCharged: new xdr.Int64(100n),
    result: xdr.InnerTransactionResultResult.txSuccess([opResult]),
    ext: new xdr.InnerTransactionResultExt(0),
  });
  const result = new xdr.TransactionResult({
    feeCharged: new xdr.Int64(FEE),
    result: xdr.TransactionResultResult.txFeeBumpInnerSuccess(
      new xdr.InnerTransactionResultPair({ transactionHash: inner.hash(), result: innerResult }),
    ),
    ext: new xdr.TransactionResultExt(0),
  });
  const XLM = 10_000_000n;
  const meta = new xdr.TransactionMeta(
    2,
    new xdr.TransactionMetaV2({
      txChangesBefore: [],
      operations: [
        new xdr.OperationMeta({
          changes: [...moved(source, 100n * XLM, 95n * XLM), ...moved(to, 10n * XLM, 15n * XLM)],
        }),
      ],
      txChangesAfter: [],
    }),
  );
  const header = new xdr.LedgerHeader({
    ledgerVersion: 21,
    previousLedgerHash: Buffer.alloc(32),
    scpValue: new xdr.StellarValue({
      txSetHash: Buffer.alloc(32),
      closeTime: new xdr.Uint64(1_700_000_000n),
      upgrades: [],
      ext: xdr.StellarValueExt.stellarValueBasic(),
    }),
    txSetResultHash: Buffer.alloc(32),
    bucketListHash: Buffer.alloc(32),
    ledgerSeq: 8,
    totalCoins: new xdr.Int64(0n),
    feePool: new xdr.Int64(0n),
    inflationSeq: 0,
    idPool: new xdr.Uint64(0n),
    baseFee: 100,
    baseReserve: 5_000_000,
    maxTxSetSize: 100,
    skipList: [Buffer.alloc(32), Buffer.alloc(32), Buffer.alloc(32), Buffer.alloc(32)],
    ext: new xdr.LedgerHeaderExt(0),
  });
  const lcm = new xdr.LedgerCloseMeta(
    0,
    new xdr.LedgerCloseMetaV0({
      ledgerHeader: new xdr.LedgerHeaderHistoryEntry({
        hash: Buffer.alloc(32),
        header,
        ext: new xdr.LedgerHeaderHistoryEntryExt(0),
      }),
      txSet: new xdr.TransactionSet({ previousLedgerHash: Buffer.alloc(32), txes: withEnvelope ? [envelope] : [] }),
      txProcessing: [
        new xdr.TransactionResultMeta({
          result: new xdr.TransactionResultPair({ transactionHash: hash, result }),
          feeProcessing: moved(payer, 50n * XLM, 50n * XLM - FEE),
          txApplyProcessing: meta,
        }),
      ],
      upgradesProcessing: [],
      scpInfo: [],
    }),
  );
  return {
    lcm,
    contracts: new AssetContracts(passphrase),
    hash: hash.toString('hex'),
    innerHash: inner.hash().toString('hex'),
    fee: FEE,
  };
}

describe('one ledger of one account (a fee bump, built here)', () => {
  const [payer, source, to, stranger] = [Keypair.random(), Keypair.random(), Keypair.random(), Keypair.random()];
  const { lcm, contracts, hash, innerHash, fee } = feeBumpLedger(payer, source, to);

  it('says which ledger it cannot read: a transaction set without the envelope of a result', () => {
    const broken = feeBumpLedger(payer, source, to, false);
    for (const who of [payer, stranger])
      expect(() => accountRecords(broken.lcm, who.publicKey(), broken.contracts)).toThrow(
        new CloseMetaError('ledger 8: its transaction set holds 0 transactions, its results 1'),
      );
  });

  it('is null for an account the ledger neither names nor changed', () => {
    expect(accountRecords(lcm, stranger.publicKey(), contracts)).toBeNull();
  });

  it('lists the fee-bump transaction for its fee payer, as a fee row it paid, with no operation of its own', () => {
    const records = accountRecords(lcm, payer.publicKey(), contracts)!;
    expect(records).toMatchObject({ ledger: 8, closeTime: 1_700_000_000, operations: [], trades: [] });
    expect(records.transactions).toHaveLength(1);
    expect(records.transactions[0]).toMatchObject({
      hash,
      source_account: source.publicKey(),
      fee_account: payer.publicKey(),
      fee_charged: String(fee),
      successful: true,
      fee_bump_transaction: { hash },
      inner_transaction: { hash: innerHash, max_fee: '100' },
    });
    const row = feeRowOf(records.transactions[0]!, payer.publicKey())!;
    expect(row).toMatchObject({ fee, feeAccount: payer.publicKey(), counterparty: source.publicKey() });
    expect(records.balances).toEqual([{ asset: 'native', before: '500000000', after: String(500000000n - fee) }]);
    expect(JSON.parse(JSON.stringify(records))).toEqual(records); // plain JSON, for a worker's structured clone
  });

  it("lists the inner source's payment with its transaction joined (the fee bump's payer named), and no fee row for it", () => {
    const records = accountRecords(lcm, source.publicKey(), contracts)!;
    expect(records.operations).toHaveLength(1);
    expect(records.operations[0]).toMatchObject({
      type: 'payment',
      from: source.publicKey(),
      to: to.publicKey(),
      amount: '5.0000000',
      transaction_hash: hash,
      transaction: { hash, fee_account: payer.publicKey() },
    });
    expect(feeRowOf(records.transactions[0]!, source.publicKey())).toBeNull();
    expect(records.balances).toEqual([{ asset: 'native', before: '1000000000', after: '950000000' }]);
    // The receiver: the payment is its operation too (Horizon's participants), the transaction one it lists.
    const received = accountRecords(lcm, to.publicKey(), contracts)!;
    expect(received.operations.map((r) => r['id'])).toEqual(records.operations.map((r) => r['id']));
    expect(received.transactions.map((r) => r['hash'])).toEqual([hash]);
  });
});

const HORIZON = realFixtures('horizon-real');

describe.skipIf(!DIR || !HORIZON)('trade records in Horizon’s shape (real Horizon trades, real pubnet ledgers)', () => {
  it('an order-book and a pool trade read from the ledgers have exactly the fields of Horizon’s (its links aside), and price n/d as text', () => {
    // A credit asset's code and issuer are named where the asset is one (the fixtures' base is XLM).
    const credit = (key: string) => /_asset_(code|issuer)$/.test(key);
    const keys = (record: Record<string, unknown>) =>
      Object.keys(record)
        .filter((key) => !credit(key))
        .sort();
    const horizon = (name: string) =>
      Object.keys(JSON.parse(readFileSync(join(HORIZON!, 'java-sdk', name), 'utf8')) as object)
        .filter((key) => key !== '_links' && !credit(key))
        .sort();
    const lcm = gz(51000294);
    const seen = new Map<string, Record<string, unknown>>();
    for (const account of accountsChanged(lcm)) {
      for (const trade of accountRecords(lcm, account, PUBNET)!.trades) {
        const kind = `${String(trade['trade_type'])}:${'base_liquidity_pool_id' in trade ? 'base' : 'counter'}`;
        if (!seen.has(kind)) seen.set(kind, trade);
      }
      if (seen.size >= 2 && [...seen.keys()].some((k) => k.startsWith('liquidity_pool'))) break;
    }
    const orderbook = seen.get('orderbook:counter')!;
    expect(keys(orderbook)).toEqual(horizon('trade_orderbook.json'));
    const pool = [...seen].find(([kind]) => kind.startsWith('liquidity_pool'))![1];
    const shape = horizon('trade_liquidity_pool.json');
    // The fixture's pool is the counter side; where the ledger's pool is the base, the names swap.
    const expected =
      'base_liquidity_pool_id' in pool
        ? shape
            .map((k) =>
              k.replace(/^counter_liquidity/, 'base_liquidity').replace(/^base_(offer_id|account)$/, 'counter_$1'),
            )
            .sort()
        : shape;
    expect(keys(pool)).toEqual(expected);
    for (const trade of [orderbook, pool])
      expect(trade['price']).toEqual({ n: expect.stringMatching(/^\d+$/), d: expect.stringMatching(/^[1-9]\d*$/) });
  });
});
