// The rows of an export, chunk by chunk, in the filter and sort of the workbench (filter.ts, the
// same conditions and keyset as query.ts readPage) but read for speed: no joins (assets are few and
// held in a map; counterparties are looked up once each and remembered), each row an array in the
// order of COLUMNS (SQLite builds no object per row), small integers as numbers, and the 64-bit
// values (ids, amounts, fees) as their decimal text, so a row costs no BigInt until an amount is
// summed or written. A statement is prepared once per shape of the query (the first chunk, the
// chunks after a cursor) and run again for each chunk.
import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { HistoryFilter, HistorySort } from '../../../shared/history';
import { bigCell } from './cells';
import { compileFilter, sortSql, type Cursor, type SqlPart } from './filter';
import { names } from './query';

/** A row's cells in the order of COLUMNS; asset and counterparty ids already read as their keys. */
export type ExportRow = SQLOutputValue[];

// The amount's text is named apart: ORDER BY amount must sort by the column, not by this text.
const COLUMNS = `CAST(ops.id AS TEXT), created_at, type, tx_hash, successful, counterparty, direction, asset,
  CAST(amount AS TEXT) AS amount_text, source_asset, CAST(source_amount AS TEXT), memo, CAST(fee_paid AS TEXT)`;

/** Where each column is in an ExportRow. */
export const C = {
  id: 0,
  createdAt: 1,
  type: 2,
  txHash: 3,
  successful: 4,
  counterparty: 5,
  direction: 6,
  asset: 7,
  amount: 8,
  sourceAsset: 9,
  sourceAmount: 10,
  memo: 11,
  feePaid: 12,
} as const;

/** The most counterparties remembered (their addresses); past it they are looked up each time. */
const MAX_PARTIES = 200_000;

type Arrays = StatementSync & { setReturnArrays?: (on: boolean) => void };
type Run = (params: SqlPart['params']) => Iterable<ExportRow>;

/**
 * Runs a statement for its rows, one at a time, as arrays: through setReturnArrays where the Node
 * has it (since 24), else as each row object's values, which come in the order of the columns.
 */
export function arrayStatement(statement: StatementSync): Run {
  if (typeof (statement as Arrays).setReturnArrays === 'function') {
    statement.setReturnArrays(true);
    return (params) => statement.iterate(...params) as unknown as Iterable<ExportRow>;
  }
  return function* (params) {
    for (const row of statement.iterate(...params)) yield Object.values(row);
  };
}

export class ExportReader {
  private readonly assets: Map<number, string>;
  private readonly parties = new Map<number, string>();
  private readonly party: StatementSync;
  /** The prepared statements, by their SQL (a few shapes: first, each segment after a key or a null amount). */
  private readonly statements = new Map<string, Run>();
  private readonly where: SqlPart;
  private cursor: Cursor | undefined;
  private done = false;

  constructor(
    private readonly db: DatabaseSync,
    acct: number,
    filter: HistoryFilter,
    private readonly sort: HistorySort,
  ) {
    this.assets = names(db, 'assets');
    this.party = db.prepare('SELECT address FROM parties WHERE id = ?');
    this.where = compileFilter(acct, filter);
  }

  /**
   * Reads the next page, at most `limit` rows, in one statement, and hands them on as it steps
   * through them, in batches of at most `batch` rows, the interned columns as text: only a batch
   * is held at a time. Returns the rows read, fewer than `limit` at the end.
   */
  page(limit: number, batch: number, each: (rows: ExportRow[]) => void): number {
    if (this.done) return 0;
    const where = this.where;
    const { order, after } = sortSql(this.sort, this.cursor);
    let read = 0;
    let rows: ExportRow[] = [];
    const hand = () => {
      this.cursorAfter(rows.at(-1));
      each(rows);
      rows = [];
    };
    // Each keyset segment in turn (filter.ts sortSql), until `limit` rows are read.
    for (const segment of after) {
      const sql = `SELECT ${COLUMNS} FROM ops WHERE ${segment ? `${where.sql} AND ${segment.sql}` : where.sql} ${order} LIMIT ?`;
      for (const row of this.statement(sql)([...where.params, ...(segment?.params ?? []), limit - read])) {
        row[C.asset] = this.assetOf(row[C.asset]);
        row[C.sourceAsset] = this.assetOf(row[C.sourceAsset]);
        row[C.counterparty] = this.partyOf(row[C.counterparty]);
        rows.push(row);
        read++;
        if (rows.length === batch) hand();
      }
      if (read === limit) break;
    }
    if (rows.length > 0) hand();
    if (read < limit) this.done = true;
    return read;
  }

  /** The keyset cursor after a row: its sort key and id. */
  private cursorAfter(last: ExportRow | undefined): void {
    if (!last) return;
    const key = this.sort.endsWith('amount') ? last[C.amount] : last[C.createdAt];
    this.cursor = {
      key: bigCell(key),
      id: BigInt(last[C.id] as string),
    };
  }

  private statement(sql: string): Run {
    let run = this.statements.get(sql);
    if (!run) {
      run = arrayStatement(this.db.prepare(sql));
      this.statements.set(sql, run);
    }
    return run;
  }

  private assetOf(id: SQLOutputValue | undefined): string | null {
    return id === null || id === undefined ? null : (this.assets.get(Number(id)) ?? '?');
  }

  private partyOf(id: SQLOutputValue | undefined): string | null {
    if (id === null || id === undefined) return null;
    const known = this.parties.get(Number(id));
    if (known !== undefined) return known;
    const address = (this.party.get(id) as { address: string } | undefined)?.address ?? null;
    if (address !== null && this.parties.size < MAX_PARTIES) this.parties.set(Number(id), address);
    return address;
  }
}
