// The index keeps each listing page whole and compressed (pages.ts): zstd now, brotli in indexes
// written before. Both must read back exactly, in the same file, and the test for which is which
// must never take a brotli page for zstd.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { packPageSync, PageReader, pageOfRecords, unpackPageSync } from '../../core/history-index/worker-thread/pages';
import { openIndex } from '../../core/history-index/worker-thread/schema';

const dir = mkdtempSync(join(tmpdir(), 'history-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How pages were packed before zstd (pages.ts at schema version 6). */
const brotliAsBefore = (text: string) =>
  brotliCompressSync(Buffer.from(text), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });

const record = (i: number) =>
  `{"id":${2n ** 60n + BigInt(i)},"paging_token":"${i}","memo":"caf\u00e9 ${'x'.repeat(i % 300)}","amount":"${i}.0000001"}`;
const page = (n: number, from = 0) => pageOfRecords(Array.from({ length: n }, (_, i) => record(from + i)));

describe('stored pages', () => {
  it('packs with zstd, smaller than brotli was, and reads back every byte', () => {
    const text = page(200);
    const packed = packPageSync(text);
    expect([...packed.subarray(0, 4)]).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
    expect(packed.length).toBeLessThan(brotliAsBefore(text).length);
    expect(unpackPageSync(packed)).toBe(text);
    expect(unpackPageSync(packPageSync(Buffer.from(text)))).toBe(text);
  });

  it('reads a brotli page as before, whatever its size (its first byte is never the zstd magic)', () => {
    for (const text of ['', '{}', page(1), page(7, 3), page(200)]) {
      const packed = brotliAsBefore(text);
      expect(packed[0]).not.toBe(0x28);
      expect(unpackPageSync(packed)).toBe(text);
    }
  });

  it('reads brotli and zstd pages side by side in one index file, exact to the last digit', () => {
    const db = openIndex(join(dir, 'mixed.sqlite'));
    const insert = db.prepare('INSERT INTO pages (acct, body) VALUES (1, ?)');
    const old = Number(insert.run(brotliAsBefore(page(5))).lastInsertRowid);
    const fresh = Number(insert.run(packPageSync(page(5, 5))).lastInsertRowid);
    const reader = new PageReader(db);
    expect(reader.recordText(old, 4)).toBe(record(4));
    expect(reader.recordText(fresh, 0)).toBe(record(5));
    expect(reader.recordText(fresh, 4)).toBe(record(9));
    expect(reader.recordText(fresh, 5)).toBeUndefined();
    db.close();
  });

  it('refuses a damaged page with an error instead of reading nonsense', () => {
    const packed = packPageSync(page(20));
    const cut = packed.subarray(0, packed.length - 9);
    expect(() => unpackPageSync(cut)).toThrow();
    expect(() => unpackPageSync(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3]))).toThrow();
  });
});
