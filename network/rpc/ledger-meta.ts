// A ledger's header and LedgerCloseMeta (v2, as protocol 23's core emits it), assembled from what
// the store keeps of the ledger: its row, and each transaction's envelope, result, fee changes and
// TransactionMetaV4 in application order. Real XDR that @stellar/stellar-base decodes. What the
// local network does not have is said, not made up: no bucket list (its hash is zeros), no SCP
// messages, no upgrades, and the header's hash is the store's ledger hash (the local core's own
// digest, not the SHA-256 of this header: docs/rpc.md).
//
// The bytes are written by hand, framing around the stored XDR as it is (no transaction is decoded
// and encoded again; the header's 324 bytes are written field by field), for a range of ledgers
// read with two statements: the lake writer's whole cost (issue 39.1). test/unit/lake-writer.test.ts
// holds every ledger of a generated store byte for byte to the header and the close meta built
// with @stellar/stellar-base objects, and decodes each.
import { createHash } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import { xdr } from '@stellar/stellar-base';
import { TOTAL_SUPPLY } from '../validator/model';
import type { Store } from '../service/queries';

/** The protocol whose meta the local core writes (TransactionMetaV4 and CAP-67 events: protocol 23). */
export const PROTOCOL_VERSION = 23;
/** The header's maxTxSetSize, as the local core declares it. */
export const MAX_TX_SET_SIZE = 1000;
/** A LedgerHeader's XDR length with no upgrades in its StellarValue and no extension. */
const HEADER_BYTES = 324;

export interface LedgerXdr {
  header: xdr.LedgerHeader;
  /** Its LedgerCloseMeta's XDR; undefined: a transaction of the ledger has no recorded meta (a store written before the core recorded it). */
  closeMeta: Buffer | undefined;
}

/** One ledger as bytes: its LedgerHeader's XDR and its LedgerCloseMeta's (undefined as in LedgerXdr). */
export interface LedgerBytes {
  sequence: number;
  header: Buffer;
  closeMeta: Buffer | undefined;
}

interface Statements {
  ledgers: StatementSync;
  transactions: StatementSync;
}
const statements = new WeakMap<Store, Statements>();

function statementsOf(store: Store): Statements {
  let found = statements.get(store);
  if (!found) {
    const ledgers = store.db.prepare(`SELECT sequence, hash, prev_hash, closed_at, fee_pool, base_fee, base_reserve,
      operation_count FROM ledgers WHERE sequence >= ? AND sequence <= ? ORDER BY sequence`);
    // Transaction ids are TOIDs: ledger << 32 | order << 12.
    const transactions = store.db.prepare(`SELECT t.id, t.hash, t.envelope_xdr, t.result_xdr, m.fee_meta, m.result_meta
      FROM transactions t LEFT JOIN transaction_meta m ON m.transaction_id = t.id
      WHERE t.id >= ? AND t.id < ? ORDER BY t.id`);
    for (const statement of [ledgers, transactions]) {
      statement.setReturnArrays(true);
      statement.setReadBigInts(true);
    }
    found = { ledgers, transactions };
    statements.set(store, found);
  }
  return found;
}

type LedgerRow = [bigint, string, string, string, bigint, bigint, bigint, bigint];
type TransactionRow = [bigint, string, string, string, Uint8Array | null, Uint8Array | null];

/** A transaction's pieces as bytes. */
interface Piece {
  hash: Buffer;
  envelope: Buffer;
  result: Buffer;
  feeMeta: Uint8Array | null;
  resultMeta: Uint8Array | null;
}

/**
 * Operations read at once, at most, unless one ledger holds more: a ledger of 1,000 transactions
 * of 100 operations each holds tens of MB of meta, and a read of several such is not held at once.
 */
export const OPERATIONS_A_READ = 5_000;

/**
 * The ledgers from `first` towards `last` the store holds, in order, as bytes (a ledger not in the
 * store is left out): as many as hold at most `maxOperations` operations together, and always the
 * first, so a caller reads on from the last one given.
 */
export function ledgerBytes(
  store: Store,
  first: number,
  last: number,
  maxOperations = OPERATIONS_A_READ,
): LedgerBytes[] {
  const { ledgers, transactions } = statementsOf(store);
  const all = ledgers.all(first, last) as unknown as LedgerRow[];
  let operations = 0;
  let taken = 0;
  while (taken < all.length) {
    operations += Number(all[taken]![7]);
    if (taken > 0 && operations > maxOperations) break;
    taken++;
  }
  const rows = all.slice(0, taken);
  if (rows.length === 0) return [];
  const through = Number(rows.at(-1)![0]);
  const txs = transactions.all(BigInt(first) << 32n, BigInt(through + 1) << 32n) as unknown as TransactionRow[];
  const out: LedgerBytes[] = [];
  let at = 0;
  for (const ledger of rows) {
    const sequence = Number(ledger[0]);
    const pieces: Piece[] = [];
    while (at < txs.length && Number(txs[at]![0] >> 32n) <= sequence) {
      const tx = txs[at++]!;
      if (Number(tx[0] >> 32n) < sequence) continue; // a transaction of a ledger not stored: none in a sound store
      pieces.push({
        hash: Buffer.from(tx[1], 'hex'),
        envelope: Buffer.from(tx[2], 'base64'),
        result: Buffer.from(tx[3], 'base64'),
        feeMeta: tx[4],
        resultMeta: tx[5],
      });
    }
    out.push(assemble(ledger, pieces));
  }
  return out;
}

