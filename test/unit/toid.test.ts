import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEDGER_MAX,
  OP_INDEX_MAX,
  TX_ORDER_MAX,
  ToidError,
  decodeToid,
  encodeToid,
  ledgerToidRange,
  transactionToidRange,
} from '../../shared/toid';

describe('TOID', () => {
  it('encodes ledger << 32 | tx << 12 | op', () => {
    expect(encodeToid({ ledger: 1, txOrder: 0, opIndex: 0 })).toBe(4294967296n);
    expect(encodeToid({ ledger: 2, txOrder: 1, opIndex: 1 })).toBe((2n << 32n) | 4096n | 1n);
    // A real Horizon id from the fixtures: ledger 25772957, tx 11, op 1.
    expect(encodeToid({ ledger: 25772957, txOrder: 11, opIndex: 1 })).toBe(110694007436259329n);
  });

  it('decodes ids above 2^53 exactly, from bigint or digit string', () => {
    expect(decodeToid('110694007436259329')).toEqual({ ledger: 25772957, txOrder: 11, opIndex: 1 });
    expect(decodeToid(encodeToid({ ledger: 60_000_000, txOrder: 3, opIndex: 2 }))).toEqual({
      ledger: 60_000_000,
      txOrder: 3,
      opIndex: 2,
    });
  });

  it.each([
    [{ ledger: -1, txOrder: 0, opIndex: 0 }, /ledger/],
    [{ ledger: LEDGER_MAX + 1, txOrder: 0, opIndex: 0 }, /ledger/],
    [{ ledger: 1, txOrder: TX_ORDER_MAX + 1, opIndex: 0 }, /transaction order/],
    [{ ledger: 1, txOrder: 0, opIndex: OP_INDEX_MAX + 1 }, /operation index/],
    [{ ledger: 1.5, txOrder: 0, opIndex: 0 }, /ledger/],
    [{ ledger: Number.NaN, txOrder: 0, opIndex: 0 }, /ledger/],
  ])('refuses parts out of range: %j', (parts, message) => {
    expect(() => encodeToid(parts)).toThrow(message);
  });

  it.each(['-1', '1.5', 'abc', '', '99999999999999999999', '9223372036854775808'])('refuses the id %j', (id) => {
    expect(() => decodeToid(id)).toThrow(ToidError);
  });

  it('gives the id ranges of a ledger and of a transaction', () => {
    const [start, end] = ledgerToidRange(7);
    expect(start).toBe(7n << 32n);
    expect(end).toBe(8n << 32n);
    const [txStart, txEnd] = transactionToidRange(7, 3);
    expect(decodeToid(txStart)).toEqual({ ledger: 7, txOrder: 3, opIndex: 0 });
    expect(decodeToid(txEnd - 1n)).toEqual({ ledger: 7, txOrder: 3, opIndex: OP_INDEX_MAX });
  });

  it('round-trips every valid triple (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: LEDGER_MAX }),
        fc.integer({ min: 0, max: TX_ORDER_MAX }),
        fc.integer({ min: 0, max: OP_INDEX_MAX }),
        (ledger, txOrder, opIndex) => {
          const id = encodeToid({ ledger, txOrder, opIndex });
          expect(decodeToid(id)).toEqual({ ledger, txOrder, opIndex });
          expect(decodeToid(id.toString())).toEqual({ ledger, txOrder, opIndex });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('orders ids as ledgers, then transactions, then operations (property)', () => {
    const triple = fc.tuple(
      fc.integer({ min: 1, max: LEDGER_MAX }),
      fc.integer({ min: 0, max: TX_ORDER_MAX }),
      fc.integer({ min: 0, max: OP_INDEX_MAX }),
    );
    fc.assert(
      fc.property(triple, triple, (a, b) => {
        const ida = encodeToid({ ledger: a[0], txOrder: a[1], opIndex: a[2] });
        const idb = encodeToid({ ledger: b[0], txOrder: b[1], opIndex: b[2] });
        const lexical = a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
        expect(Math.sign(Number(ida - idb))).toBe(Math.sign(lexical));
      }),
    );
  });
});
