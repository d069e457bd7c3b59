// A lake object's zstd frame read (core/sources/lake/batch-head.ts): the size its header states
// (RFC 8878 Frame_Content_Size, each of its widths), a hint for decompressing in one piece that
// changes nothing of what comes out or of what is refused, whatever the header says.
import { randomBytes } from 'node:crypto';
import { zstdCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decompressBatch, zstdContentSize } from '../../core/sources/lake/batch-head';

/** A frame of `bytes` (content size stated, as zstd writes it when it knows it). */
const frame = (bytes: Buffer) => zstdCompressSync(bytes);

describe('the size a zstd frame states', () => {
  it.each([0, 1, 255, 256, 300, 65_791, 65_792, 1_000_000])('of %i bytes', (length) => {
    expect(zstdContentSize(frame(randomBytes(length)))).toBe(length);
  });

  it('is none for bytes that are no zstd frame, or end in its header', () => {
    expect(zstdContentSize(Buffer.from('not zstd at all'))).toBeNull();
    expect(zstdContentSize(frame(randomBytes(1000)).subarray(0, 6))).toBeNull();
    expect(zstdContentSize(new Uint8Array())).toBeNull();
  });

  it('is none for a frame that does not state it', () => {
    // A frame whose descriptor says no content size (bits 6-7 zero, not single-segment).
    const bytes = Buffer.from(frame(randomBytes(1000)));
    const streamed = zstdCompressSync(randomBytes(1000), { params: { [constants.ZSTD_c_contentSizeFlag]: 0 } });
    expect(zstdContentSize(streamed)).toBeNull();
    expect(zstdContentSize(bytes)).toBe(1000);
  });
});

describe('decompressing a batch whatever its header states', () => {
  const content = Buffer.concat([randomBytes(200_000), Buffer.alloc(800_000, 7)]);
  const honest = frame(content);
  /** The frame with its stated size rewritten (a 4-byte field, as zstd writes for this size). */
  const stating = (size: number) => {
    const bytes = Buffer.from(honest);
    const descriptor = bytes[4]!;
    expect(descriptor >> 6).toBe(2);
    const at = 5 + ((descriptor >> 5) & 1 ? 0 : 1) + [0, 1, 2, 4][descriptor & 3]!;
    bytes.writeUInt32LE(size, at);
    return bytes;
  };

  it('gives the same bytes from an honest header', () => {
    expect(zstdContentSize(honest)).toBe(content.length);
    expect(decompressBatch(honest, 'k').equals(content)).toBe(true);
  });

  it('refuses, naming the key, a frame whose header lies (zstd checks the size it states)', () => {
    for (const size of [100, content.length - 1, content.length + 1, 50_000_000])
      expect(() => decompressBatch(stating(size), 'k')).toThrow(/^k does not decompress as zstd/);
  });

  it('refuses a frame that decompresses to more than the bound, at the bound and one under it', () => {
    expect(decompressBatch(honest, 'k', content.length).length).toBe(content.length);
    expect(() => decompressBatch(honest, 'k', content.length - 1)).toThrow(
      `k decompresses to more than ${content.length - 1} bytes: refused before it fills memory`,
    );
  });
});
