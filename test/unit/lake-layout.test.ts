// core/sources/lake/layout.ts: SEP-54's keys (its own examples and the public lake's layout), the
// manifest's checks, and an object read back into ledgers, refused by name when it lies about them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, createZstdCompress, zstdCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  decompressBatch,
  LakeError,
  objectKey,
  readBatch,
  readLakeConfig,
  zstdContentSize,
  type LakeConfig,
} from '../../core/sources/lake/layout';
import { ledgerSequenceOf, transactionsOf } from '../../core/sources/ledger-meta/close-meta';
import { realFixtures } from '../support/real-fixtures';

const PUBNET = 'Public Global Stellar Network ; September 2015';
const PUBLIC_LAKE: LakeConfig = {
  networkPassphrase: PUBNET,
  version: '1.0',
  compression: 'zstd',
  ledgersPerBatch: 1,
  batchesPerPartition: 64000,
};
/** SEP-54's example manifest. */
const SEP54: LakeConfig = { ...PUBLIC_LAKE, version: '0.1.0', ledgersPerBatch: 2, batchesPerPartition: 8 };

describe('lake keys', () => {
  it('SEP-54: 2 ledgers a batch, 8 batches a partition; a partition and a batch at each edge', () => {
    expect(objectKey(2, SEP54)).toBe('FFFFFFFF--0-15/FFFFFFFD--2-3.xdr.zst');
    expect(objectKey(3, SEP54)).toBe('FFFFFFFF--0-15/FFFFFFFD--2-3.xdr.zst');
    expect(objectKey(15, SEP54)).toBe('FFFFFFFF--0-15/FFFFFFF1--14-15.xdr.zst');
    expect(objectKey(16, SEP54)).toBe('FFFFFFEF--16-31/FFFFFFEF--16-17.xdr.zst');
    expect(objectKey(18, SEP54)).toBe('FFFFFFEF--16-31/FFFFFFED--18-19.xdr.zst');
  });

  it('the public lake: one ledger a file (no end in its name), 64,000 a partition, and the legacy extension', () => {
    expect(objectKey(2, PUBLIC_LAKE)).toBe('FFFFFFFF--0-63999/FFFFFFFD--2.xdr.zst');
    expect(objectKey(63092988, PUBLIC_LAKE)).toBe('FC3E15FF--63040000-63103999/FC3D4703--63092988.xdr.zst');
    expect(objectKey(63039999, PUBLIC_LAKE)).toMatch(/^FC3F0FFF--62976000-63039999\//);
    expect(objectKey(53312000, PUBLIC_LAKE, 'zstd')).toBe('FCD285FF--53312000-53375999/FCD285FF--53312000.xdr.zstd');
    // One file a partition: no partition folder.
    expect(objectKey(7, { ...PUBLIC_LAKE, batchesPerPartition: 1 })).toBe('FFFFFFF8--7.xdr.zst');
    // The last ledger there can be: the bounds stop at 0xFFFFFFFF.
    expect(objectKey(0xffffffff, SEP54)).toBe(
      '0000000F--4294967280-4294967295/00000001--4294967294-4294967295.xdr.zst',
    );
    expect(() => objectKey(-1, SEP54)).toThrow(LakeError);
    expect(() => objectKey(2 ** 32, SEP54)).toThrow('is not a ledger number');
  });

  it('agrees with every worked key of the public lake layout', () => {
    const dir = realFixtures('ledger-meta-real');
    if (!dir) return;
    const layout = JSON.parse(readFileSync(join(dir, 'layout.json'), 'utf8')) as {
      test_vectors: { ledger: number; ledgersPerBatch: number; batchesPerPartition: number; key: string }[];
    };
    expect(layout.test_vectors.length).toBeGreaterThan(3);
    for (const { ledger, ledgersPerBatch, batchesPerPartition, key } of layout.test_vectors)
      expect(objectKey(ledger, { ...PUBLIC_LAKE, ledgersPerBatch, batchesPerPartition })).toBe(key);
  });
});

describe('the lake manifest', () => {
  it('reads SEP-54’s example, and refuses each field missing or out of range by name', () => {
    expect(readLakeConfig(JSON.stringify(SEP54))).toEqual(SEP54);
    const refused = (change: Record<string, unknown>) => () => readLakeConfig(JSON.stringify({ ...SEP54, ...change }));
    expect(refused({ networkPassphrase: undefined })).toThrow('has no networkPassphrase');
    expect(refused({ ledgersPerBatch: 0 })).toThrow('has no ledgersPerBatch (a whole number from 1 to 4294967295)');
    expect(refused({ ledgersPerBatch: 1.5 })).toThrow('has no ledgersPerBatch');
    expect(refused({ batchesPerPartition: 2 ** 32 })).toThrow('has no batchesPerPartition');
    expect(refused({ batchesPerPartition: 2 ** 32 - 1 })).not.toThrow();
    expect(refused({ compression: 'gzip' })).toThrow('says compression "gzip": only zstd lakes are read');
    expect(() => readLakeConfig('<html>')).toThrow('.config.json is not JSON: not a lake manifest');
    expect(() => readLakeConfig('[]')).toThrow('is not a JSON object');
    expect(() => readLakeConfig(' '.repeat(16 * 1024 + 1))).toThrow('is larger than 16384 bytes');
  });
});

describe.skipIf(!realFixtures('ledger-meta-real'))('a real lake object', () => {
  const dir = realFixtures('ledger-meta-real')!;
  const bytes = () => readFileSync(join(dir, 'FCD285FF--53312000.xdr.zstd'));

  it('reads back into the ledger its key names, whole', () => {
    const [lcm, ...more] = readBatch(bytes(), 53312000, PUBLIC_LAKE);
    expect(more).toEqual([]);
    expect(ledgerSequenceOf(lcm!)).toBe(53312000);
    expect(transactionsOf(lcm!)).toHaveLength(163);
  });

  it('refuses, naming the key, an object fetched for another ledger, bytes that are not zstd, and zstd that is not a batch', () => {
    expect(() => readBatch(bytes(), 53312001, PUBLIC_LAKE)).toThrow(
      'FCD285FF--53312000-53375999/FCD285FE--53312001.xdr.zst holds ledgers 53312000 to 53312000, but its key names 53312001 to 53312001',
    );
    expect(() => readBatch(Buffer.from('<html>forbidden</html>'), 53312000, PUBLIC_LAKE)).toThrow(
      /FCD285FF--53312000\.xdr\.zst does not decompress as zstd/,
    );
    expect(() => readBatch(zstdCompressSync(Buffer.from('not xdr at all')), 53312000, PUBLIC_LAKE)).toThrow(
      /does not decode as a LedgerCloseMetaBatch/,
    );
  });
});

describe('an object decompressed (decompressBatch)', () => {
  const raw = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 13));
  /** A frame written as a stream: its header says no content size. */
  const streamed = (bytes: Buffer) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const out = createZstdCompress({ params: { [constants.ZSTD_c_contentSizeFlag]: 0 } });
      out.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
      out.on('error', reject);
      out.end(bytes);
    });

  it('reads the content size a frame says, and none where it says none', async () => {
    expect(zstdContentSize(zstdCompressSync(raw))).toBe(raw.length);
    expect(zstdContentSize(await streamed(raw))).toBeNull();
    expect(zstdContentSize(Buffer.from('not zstd'))).toBeNull();
    expect(zstdContentSize(zstdCompressSync(raw).subarray(0, 5))).toBeNull();
  });

  it('gives the bytes in a buffer of their own, exactly their length, whether the frame says its size or not', async () => {
    for (const frame of [zstdCompressSync(raw), await streamed(raw)]) {
      const out = decompressBatch(frame, 'k');
      expect(out.equals(raw)).toBe(true);
      expect([out.byteOffset, out.buffer.byteLength]).toEqual([0, raw.length]);
    }
  });

  it('holds to the bound, both edges, and refuses a frame whose header lies about its size', async () => {
    const frame = zstdCompressSync(raw);
    expect(decompressBatch(frame, 'k', raw.length).length).toBe(raw.length);
    expect(() => decompressBatch(frame, 'k', raw.length - 1)).toThrow(
      `k decompresses to more than ${raw.length - 1} bytes: refused before it fills memory`,
    );
    // The header's four bytes of size (single segment, FCS_Field_Size 4) changed to say less, then more.
    expect(frame[4]! >> 6).toBe(2);
    for (const said of [raw.length - 1000, raw.length + 1000]) {
      const lying = Buffer.from(frame);
      lying.writeUInt32LE(said, 5);
      expect(zstdContentSize(lying)).toBe(said);
      expect(() => decompressBatch(lying, 'k')).toThrow(/k does not decompress as zstd/);
    }
  });
});
