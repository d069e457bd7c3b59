// An account's records read from a batch's bytes, decoding only the transactions that hold its key
// bytes (core/sources/ledger-meta/batch-records.ts, the lake scan's path for an object that holds
// them): exactly the records of the whole decode (accountRecords), for every account real public
// ledgers changed and accounts they only name (meta v2 to v4, close meta v0 to v2, fee bumps,
// Soroban; skips, saying why, where ../shared/fixtures is absent); and never a record where the
// whole decode refuses the bytes (a bad value anywhere, even in a transaction of no concern to the
// account, leaves the answer to the whole decode).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import { Keypair, Networks, StrKey, TransactionBuilder, xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../../shared/json';
import { accountRecords } from '../../core/sources/ledger-meta/account-records';
import { AssetContracts } from '../../core/sources/ledger-meta/asset-events';
import { batchRecords } from '../../core/sources/ledger-meta/batch-records';
import { transactionsOf } from '../../core/sources/ledger-meta/close-meta';
import { entryBalances } from '../../core/sources/ledger-meta/entry-balances';
import { operationParticipants } from '../../core/sources/ledger-meta/participants';
import { envelopesOf } from '../../core/sources/ledger-meta/tx-set';
import { realFixtures } from '../support/real-fixtures';

const DIR = realFixtures('ledger-meta-real');
const PUBNET = new AssetContracts(Networks.PUBLIC);
/** The load-test ledgers were closed by a standalone network. */
const STANDALONE = new AssetContracts('Standalone Network ; February 2017');

/** A LedgerCloseMetaBatch of one ledger, as a lake object holds it. */
function batchOfOne(lcm: Buffer, sequence: number): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt32BE(sequence, 0);
  head.writeUInt32BE(sequence, 4);
  head.writeUInt32BE(1, 8);
  return Buffer.concat([head, lcm]);
}

interface Case {
  name: string;
  raw: Buffer;
  contracts: AssetContracts;
}

function cases(): Case[] {
  const gz = [51000294, 57500008, 63092988, 63092990, 63092996].map((sequence) => ({
    name: `ledger ${sequence} (close meta v1, meta v4)`,
    raw: batchOfOne(gunzipSync(readFileSync(join(DIR!, `ledger-${sequence}.xdr.gz`))), sequence),
    contracts: PUBNET,
  }));
  const lake = {
    name: 'ledger 53312000 (protocol 21, meta v3, a lake batch)',
    raw: zstdDecompressSync(readFileSync(join(DIR!, 'FCD285FF--53312000.xdr.zstd'))),
    contracts: PUBNET,
  };
  // A record-marked stream (RFC 5531: each record after its length, the high bit its last fragment's).
  const stream = zstdDecompressSync(readFileSync(join(DIR!, 'load-test-ledgers-v23-standalone.xdr.zstd')));
  const records: Case[] = [];
  for (let at = 0; at < stream.length;) {
    const length = stream.readUInt32BE(at) & 0x7fffffff;
    const lcm = stream.subarray(at + 4, at + 4 + length);
    const sequence = xdr.LedgerCloseMeta.fromXDR(lcm).value().ledgerHeader().header().ledgerSeq();
    records.push({
      name: `ledger ${sequence} (standalone load test, close meta v2, Soroban)`,
      raw: batchOfOne(lcm, sequence),
      contracts: STANDALONE,
    });
    at += 4 + length;
  }
  return [...gz, lake, ...records];
}

/** Every account whose balance the ledger's entry changes touched, and every other account its envelopes name (sources, destinations, trustors, claimants…). */
function accountsOf(lcm: xdr.LedgerCloseMeta): { changed: string[]; named: string[] } {
  const txs = transactionsOf(lcm);
  const lists = [
    ...txs.map((tx) => tx.feeChanges),
    ...txs.flatMap((tx) => [tx.changesBefore, ...tx.operations.map((op) => op.changes), tx.changesAfter]),
    ...txs.map((tx) => tx.postFeeChanges),
  ];
  const changed = new Set([...entryBalances(lists).values()].filter((b) => b.before !== b.after).map((b) => b.account));
  const named = new Set<string>();
  for (const envelope of envelopesOf(lcm))
    for (const accounts of operationParticipants(envelope, [], []))
      for (const account of accounts) if (!changed.has(account)) named.add(account);
  return { changed: [...changed].sort(), named: [...named].sort() };
}

/** The records of the whole decode, ledger by ledger, as the scan's lines (`metas` the batch decoded, or decoded here). */
function wholeDecode(
  raw: Buffer,
  account: string,
  contracts: AssetContracts,
  metas = xdr.LedgerCloseMetaBatch.fromXDR(raw).ledgerCloseMeta(),
): string {
  return stringifyJson(
    metas.map((lcm) => [lcm.value().ledgerHeader().header().ledgerSeq(), accountRecords(lcm, account, contracts)]),
  );
}

