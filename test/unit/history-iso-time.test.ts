// The ISO texts of the analyses (core/history-index/worker-thread/iso-time.ts) are Date#toISOString's, at
// every instant, including the edges of its four-digit years and values it hands back to Date.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDay, isoTime } from '../../core/history-index/worker-thread/iso-time';

const MAX_MS = 8.64e15;

describe('iso-time', () => {
  it('writes any instant as toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MS, max: MAX_MS }), (ms) => {
        expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
  });

  it('writes the edges of the four-digit years, day boundaries and fractions as toISOString does', () => {
    const edges = [
      0, -1, 1, 86_399_999, 86_400_000, -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999,
      253_402_300_800_000, 1.5, -0.5,
    ];
    for (const ms of edges) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });

  it('writes an epoch day as the date part of its midnight', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (day) => {
        expect(isoDay(day)).toBe(new Date(day * 86_400_000).toISOString().slice(0, 10));
      }),
    );
  });
});
