// A ledger's header and LedgerCloseMeta (v2, as protocol 23's core emits it) written as XDR bytes
// from what the core has of the ledger: its row's fields, and each transaction's envelope, result,
// fee changes and TransactionMetaV4 in application order. Real XDR that @stellar/stellar-base
// decodes. What the local network does not have is said, not made up: no bucket list (its hash is
// zeros), no SCP messages, no upgrades, and the header's hash is the store's ledger hash (the local
// core's own digest, not the SHA-256 of this header: docs/rpc.md).
//
// Two callers: the core, which keeps each ledger's close meta once, zstd-compressed, as it closes
// it (ledger.ts: the `ledger_close_meta` row, the lake's object as is: docs/lake.md), and the RPC
// and lake writer's reading of a store written before that (rpc/ledger-meta.ts, from the stored
// rows). The bytes are written by hand, framing around the stored XDR as it is (no transaction is
// decoded and encoded again; the header's 324 bytes field by field); test/unit/lake-writer.test.ts
// holds every ledger of a generated store byte for byte to the header and the close meta built with
// @stellar/stellar-base objects.
import { createHash } from 'node:crypto';
import { constants as zlibConstants, zstdCompressSync } from 'node:zlib';
import { TOTAL_SUPPLY } from './model';

/** The protocol whose meta the local core writes (TransactionMetaV4 and CAP-67 events: protocol 23). */
export const PROTOCOL_VERSION = 23;
/** The header's maxTxSetSize, as the local core declares it. */
export const MAX_TX_SET_SIZE = 1000;
/** A LedgerHeader's XDR length with no upgrades in its StellarValue and no extension. */
const HEADER_BYTES = 324;
/** A LedgerCloseMetaBatch's head: start, end, and the count of its close metas. */
export const BATCH_HEAD_BYTES = 12;
/**
 * zstd's level for the kept close meta: 1 writes the generator's dense ledgers within 2 % of the
 * default level 3's size (docs/benchmarks.md, "Ledger data lake"), in less time.
 */
export const CLOSE_META_ZSTD_LEVEL = 1;

/** The ledger's own fields the header is written from. */
export interface CloseMetaLedger {
  sequence: number;
  /** 64 hex. */
  hash: string;
  prevHash: string;
  /** RFC 3339, second precision. */
  closedAt: string;
  feePool: bigint;
  baseFee: bigint;
  baseReserve: bigint;
}

/** A transaction's pieces as bytes; a meta null: not recorded (a store from before the core recorded it). */
export interface CloseMetaPiece {
  hash: Buffer;
  envelope: Buffer;
  result: Buffer;
  feeMeta: Uint8Array | null;
  resultMeta: Uint8Array | null;
}

/** One ledger as bytes: its LedgerHeader's XDR and its LedgerCloseMeta's (undefined: a transaction's meta was not recorded). */
export interface LedgerBytes {
  sequence: number;
  header: Buffer;
  closeMeta: Buffer | undefined;
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
function writeHeader(w: Writer, ledger: CloseMetaLedger, txSetHash: Buffer, txSetResultHash: Buffer): void {
  w.u32(PROTOCOL_VERSION);
  w.put(Buffer.from(ledger.prevHash, 'hex'));
  // StellarValue: the set's hash, the close time, no upgrades, the basic extension.
  w.put(txSetHash);
  w.u64(BigInt(Date.parse(ledger.closedAt) / 1000));
  w.u32(0);
  w.u32(0);
  w.put(txSetResultHash);
  w.zeros(32); // bucketListHash
  w.u32(ledger.sequence);
  w.i64(TOTAL_SUPPLY);
  w.i64(ledger.feePool);
  w.u32(0); // inflationSeq
  w.u64(0n); // idPool
  w.u32(Number(ledger.baseFee));
  w.u32(Number(ledger.baseReserve));
  w.u32(MAX_TX_SET_SIZE);
  w.zeros(4 * 32); // skipList
  w.u32(0); // ext
}

/** The close meta's tail: each transaction's processing, then no upgrades, SCP info, Soroban state or evicted keys. */
function writeProcessing(w: Writer, pieces: CloseMetaPiece[]): void {
  w.u32(pieces.length);
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
}

/**
 * The ledger's header and close meta. `batchHead`: the close meta is written behind a
 * LedgerCloseMetaBatch's head (start = end = the sequence, count 1), and `batch` is that one-ledger
 * batch (closeMeta its bytes after the head), so the core compresses it with no copy.
 */
export function assembleCloseMeta(
  ledger: CloseMetaLedger,
  pieces: CloseMetaPiece[],
  batchHead = false,
): LedgerBytes & { batch?: Buffer } {
  const { sequence } = ledger;
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
  const base = batchHead ? BATCH_HEAD_BYTES : 0;
  const headerAt = base + 4 + 4 + 32;
  const txSetAt = headerAt + HEADER_BYTES + 4;
  const total = txSetAt + txSetBytes + 4 + processing + 4 + 4 + 8 + 4;
  const w = new Writer(Buffer.allocUnsafe(complete ? total : txSetAt + txSetBytes));
  w.at = base;
  w.u32(2);
  w.u32(0);
  w.put(Buffer.from(ledger.hash, 'hex'));
  w.at = txSetAt;
  w.u32(1);
  w.put(Buffer.from(ledger.prevHash, 'hex'));
  w.u32(2);
  if (count > 0) {
    w.u32(0);
    w.u32(1);
    w.u32(0);
    w.u32(1);
    w.u64(ledger.baseFee);
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
  writeProcessing(w, pieces);
  if (w.at !== total) throw new Error(`ledger ${sequence}: close meta assembled to ${w.at} bytes, not ${total}`);
  if (batchHead) {
    w.at = 0;
    w.u32(sequence);
    w.u32(sequence);
    w.u32(1);
  }
  if (!batchHead) return { sequence, header, closeMeta: w.bytes };
  return { sequence, header, closeMeta: w.bytes.subarray(base), batch: w.bytes };
}

/**
 * zstd at CLOSE_META_ZSTD_LEVEL, one frame: what the core keeps of a ledger (the
 * `ledger_close_meta` row, from a one-ledger batch: start = end = the sequence, its one
 * LedgerCloseMeta) is the public layout's lake object as is; a batch of several is compressed here too.
 */
export function compressBatch(batch: Uint8Array): Buffer {
  return zstdCompressSync(batch, { params: { [zlibConstants.ZSTD_c_compressionLevel]: CLOSE_META_ZSTD_LEVEL } });
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}