function fast(raw: Buffer, account: string, contracts: AssetContracts): string | null {
  const records = batchRecords(
    raw,
    raw.readUInt32BE(0),
    () => true,
    account,
    StrKey.decodeEd25519PublicKey(account),
    contracts,
  );
  return records && stringifyJson(records);
}

/**
 * Accounts per ledger, evenly spread: 12 changed and 4 only named (a few seconds for the nine
 * ledgers); every one with LEDGERSCOPE_ALL_ACCOUNTS=1.
 */
const ALL = process.env['LEDGERSCOPE_ALL_ACCOUNTS'] === '1';
const spread = (accounts: string[], most: number) => {
  if (ALL) return accounts;
  const step = Math.max(1, Math.ceil(accounts.length / most));
  return accounts.filter((_a, i) => i % step === 0);
};

describe.skipIf(!DIR)('an account read from a batch’s bytes equals the whole decode (real ledgers)', () => {
  it.each(DIR ? cases().map((c) => [c.name, c] as const) : [])(
    '%s',
    (_name, { raw, contracts }) => {
      const lcms = xdr.LedgerCloseMetaBatch.fromXDR(raw).ledgerCloseMeta();
      let changedCount = 0;
      let namedCount = 0;
      let withRecords = 0;
      for (const lcm of lcms) {
        const { changed, named } = accountsOf(lcm);
        const accounts = [...spread(changed, 12), ...spread(named, 4), Keypair.random().publicKey()];
        changedCount += changed.length;
        namedCount += named.length;
        for (const account of accounts) {
          const read = fast(raw, account, contracts);
          // The fast path is taken (null would mean the whole decode answered instead).
          expect(read, account).not.toBeNull();
          expect(read, account).toBe(wholeDecode(raw, account, contracts, lcms));
          if (read!.includes('"closeTime"')) withRecords++;
        }
      }
      console.log(
        `${_name}: ${changedCount} accounts changed, ${namedCount} only named, ${withRecords} read with records`,
      );
      if (changedCount > 0) expect(withRecords).toBeGreaterThan(0);
    },
    ALL ? 600_000 : undefined,
  );
});

describe.skipIf(!DIR)('bytes the whole decode refuses are never read into records', () => {
  it('a bad byte anywhere in a real lake batch: the answer is the whole decode’s, or none (the caller decodes it whole)', () => {
    const raw = zstdDecompressSync(readFileSync(join(DIR!, 'FCD285FF--53312000.xdr.zstd')));
    const lcm = xdr.LedgerCloseMetaBatch.fromXDR(raw).ledgerCloseMeta()[0]!;
    const account = accountsOf(lcm).changed[3]!;
    // A deterministic spread of positions over the whole batch, each byte set to values a reader refuses in most places.
    let refused = 0;
    let answered = 0;
    for (let i = 0; i < 48; i++) {
      const at = 12 + Math.floor(((i * 7919) % 48) * ((raw.length - 12) / 48)) + (i % 4);
      for (const value of [0xff, 0x07]) {
        const bad = Buffer.from(raw);
        bad[at] = value;
        let whole: string | null;
        try {
          whole = wholeDecode(bad, account, PUBNET);
        } catch {
          whole = null;
        }
        let read: string | null;
        try {
          read = fast(bad, account, PUBNET);
        } catch {
          read = null;
        }
        if (whole === null) {
          refused++;
          expect(read, `byte ${at} set to ${value}`).toBeNull();
        } else if (read !== null) {
          answered++;
          expect(read, `byte ${at} set to ${value}`).toBe(whole);
        }
      }
    }
    console.log(`bad bytes: ${refused} refused by the whole decode, ${answered} read the same`);
    expect(refused).toBeGreaterThan(10);
    // Truncated, and with bytes left over: refused.
    expect(fast(raw.subarray(0, raw.length - 4), account, PUBNET)).toBeNull();
    expect(fast(Buffer.concat([raw, Buffer.alloc(4)]), account, PUBNET)).toBeNull();
  });
});

/**
 * A one-ledger batch (close meta v0) of three payments, `account` paying in the middle one and two
 * strangers in the others, each with its result and meta; and where the first stranger's envelope
 * lies in its bytes (none of which hold the account's key).
 */
