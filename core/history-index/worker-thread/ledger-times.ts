// A record's time is its ledger's close time (issue 37.9): the records of one ledger carry one
// time, and a later ledger never closed before an earlier one. A record that says otherwise (a
// trade dated years after the ledger its id names) is refused by its name and the rule, before
// anything of its page is written. Held within each written batch, and at the batch's ends
// against the index's nearest records (the index holds by induction: every batch was checked).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { NormalizeError } from '../../http/values';
import type { IndexRow } from './extract';
import { isoTime } from './iso-time';
import { FEE_ROW, TRADE_ROW, type TradeFill } from './side-records';

export const LEDGER_TIME_RULE = "is not its ledger's close time";

/** A record to be written: its name in sentences ("operation 123", "trade 45-0"), its ledger and time (epoch ms). */
export interface Dated {
  what: string;
  ledger: number;
  at: number;
}

interface Near {
  id: bigint;
  ledger: number;
  at: number;
}

const shown = (at: number) => isoTime(at);

/** A row to be written, as the rule names it: its trade, its transaction or its operation. */
export function datedRow(row: IndexRow): Dated {
  const what =
    row.type === TRADE_ROW
      ? `trade ${row.pagingToken}`
      : row.type === FEE_ROW
        ? `transaction ${row.pagingToken}`
        : `operation ${row.id}`;
  return { what, ledger: row.ledger, at: row.createdAt };
}

/** A fill to be written as legs of a held operation's row: dated by its trade's close time, in the ledger of the operation that made it. */
export const datedFill = (fill: TradeFill): Dated => ({
  what: `trade ${fill.token}`,
  ledger: Number(fill.opId >> 32n),
  at: fill.createdAt,
});

/** The sentence for `record` against `other`, or undefined when they agree. */
function disagreement(record: Dated, other: Dated): string | undefined {
  if (record.ledger === other.ledger && record.at !== other.at)
    return `${record.what}: its time ${shown(record.at)} ${LEDGER_TIME_RULE}: ${other.what} of the same ledger ${record.ledger} says ${shown(other.at)}`;
  if (record.ledger > other.ledger && record.at < other.at)
    return `${record.what}: its time ${shown(record.at)} ${LEDGER_TIME_RULE}: it is before ${shown(other.at)}, when ${other.what} of the earlier ledger ${other.ledger} closed`;
  if (record.ledger < other.ledger && record.at > other.at)
    return `${record.what}: its time ${shown(record.at)} ${LEDGER_TIME_RULE}: it is after ${shown(other.at)}, when ${other.what} of the later ledger ${other.ledger} closed`;
  return undefined;
}

/** The batch's own agreement: sorted by ledger, each record against the one before it. Throws NormalizeError. */
export function checkBatchTimes(records: readonly Dated[]): Dated[] {
  const sorted = [...records].sort((a, b) => a.ledger - b.ledger);
  for (let i = 1; i < sorted.length; i++) {
    const problem = disagreement(sorted[i]!, sorted[i - 1]!);
    if (problem) throw new NormalizeError(problem);
  }
  return sorted;
}

/** The index's side of the rule: its records nearest a ledger, by id (a TOID: the ledger in its high bits). */
export class LedgerTimes {
  private readonly atOrBelow: StatementSync;
  private readonly above: StatementSync;

  constructor(db: DatabaseSync) {
    this.atOrBelow = db.prepare(
      'SELECT id, ledger, created_at AS at FROM ops WHERE acct = ? AND id < ? ORDER BY id DESC LIMIT 1',
    );
    this.above = db.prepare(
      'SELECT id, ledger, created_at AS at FROM ops WHERE acct = ? AND id >= ? ORDER BY id LIMIT 1',
    );
    this.atOrBelow.setReadBigInts(true);
    this.above.setReadBigInts(true);
  }

  /** Checks a batch within itself and at its ends against the account's indexed records; throws NormalizeError naming the record. */
  check(acct: number, records: readonly Dated[]): void {
    if (records.length === 0) return;
    const sorted = checkBatchTimes(records);
    for (const record of [sorted[0]!, sorted.at(-1)!]) {
      const end = (BigInt(record.ledger) + 1n) << 32n;
      for (const near of [this.near(this.atOrBelow, acct, end), this.near(this.above, acct, end)]) {
        if (!near) continue;
        const problem = disagreement(record, { what: `operation ${near.id}`, ledger: near.ledger, at: near.at });
        if (problem) throw new NormalizeError(problem);
      }
    }
  }

  private near(statement: StatementSync, acct: number, end: bigint): Near | undefined {
    const row = statement.get(acct, end) as { id: bigint; ledger: bigint; at: bigint } | undefined;
    return row ? { id: row.id, ledger: Number(row.ledger), at: Number(row.at) } : undefined;
  }
}