/** Writes XDR into one buffer, front to back. */
class Writer {
  at = 0;
  constructor(readonly bytes: Buffer) {}
  u32(value: number): void {
    this.bytes.writeUInt32BE(value, this.at);
    this.at += 4;
  }
  u64(value: bigint): void {
    this.bytes.writeBigUInt64BE(value, this.at);
    this.at += 8;
  }
  i64(value: bigint): void {
    this.bytes.writeBigInt64BE(value, this.at);
    this.at += 8;
  }
  put(bytes: Uint8Array): void {
    this.bytes.set(bytes, this.at);
    this.at += bytes.length;
  }
  zeros(count: number): void {
    this.bytes.fill(0, this.at, this.at + count);
    this.at += count;
  }
}

/** The LedgerHeader's XDR, over the hashes of its transaction set and result set as written. */
function writeHeader(w: Writer, ledger: LedgerRow, txSetHash: Buffer, txSetResultHash: Buffer): void {
  const [sequence, , prevHash, closedAt, feePool, baseFee, baseReserve] = ledger;
  w.u32(PROTOCOL_VERSION);
  w.put(Buffer.from(prevHash, 'hex'));
  // StellarValue: the set's hash, the close time, no upgrades, the basic extension.
  w.put(txSetHash);
  w.u64(BigInt(Date.parse(closedAt) / 1000));
  w.u32(0);
  w.u32(0);
  w.put(txSetResultHash);
  w.zeros(32); // bucketListHash
  w.u32(Number(sequence));
  w.i64(TOTAL_SUPPLY);
  w.i64(feePool);
  w.u32(0); // inflationSeq
  w.u64(0n); // idPool
  w.u32(Number(baseFee));
  w.u32(Number(baseReserve));
  w.u32(MAX_TX_SET_SIZE);
  w.zeros(4 * 32); // skipList
  w.u32(0); // ext
}

function assemble(ledger: LedgerRow, pieces: Piece[]): LedgerBytes {
  const sequence = Number(ledger[0]);
  const count = pieces.length;
  let envelopes = 0;
  let processing = 0;
  let complete = true;
  for (const p of pieces) {
    envelopes += p.envelope.length;
    if (p.feeMeta === null || p.resultMeta === null) complete = false;
    // TransactionResultMetaV1: ext, the result pair, fee changes, the meta, no post-apply fee changes.
    else processing += 4 + 32 + p.result.length + p.feeMeta.length + p.resultMeta.length + 4;
  }
  // GeneralizedTransactionSet v1: the previous ledger's hash, two phases: the classic phase (v0
  // components: one of maybe-discounted fee, its base fee given) when there are transactions, then
  // the empty Soroban phase.
  const txSetBytes = 4 + 32 + 4 + (count > 0 ? 4 + 4 + 4 + 4 + 8 + 4 + envelopes : 4 + 4) + 4 + 4;
  // LedgerCloseMeta v2: ext, the header entry (hash, header, ext), the set, the processing, then no
  // upgrades, no SCP info, no live Soroban state and no evicted keys.
  const headerAt = 4 + 4 + 32;
  const txSetAt = headerAt + HEADER_BYTES + 4;
  const total = txSetAt + txSetBytes + 4 + processing + 4 + 4 + 8 + 4;
  const w = new Writer(Buffer.allocUnsafe(complete ? total : txSetAt + txSetBytes));
  w.u32(2);
  w.u32(0);
  w.put(Buffer.from(ledger[1], 'hex'));
  w.at = txSetAt;
  w.u32(1);
  w.put(Buffer.from(ledger[2], 'hex'));
  w.u32(2);
  if (count > 0) {
    w.u32(0);
    w.u32(1);
    w.u32(0);
    w.u32(1);
    w.u64(ledger[5]);
    w.u32(count);
    for (const p of pieces) w.put(p.envelope);
  } else {
    w.u32(0);
    w.u32(0);
  }
  w.u32(0);
  w.u32(0);
  const txSetHash = createHash('sha256')
    .update(w.bytes.subarray(txSetAt, txSetAt + txSetBytes))
    .digest();
  // The TransactionResultSet's hash: its count, then each (hash, result) pair.
  const results = createHash('sha256').update(u32(count));
  for (const p of pieces) results.update(p.hash).update(p.result);
  const end = w.at;
  w.at = headerAt;
  writeHeader(w, ledger, txSetHash, results.digest());
  w.u32(0);
  const header = w.bytes.subarray(headerAt, headerAt + HEADER_BYTES);
  if (!complete) return { sequence, header: Buffer.from(header), closeMeta: undefined };
  w.at = end;
  w.u32(count);
  for (const p of pieces) {
    w.u32(0);
    w.put(p.hash);
    w.put(p.result);
    w.put(p.feeMeta!);
    w.put(p.resultMeta!);
    w.u32(0);
  }
  w.u32(0);
  w.u32(0);
  w.u64(0n);
  w.u32(0);
  if (w.at !== total) throw new Error(`ledger ${sequence}: close meta assembled to ${w.at} bytes, not ${total}`);
  return { sequence, header, closeMeta: w.bytes };
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

/** The ledger's header as a stellar-base object and its LedgerCloseMeta's XDR; undefined: no such ledger. */
export function ledgerXdr(store: Store, sequence: number): LedgerXdr | undefined {
  const [built] = ledgerBytes(store, sequence, sequence);
  if (!built) return undefined;
  return { header: xdr.LedgerHeader.fromXDR(built.header), closeMeta: built.closeMeta };
}