function threePayments(account: Keypair) {
  const passphrase = Networks.TESTNET;
  const to = Keypair.random();
  const envelopes = [Keypair.random(), account, Keypair.random()].map((source, i) => {
    const tx = new xdr.Transaction({
      sourceAccount: xdr.MuxedAccount.keyTypeEd25519(source.rawPublicKey()),
      fee: 100,
      seqNum: xdr.Int64.fromString(String(i + 1)),
      cond: xdr.Preconditions.precondNone(),
      memo: xdr.Memo.memoText('pay 1'),
      operations: [
        new xdr.Operation({
          sourceAccount: null,
          body: xdr.OperationBody.payment(
            new xdr.PaymentOp({
              destination: xdr.MuxedAccount.keyTypeEd25519(to.rawPublicKey()),
              asset: xdr.Asset.assetTypeNative(),
              amount: xdr.Int64.fromString('10000000'),
            }),
          ),
        }),
      ],
      ext: new xdr.TransactionExt(0),
    });
    return xdr.TransactionEnvelope.envelopeTypeTx(new xdr.TransactionV1Envelope({ tx, signatures: [] }));
  });
  const processing = envelopes.map(
    (envelope) =>
      new xdr.TransactionResultMeta({
        result: new xdr.TransactionResultPair({
          transactionHash: TransactionBuilder.fromXDR(envelope, passphrase).hash(),
          result: new xdr.TransactionResult({
            feeCharged: xdr.Int64.fromString('100'),
            result: xdr.TransactionResultResult.txSuccess([
              xdr.OperationResult.opInner(xdr.OperationResultTr.payment(xdr.PaymentResult.paymentSuccess())),
            ]),
            ext: new xdr.TransactionResultExt(0),
          }),
        }),
        feeProcessing: [],
        txApplyProcessing: new xdr.TransactionMeta(
          2,
          new xdr.TransactionMetaV2({
            txChangesBefore: [],
            operations: [new xdr.OperationMeta({ changes: [] })],
            txChangesAfter: [],
          }),
        ),
      }),
  );
  const header = new xdr.LedgerHeader({
    ledgerVersion: 21,
    previousLedgerHash: Buffer.alloc(32),
    scpValue: new xdr.StellarValue({
      txSetHash: Buffer.alloc(32),
      closeTime: xdr.Uint64.fromString('1700000000'),
      upgrades: [],
      ext: xdr.StellarValueExt.stellarValueBasic(),
    }),
    txSetResultHash: Buffer.alloc(32),
    bucketListHash: Buffer.alloc(32),
    ledgerSeq: 8,
    totalCoins: xdr.Int64.fromString('0'),
    feePool: xdr.Int64.fromString('0'),
    inflationSeq: 0,
    idPool: xdr.Uint64.fromString('0'),
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
      txSet: new xdr.TransactionSet({ previousLedgerHash: Buffer.alloc(32), txes: envelopes }),
      txProcessing: processing,
      upgradesProcessing: [],
      scpInfo: [],
    }),
  );
  const raw = batchOfOne(lcm.toXDR(), 8);
  const stranger = raw.indexOf(envelopes[0]!.toXDR());
  return { raw, stranger, contracts: new AssetContracts(passphrase) };
}

describe('a value the decoder refuses, in a transaction of no concern to the account, is never read past', () => {
  const account = Keypair.random();
  const { raw, stranger, contracts } = threePayments(account);
  // Where the first stranger's envelope holds each value (envelope type 4, source 36, fee 4, sequence 8, preconditions 4).
  const MEMO = stranger + 4 + 36 + 4 + 8 + 4;
  const MEMO_TEXT = MEMO + 4;
  const OP_SOURCE = MEMO_TEXT + 4 + 8 + 4;
  const SIGNATURES = OP_SOURCE + 4 + 4 + 36 + 4 + 8 + 4;
  const broken = (at: number, value: number, width = 4) => {
    const bytes = Buffer.from(raw);
    if (width === 4) bytes.writeUInt32BE(value, at);
    else bytes[at] = value;
    return bytes;
  };

  it('reads the intact batch as the whole decode does (the account named, the strangers not)', () => {
    expect(stranger).toBeGreaterThan(0);
    const read = fast(raw, account.publicKey(), contracts);
    expect(read).not.toBeNull();
    expect(read).toBe(wholeDecode(raw, account.publicKey(), contracts));
    expect(read).toContain('"transactions":[{');
    // The offsets below are where this envelope holds its values.
    expect(raw.readUInt32BE(MEMO)).toBe(1);
    expect(raw.toString('latin1', MEMO_TEXT + 4, MEMO_TEXT + 9)).toBe('pay 1');
    expect(raw.readUInt32BE(OP_SOURCE)).toBe(0);
    expect(raw.readUInt32BE(SIGNATURES)).toBe(0);
  });

  it.each([
    ['an optional value’s flag neither 0 nor 1 (a bool)', OP_SOURCE, 2, 4],
    ['a union’s switch no enum member (the memo’s type)', MEMO, 9, 4],
    ['an enum member without an arm of its union (envelope type 1, SCP)', 0, 1, 4],
    ['a string’s padding not zero (the memo text’s)', MEMO_TEXT + 4 + 6, 1, 1],
    ['a string longer than its bound (memo text of 29 of at most 28)', MEMO_TEXT, 29, 4],
    ['an array longer than its bound (21 signatures of at most 20)', SIGNATURES, 21, 4],
    ['an array longer than the bytes left', SIGNATURES, 0x00ffffff, 4],
  ])('%s', (_what, offset, value, width) => {
    const bytes = broken(offset === 0 ? stranger : offset, value, width);
    expect(() => wholeDecode(bytes, account.publicKey(), contracts)).toThrow();
    expect(fast(bytes, account.publicKey(), contracts)).toBeNull();
  });
});
