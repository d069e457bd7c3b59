// A ledger's header and LedgerCloseMeta (v2, as protocol 23's core emits it), assembled from what
// the store keeps of the ledger: its row, and each transaction's envelope, result, fee changes and
// TransactionMetaV4 in application order. Real XDR that @stellar/stellar-base decodes. What the
// local network does not have is said, not made up: no bucket list (its hash is zeros), no SCP
// messages, no upgrades, and the header's hash is the store's ledger hash (the local core's own
// digest, not the SHA-256 of this header: docs/rpc.md).
import { createHash } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import { xdr } from '@stellar/stellar-base';
import { TOTAL_SUPPLY } from '../validator/model';
import type { Row, Store } from '../service/queries';

const ZERO_HASH = Buffer.alloc(32);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
const int64 = (value: unknown) => xdr.Int64.fromString(BigInt(value as bigint).toString());

/** The protocol whose meta the local core writes (TransactionMetaV4 and CAP-67 events: protocol 23). */
export const PROTOCOL_VERSION = 23;

export interface LedgerXdr {
  header: xdr.LedgerHeader;
  /** Its LedgerCloseMeta's XDR; undefined: a transaction of the ledger has no recorded meta (a store written before the core recorded it). */
  closeMeta: Buffer | undefined;
}

const statements = new WeakMap<Store, StatementSync>();

function ledgerTransactions(store: Store, sequence: number): Row[] {
  let statement = statements.get(store);
  if (!statement) {
    statement = store.db.prepare(`SELECT t.hash, t.envelope_xdr, t.result_xdr, m.fee_meta, m.result_meta
      FROM transactions t LEFT JOIN transaction_meta m ON m.transaction_id = t.id
      WHERE t.id >= ? AND t.id < ? ORDER BY t.id`);
    statements.set(store, statement);
  }
  // Transaction ids are TOIDs: ledger << 32 | order << 12.
  return statement.all(BigInt(sequence) << 32n, BigInt(sequence + 1) << 32n) as Row[];
}

/** The ledger's header, over the hashes of its transaction set and result set as written. */
function headerOf(
  ledger: Row,
  sequence: number,
  previousLedgerHash: Buffer,
  txSetHash: Buffer,
  txSetResultHash: Buffer,
) {
  const closeTime = BigInt(Date.parse(String(ledger.closed_at)) / 1000);
  return new xdr.LedgerHeader({
    ledgerVersion: PROTOCOL_VERSION,
    previousLedgerHash,
    scpValue: new xdr.StellarValue({
      txSetHash,
      closeTime: xdr.Uint64.fromString(closeTime.toString()),
      upgrades: [],
      ext: xdr.StellarValueExt.stellarValueBasic(),
    }),
    txSetResultHash,
    bucketListHash: ZERO_HASH,
    ledgerSeq: sequence,
    totalCoins: int64(TOTAL_SUPPLY),
    feePool: int64(ledger.fee_pool),
    inflationSeq: 0,
    idPool: xdr.Uint64.fromString('0'),
    baseFee: Number(ledger.base_fee),
    baseReserve: Number(ledger.base_reserve),
    maxTxSetSize: 1000,
    skipList: [ZERO_HASH, ZERO_HASH, ZERO_HASH, ZERO_HASH],
    ext: new xdr.LedgerHeaderExt(0),
  });
}

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const u64 = (value: bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(value);
  return bytes;
};

/**
 * The ledger's header, and its LedgerCloseMeta as XDR bytes assembled from the stored
 * transactions' XDR as it is (envelope, result, fee changes, TransactionMetaV4) around the header
 * built with @stellar/stellar-base: no transaction is decoded and encoded again, which was nearly
 * all of the lake writer's time (issue 39.1). test/unit/lake-writer.test.ts decodes every ledger's
 * meta with stellar-base and holds it to the store. undefined: no such ledger.
 */
export function ledgerXdr(store: Store, sequence: number): LedgerXdr | undefined {
  const ledger = store.ledger(BigInt(sequence));
  if (!ledger) return undefined;
  const rows = ledgerTransactions(store, sequence);
  const previousLedgerHash = Buffer.from(String(ledger.prev_hash), 'hex');
  const envelopes = rows.map((r) => Buffer.from(String(r.envelope_xdr), 'base64'));
  // GeneralizedTransactionSet v1: the classic phase (v0 components: one of maybe-discounted fee,
  // its base fee given) when there are transactions, then the empty Soroban phase.
  const classic =
    rows.length > 0
      ? [u32(0), u32(1), u32(0), u32(1), u64(BigInt(ledger.base_fee as bigint)), u32(rows.length), ...envelopes]
      : [u32(0), u32(0)];
  const txSet = Buffer.concat([u32(1), previousLedgerHash, u32(2), ...classic, u32(0), u32(0)]);
  const pairs = rows.map((r) =>
    Buffer.concat([Buffer.from(String(r.hash), 'hex'), Buffer.from(String(r.result_xdr), 'base64')]),
  );
  const header = headerOf(
    ledger,
    sequence,
    previousLedgerHash,
    sha256(txSet),
    sha256(Buffer.concat([u32(pairs.length), ...pairs])),
  );
  if (rows.some((r) => r.result_meta === null || r.result_meta === undefined)) return { header, closeMeta: undefined };
  // TransactionResultMetaV1: ext, the result pair, fee changes, the meta, no post-apply fee changes.
  const processing = rows.flatMap((r, i) => [
    u32(0),
    pairs[i]!,
    Buffer.from(r.fee_meta as Uint8Array),
    Buffer.from(r.result_meta as Uint8Array),
    u32(0),
  ]);
  // LedgerCloseMeta v2: ext, the header entry, the set, the processing, then no upgrades, no SCP
  // info, no live Soroban state and no evicted keys.
  const closeMeta = Buffer.concat([
    u32(2),
    u32(0),
    Buffer.from(String(ledger.hash), 'hex'),
    header.toXDR(),
    u32(0),
    txSet,
    u32(rows.length),
    ...processing,
    u32(0),
    u32(0),
    u64(0n),
    u32(0),
  ]);
  return { header, closeMeta };
}
