// TOID: the total-order id of an operation, `ledger << 32 | tx_order << 12 | op_index`, as
// Stellar defines it. Ledger is a positive int32 (the id stays a positive int64), the
// transaction's 1-based order within its ledger fits 20 bits and the operation's 1-based index
// within its transaction 12 bits. Index 0 names the transaction (or, with both 0, the ledger).

export const LEDGER_MAX = 2 ** 31 - 1;
export const TX_ORDER_MAX = 2 ** 20 - 1;
export const OP_INDEX_MAX = 2 ** 12 - 1;

export interface TOID {
  ledger: number;
  txOrder: number;
  opIndex: number;
}

export class ToidError extends Error {
  override name = 'ToidError';
}

function checkPart(name: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new ToidError(`${name} ${String(value)} is outside 0..${max}`);
  }
}

export function encodeToid({ ledger, txOrder, opIndex }: TOID): bigint {
  checkPart('ledger', ledger, LEDGER_MAX);
  checkPart('transaction order', txOrder, TX_ORDER_MAX);
  checkPart('operation index', opIndex, OP_INDEX_MAX);
  return (BigInt(ledger) << 32n) | (BigInt(txOrder) << 12n) | BigInt(opIndex);
}

export function decodeToid(id: bigint | string): TOID {
  let value: bigint;
  if (typeof id === 'string') {
    if (!/^\d{1,19}$/.test(id)) throw new ToidError(`"${id.slice(0, 32)}" is not an operation id`);
    value = BigInt(id);
  } else {
    value = id;
  }
  if (value < 0n || value > 2n ** 63n - 1n) throw new ToidError('operation id is outside int64');
  return {
    ledger: Number(value >> 32n),
    txOrder: Number((value >> 12n) & 0xfffffn),
    opIndex: Number(value & 0xfffn),
  };
}

/** First id of a ledger (inclusive) and first id of the next one (exclusive). */
export function ledgerToidRange(ledger: number): [bigint, bigint] {
  return [encodeToid({ ledger, txOrder: 0, opIndex: 0 }), BigInt(ledger + 1) << 32n];
}

/** Range of operation ids that belong to one transaction. */
export function transactionToidRange(ledger: number, txOrder: number): [bigint, bigint] {
  const start = encodeToid({ ledger, txOrder, opIndex: 0 });
  return [start, start + 4096n];
}
