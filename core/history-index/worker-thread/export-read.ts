// The rows of an export, chunk by chunk, in the filter and sort of the workbench (filter.ts, the
// same conditions and keyset as query.ts readPage) but read for speed: no joins (assets are few and
// held in a map; counterparties are looked up once each and remembered), each row an array in the
// order of COLUMNS (SQLite builds no object per row), small integers as numbers, and the 64-bit
// values (ids, amounts, fees) as their decimal text, so a row costs no BigInt until an amount is
// summed or written. A statement is prepared once per shape of the query (the first chunk, the
// chunks after a cursor) and run again for each chunk.
import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { HistoryFilter, HistorySort } from '../../../shared/history';
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

/**
 * Runs a statement for its rows as arrays: through setReturnArrays where the Node has it (since
 * 24), else as each row object's values, which come in the order of the columns.
 */
export function arrayStatement(statement: StatementSync): (params: SqlPart['params']) => ExportRow[] {
  if (typeof (statement as Arrays).setReturnArrays === 'function') {
    statement.setReturnArrays(true);
    return (params) => statement.all(...params) as unknown as ExportRow[];
  }
  return (params) => statement.all(...params).map((row) => Object.values(row));
}

export class ExportReader {
  private readonly assets: Map<number, string>;
  private readonly parties = new Map<number, string>();
  private readonly party: StatementSync;
  /** The prepared statements, by their SQL (at most three shapes: first, after a key, after a null amount). */
  private readonly statements = new Map<string, (params: SqlPart['params']) => ExportRow[]>();
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

  /** The next chunk of at most `limit` rows, the interned columns as text; empty at the end. */
  next(limit: number): ExportRow[] {
    if (this.done) return [];
    const where = this.where;
    const { order, after } = sortSql(this.sort, this.cursor);
    const sql = `SELECT ${COLUMNS} FROM ops WHERE ${after ? `${where.sql} AND ${after.sql}` : where.sql} ${order} LIMIT ?`;
    const rows = this.statement(sql)([...where.params, ...(after?.params ?? []), limit]);
    if (rows.length < limit) this.done = true;
    const last = rows.at(-1);
    if (last) {
      const key = this.sort.endsWith('amount') ? last[C.amount] : last[C.createdAt];
      this.cursor = {
        key: key === null || key === undefined ? null : BigInt(key as string | number),
        id: BigInt(last[C.id] as string),
      };
    }
    for (const row of rows) {
      row[C.asset] = this.assetOf(row[C.asset]);
      row[C.sourceAsset] = this.assetOf(row[C.sourceAsset]);
      row[C.counterparty] = this.partyOf(row[C.counterparty]);
    }
    return rows;
  }

  private statement(sql: string): (params: SqlPart['params']) => ExportRow[] {
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
