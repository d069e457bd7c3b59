// The history index's rows as the exports read them (shared/export-columns.ts ExportOp): a row's
// legs are its columns' two (as row-legs.ts defines them, for the totals too) and its further
// legs in `legs`, read for a whole chunk of rows in one statement; its fee is `fee_paid`, the
// transaction's fee on the first row of each transaction the account paid for.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { orderLegs, type ExportLeg, type ExportOp } from '../../../shared/export-columns';
import { bigCell as big, textCell as text } from './cells';
import { C, type ExportRow } from './export-read';
import { isoTime } from './iso-time';
import { forColumnLegs, furtherParty } from './row-legs';

type Raw = Record<string, SQLInputValue | undefined>;

/** Whether decimal id `a` is below `b`: the shorter is, else the first in text (no sign, no leading zero). */
const below = (a: string, b: string) => a.length < b.length || (a.length === b.length && a < b);

/** The further legs of a chunk's rows, by operation id. */
export class ExtraLegs {
  private readonly statement: StatementSync;
  /** Whether any further leg lies between two operation ids: most stretches of a history have none. */
  private readonly any: StatementSync;

  constructor(
    db: DatabaseSync,
    private readonly acct: number,
  ) {
    this.statement = db.prepare(
      `SELECT l.op AS op, l.incoming AS incoming, a.key AS asset, l.amount AS amount, p.address AS party
         FROM legs l JOIN assets a ON a.id = l.asset LEFT JOIN parties p ON p.id = l.party
        WHERE l.acct = ? AND l.op IN (SELECT value FROM json_each(?)) ORDER BY l.op, l.n`,
    );
    this.statement.setReadBigInts(true);
    this.any = db.prepare('SELECT 1 FROM legs WHERE acct = ? AND op BETWEEN ? AND ? LIMIT 1');
  }

  /** The further legs of the successful rows among `rows` (a failed row has none). */
  of(rows: ExportRow[]): Map<string, ExportLeg[]> {
    const ids = rows.filter((r) => r[C.successful] === 1).map((r) => r[C.id] as string);
    const found = new Map<string, ExportLeg[]>();
    if (ids.length === 0 || this.noneAmong(ids)) return found;
    for (const r of this.statement.all(this.acct, `[${ids.join(',')}]`) as Raw[]) {
      const op = String(r['op']);
      const list = found.get(op) ?? [];
      list.push({
        side: Number(r['incoming']) === 1 ? 'in' : 'out',
        asset: String(r['asset']),
        amount: big(r['amount']),
        counterparty: text(r['party']),
      });
      found.set(op, list);
    }
    return found;
  }

  /** True when no further leg lies between the least and the greatest of `ids` (one seek, not one per id). */
  private noneAmong(ids: string[]): boolean {
    let least = ids[0]!;
    let greatest = least;
    for (const id of ids) {
      // A signed id (none the network writes) is not compared as text: the legs are read.
      if (id.charCodeAt(0) === 45 /* - */) return false;
      if (below(id, least)) least = id;
      else if (below(greatest, id)) greatest = id;
    }
    return this.any.get(this.acct, BigInt(least), BigInt(greatest)) === undefined;
  }
}

/** The last time written and its ISO text (iso-time.ts): a ledger's operations share one close time. */
let lastMs = Number.NaN;
let lastIso = '';
function isoOf(ms: number): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = isoTime(ms);
  }
  return lastIso;
}

/** The row exportOpOf reads: its legs and counterparty, for pushLeg (one function for every row, not a closure each). */
let rowLegs: ExportLeg[] = [];
let rowParty: string | null = null;
const pushLeg = (incoming: boolean, asset: string, amount: SQLInputValue | undefined) =>
  rowLegs.push({ side: incoming ? 'in' : 'out', asset, amount: big(amount), counterparty: rowParty });

/** An index row (export-read.ts) and its further legs as an ExportOp. */
export function exportOpOf(r: ExportRow, extra: ExportLeg[] | undefined): ExportOp {
  const successful = r[C.successful] === 1;
  const counterparty = text(r[C.counterparty]);
  const legs: ExportLeg[] = [];
  rowLegs = legs;
  rowParty = counterparty;
  const direction = r[C.direction] as string;
  forColumnLegs(
    successful,
    direction,
    text(r[C.asset]),
    r[C.amount],
    text(r[C.sourceAsset]),
    r[C.sourceAmount],
    pushLeg,
  );
  if (successful && extra)
    for (const leg of extra) {
      const party = furtherParty(leg.counterparty, counterparty);
      legs.push(party === leg.counterparty ? leg : { ...leg, counterparty: party });
    }
  return {
    time: isoOf(Number(r[C.createdAt])),
    type: String(r[C.type]),
    txHash: String(r[C.txHash]),
    opId: String(r[C.id]),
    memo: text(r[C.memo]),
    successful,
    counterparty,
    // The columns' two legs are out before in already; only further legs can break that order.
    legs: extra ? orderLegs(legs) : legs,
    feePaid: big(r[C.feePaid]),
  };
}

/** Every asset the account's totals hold (roll_day: every leg of a successful row), in the order the account first met them. */
export function accountAssets(db: DatabaseSync, acct: number): string[] {
  const rows = db
    .prepare(
      'SELECT a.key AS key, min(r.first) AS f FROM roll_day r JOIN assets a ON a.id = r.asset WHERE r.acct = ? GROUP BY r.asset ORDER BY f, a.key',
    )
    .all(acct) as { key: string }[];
  return rows.map((r) => r.key);
}
