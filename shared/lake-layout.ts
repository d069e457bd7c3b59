// The ledger data lake's layout (SEP-54, as galexie writes it and stellar-rpc reads it), the pure
// part: the manifest `.config.json` read and checked, and the key of the object that holds a
// ledger. Shared by the reader (core/sources/lake/layout.ts) and the local network's writer
// (network/lake/writer.ts). Keys count down from 0xFFFFFFFF so a bucket listing shows the newest
// first:
//
//   FC3E15FF--63040000-63103999/FC3D4703--63092988.xdr.zst
//   (partition: 0xFFFFFFFF − 63040000, its first and last ledger / file: 0xFFFFFFFF − 63092988, its ledgers)
//
// A lake can be read by plain GET without listing it, so everything here is computed from the
// manifest and a ledger number. Nothing in a manifest is trusted beyond its checks.

export interface LakeConfig {
  networkPassphrase: string;
  version: string;
  compression: 'zstd';
  ledgersPerBatch: number;
  batchesPerPartition: number;
}

export class LakeError extends Error {
  override name = 'LakeError';
}

const UINT32_MAX = 0xffff_ffff;
/** A manifest is a few hundred bytes; this bounds what is parsed from a server that says otherwise. */
export const MAX_CONFIG_BYTES = 16 * 1024;
/** A batch of one pubnet ledger decompresses to about 1 MB; a larger batch is refused before it fills memory. */
export const MAX_BATCH_BYTES = 256 * 1024 * 1024;

/** The manifest read and checked: every field present, of its type and in range. */
export function readLakeConfig(text: string, where = '.config.json'): LakeConfig {
  if (text.length > MAX_CONFIG_BYTES)
    throw new LakeError(`${where} is larger than ${MAX_CONFIG_BYTES} bytes: not a lake manifest`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new LakeError(`${where} is not JSON: not a lake manifest`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new LakeError(`${where} is not a JSON object`);
  const fields = raw as Record<string, unknown>;
  const text_ = (name: string) => {
    const value = fields[name];
    if (typeof value !== 'string' || value.length === 0 || value.length > 256)
      throw new LakeError(`${where} has no ${name} (a text of 1 to 256 characters)`);
    return value;
  };
  const count = (name: string) => {
    const value = fields[name];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > UINT32_MAX)
      throw new LakeError(`${where} has no ${name} (a whole number from 1 to ${UINT32_MAX})`);
    return value;
  };
  const compression = text_('compression');
  if (compression !== 'zstd')
    throw new LakeError(`${where} says compression "${compression}": only zstd lakes are read`);
  return {
    networkPassphrase: text_('networkPassphrase'),
    version: text_('version'),
    compression,
    ledgersPerBatch: count('ledgersPerBatch'),
    batchesPerPartition: count('batchesPerPartition'),
  };
}

/** The first and last ledger of the batch that holds `ledger`. */
export function batchOf(ledger: number, config: LakeConfig): { start: number; end: number } {
  const per = config.ledgersPerBatch;
  const start = Math.floor(ledger / per) * per;
  return { start, end: Math.min(start + per - 1, UINT32_MAX) };
}

/** The object key of the batch holding `ledger` (`zst`; older lakes wrote `zstd`). */
export function objectKey(ledger: number, config: LakeConfig, extension: 'zst' | 'zstd' = 'zst'): string {
  if (!Number.isInteger(ledger) || ledger < 0 || ledger > UINT32_MAX)
    throw new LakeError(`ledger ${ledger} is not a ledger number (0 to ${UINT32_MAX})`);
  const hex = (n: number) => (UINT32_MAX - n).toString(16).toUpperCase().padStart(8, '0');
  let key = '';
  if (config.batchesPerPartition > 1) {
    const size = config.ledgersPerBatch * config.batchesPerPartition;
    const start = Math.floor(ledger / size) * size;
    const end = Math.min(start + size - 1, UINT32_MAX);
    key = `${hex(start)}--${start}-${end}/`;
  }
  const { start, end } = batchOf(ledger, config);
  return `${key}${hex(start)}--${start}${start === end ? '' : `-${end}`}.xdr.${extension}`;
}
