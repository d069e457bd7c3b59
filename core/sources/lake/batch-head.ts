// A lake object's bytes decompressed within the bound, and the head of the batch they hold read by
// hand and checked against its key: what the scan's workers do to every object, without
// @stellar/stellar-base (a worker that never decodes a ledger never loads it). layout.ts reads the
// rest (readBatch, decodeBatch) and re-exports this.
import { zstdDecompressSync } from 'node:zlib';
import { batchOf, LakeError, MAX_BATCH_BYTES, objectKey, type LakeConfig } from '../../../shared/lake-layout';

/**
 * An object's bytes decompressed within `maxBytes` (default MAX_BATCH_BYTES), into a buffer of its
 * own of exactly their length; a LakeError naming the key when they are not zstd or decompress to
 * more. A frame that says its content size (zstd writes it when it compresses a whole buffer, as a
 * lake's writer does) is decompressed into one buffer of that size: node:zlib otherwise writes it
 * in 16 kB pieces and joins them, a megabyte's worth of garbage an object (the scan's workers held
 * tens of MB of them before the collector came) and three times the time. The size is only a
 * hint: a frame that says less or more still decompresses whole, within the bound.
 */
export function decompressBatch(bytes: Uint8Array, key: string, maxBytes = MAX_BATCH_BYTES): Buffer {
  const declared = zstdContentSize(bytes);
  // One byte more than said, so a frame that holds what it says ends in the first buffer; a frame
  // that says more than CHUNK_MOST (a hint only) is read in pieces of that size.
  const sized =
    declared !== null && declared >= SIZED_FROM && declared <= maxBytes ? Math.min(declared + 1, CHUNK_MOST) : null;
  let raw: Buffer;
  try {
    raw = zstdDecompressSync(bytes, { maxOutputLength: maxBytes, ...(sized ? { chunkSize: sized } : {}) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new LakeError(`${key} decompresses to more than ${maxBytes} bytes: refused before it fills memory`);
    throw new LakeError(`${key} does not decompress as zstd (${(error as Error).message})`);
  }
  // The one byte more given back (the buffer moved, not copied, where the allocator can).
  if (sized && raw.byteOffset === 0 && raw.buffer.byteLength === sized && raw.length === sized - 1)
    return Buffer.from((raw.buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(raw.length));
  return raw;
}

/** Below this, node:zlib's own pieces (16 kB) hold a batch in one. */
const SIZED_FROM = 16 * 1024;

/** The largest buffer a frame's stated size is given at once (the size is untrusted). */
const CHUNK_MOST = 8 * 1024 * 1024;

/**
 * The size a zstd frame says it decompresses to (its header's Frame_Content_Size, RFC 8878
 * 3.1.1.1), or null when it does not say (or the bytes are no zstd frame). Untrusted: a hint.
 */
export function zstdContentSize(bytes: Uint8Array): number | null {
  if (bytes.length < 6 || bytes[0] !== 0x28 || bytes[1] !== 0xb5 || bytes[2] !== 0x2f || bytes[3] !== 0xfd) return null;
  const descriptor = bytes[4]!;
  const single = (descriptor >> 5) & 1;
  const at = 5 + (single ? 0 : 1) + [0, 1, 2, 4][descriptor & 3]!;
  const size = [single ? 1 : 0, 2, 4, 8][descriptor >> 6]!;
  if (size === 0 || at + size > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (size === 1) return view.getUint8(at);
  if (size === 2) return view.getUint16(at, true) + 256;
  if (size === 4) return view.getUint32(at, true);
  const big = view.getBigUint64(at, true);
  return big > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(big);
}

/** What a batch's first bytes say, read without decoding the rest (batchHead). */
export interface BatchHead {
  start: number;
  end: number;
  count: number;
  /** The first ledger's sequence and close time (unix seconds) from its header. */
  firstLedger: number;
  firstCloseTime: number;
}

/**
 * The head of a decompressed LedgerCloseMetaBatch (start, end, the count of its ledgers and the
 * first ledger's sequence and close time), read by hand from the XDR in a few microseconds, and
 * checked against the key as readBatch checks the whole: the scan reads only this of a batch that
 * does not hold the account's key bytes, instead of decoding a megabyte to throw it away.
 * A batch's later ledgers (ledgersPerBatch > 1) are counted, not read.
 */
export function batchHead(
  raw: Uint8Array,
  ledger: number,
  config: LakeConfig,
  key = objectKey(ledger, config),
): BatchHead {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  let at = 0;
  const need = (bytes: number) => {
    if (at + bytes > raw.byteLength)
      throw new LakeError(
        `${key} does not decode as a LedgerCloseMetaBatch (it ends inside its first ledger's header)`,
      );
  };
  const u32 = () => {
    need(4);
    const value = view.getUint32(at);
    at += 4;
    return value;
  };
  const skip = (bytes: number) => {
    need(bytes);
    at += bytes;
  };
  const opaque = (most: number) => {
    const length = u32();
    if (length > most)
      throw new LakeError(
        `${key} does not decode as a LedgerCloseMetaBatch (an opaque of ${length} bytes where at most ${most} belong)`,
      );
    skip(length + ((4 - (length % 4)) % 4));
  };
  const start = u32();
  const end = u32();
  const count = u32();
  const want = batchOf(ledger, config);
  if (start !== want.start || end !== want.end)
    throw new LakeError(`${key} holds ledgers ${start} to ${end}, but its key names ${want.start} to ${want.end}`);
  if (count !== end - start + 1)
    throw new LakeError(`${key} holds ${count} ledgers for the ${end - start + 1} from ${start} to ${end}`);
  const version = u32();
  if (version > 2)
    throw new LakeError(`${key} does not decode as a LedgerCloseMetaBatch (LedgerCloseMeta version ${version})`);
  if (version > 0) {
    // LedgerCloseMetaExt: v0 nothing, v1 LedgerCloseMetaExtV1 (an ExtensionPoint and sorobanFeeWrite1KB).
    const ext = u32();
    if (ext === 1) {
      if (u32() !== 0)
        throw new LakeError(
          `${key} does not decode as a LedgerCloseMetaBatch (an extension this reader does not know)`,
        );
      skip(8);
    } else if (ext !== 0)
      throw new LakeError(`${key} does not decode as a LedgerCloseMetaBatch (an extension this reader does not know)`);
  }
  skip(32); // the header's hash
  skip(4 + 32 + 32); // ledgerVersion, previousLedgerHash, scpValue.txSetHash
  need(8);
  const closeTime = Number(view.getBigUint64(at));
  at += 8;
  const upgrades = u32();
  if (upgrades > 6)
    throw new LakeError(`${key} does not decode as a LedgerCloseMetaBatch (${upgrades} upgrades in one ledger)`);
  for (let i = 0; i < upgrades; i++) opaque(128);
  const signed = u32();
  if (signed === 1) {
    skip(4 + 32); // the signing node's key
    opaque(64); // its signature
  } else if (signed !== 0)
    throw new LakeError(`${key} does not decode as a LedgerCloseMetaBatch (a close value of kind ${signed})`);
  skip(32 + 32); // txSetResultHash, bucketListHash
  const firstLedger = u32();
  if (firstLedger !== start) throw new LakeError(`${key} holds ledger ${firstLedger} where ledger ${start} belongs`);
  return { start, end, count, firstLedger, firstCloseTime: closeTime };
}
