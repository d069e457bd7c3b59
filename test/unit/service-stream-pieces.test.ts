// How a stream's batch is cut into pieces (network/service/stream-pieces.ts): each piece ends on a
// whole frame and names its last record, so a stream that stops after any piece resumes at the
// next record with nothing lost or sent twice.
import { describe, expect, test } from 'vitest';
import { PIECE_BYTES, PieceWriter } from '../../network/service/stream-pieces';

const frame = (id: number, text: string) => `id: ${id}\ndata: ${text}\n\n`;

describe('stream pieces', () => {
  test('frames are cut into pieces of about PIECE_BYTES, each ending on a frame it names', () => {
    const writer = new PieceWriter();
    const text = 'x'.repeat(1000);
    for (let id = 1; id <= 100; id += 1) writer.add(`${id}`, text);
    const batch = writer.finish(0n, false);
    const whole = Array.from({ length: 100 }, (_, i) => frame(i + 1, text)).join('');
    expect(Buffer.concat(batch.pieces).toString()).toBe(whole);
    // Several pieces, each bounded below (the loop): 100 frames of ~1 kB are more than one piece.
    expect(batch.pieces.length).toBeGreaterThan(1);
    let seen = 0;
    batch.pieces.forEach((piece, i) => {
      const ids = [...piece.toString().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
      expect(ids[0]).toBe(seen + 1);
      seen = ids[ids.length - 1]!;
      expect(batch.ends[i]).toBe(BigInt(seen));
      expect(piece.toString().endsWith('\n\n')).toBe(true);
      // A piece is cut at the first frame that reaches the size, never before it.
      if (i < batch.pieces.length - 1) {
        expect(piece.length).toBeGreaterThanOrEqual(PIECE_BYTES);
        expect(piece.length).toBeLessThan(PIECE_BYTES + frame(seen, text).length);
      }
    });
    expect(batch.lastId).toBe(100n);
  });

  test('a frame larger than a piece is a piece of its own', () => {
    const writer = new PieceWriter();
    writer.add('7', 'a');
    writer.add('8', 'b'.repeat(PIECE_BYTES * 2));
    writer.add('9', 'c');
    const batch = writer.finish(6n, false);
    expect(batch.ends).toEqual([8n, 9n]);
    expect(batch.pieces[1]!.toString()).toBe(frame(9, 'c'));
  });

  test('a head written apart from a body held as bytes (the record cache, /ledgers)', () => {
    const writer = new PieceWriter();
    writer.add('5', '{"_links":1,', Buffer.from('"id":"5"}'));
    writer.add('6', '', Buffer.from('{"id":"6"}'));
    const batch = writer.finish(4n, true);
    expect(Buffer.concat(batch.pieces).toString()).toBe(frame(5, '{"_links":1,"id":"5"}') + frame(6, '{"id":"6"}'));
    expect(batch).toMatchObject({ lastId: 6n, full: true, ends: [6n] });
  });

  test('an empty batch stays where it started', () => {
    expect(new PieceWriter().finish(41n, false)).toEqual({ pieces: [], ends: [], lastId: 41n, full: false });
  });
});
