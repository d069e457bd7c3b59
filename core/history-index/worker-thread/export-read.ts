// The rows of an export, chunk by chunk, in the filter and sort of the workbench (filter.ts, the
// same conditions and keyset as query.ts readPage) but read for speed: no joins (assets are few and
// held in a map; counterparties are looked up once each and remembered), small integers as numbers,
// and the 64-bit values (ids, amounts, fees) as their decimal text, so a row costs no BigInt
// until an amount is summed or written.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { HistoryFilter, HistorySort } from '../../../shared/history';
import { compileFilter, sortSql, type Cursor } from './filter';
import { names } from './query';

export type ExportRaw = Record<string, SQLInputValue | undefined>;

// The amount's text is named apart: ORDER BY amount must sort by the column, not by this text.
const COLUMNS = `CAST(ops.id AS TEXT) AS id, created_at, type, tx_hash, successful, counterparty, direction, asset,
  CAST(amount AS TEXT) AS amount_text, source_asset, CAST(source_amount AS TEXT) AS source_amount, memo, CAST(fee_paid AS TEXT) AS fee_paid`;

/** The most counterparties remembered (their addresses); past it they are looked up each time. */
const MAX_PARTIES = 200_000;

export class ExportReader {
  private readonly assets: Map<number, string>;
  private readonly parties = new Map<number, string>();
  private readonly party: StatementSync;
  private cursor: Cursor | undefined;
  private done = false;

  constructor(
    private readonly db: DatabaseSync,
    private readonly acct: number,
    private readonly filter: HistoryFilter,
    private readonly sort: HistorySort,
  ) {
    this.assets = names(db, 'assets');
    this.party = db.prepare('SELECT address FROM parties WHERE id = ?');
  }

  /** The next chunk of at most `limit` rows, the interned columns as text; empty at the end. */
  next(limit: number): ExportRaw[] {
    if (this.done) return [];
    const where = compileFilter(this.acct, this.filter);
    const { order, after } = sortSql(this.sort, this.cursor);
    const sql = `SELECT ${COLUMNS} FROM ops WHERE ${after ? `${where.sql} AND ${after.sql}` : where.sql} ${order} LIMIT ?`;
    const rows = this.db.prepare(sql).all(...where.params, ...(after?.params ?? []), limit) as ExportRaw[];
    if (rows.length < limit) this.done = true;
    const last = rows.at(-1);
    if (last) {
      const byAmount = this.sort.endsWith('amount');
      const key = byAmount ? last['amount_text'] : last['created_at'];
      this.cursor = {
        key: key === null || key === undefined ? null : BigInt(key as string | number),
        id: BigInt(last['id'] as string),
      };
    }
    for (const row of rows) {
      row['amount'] = row['amount_text'];
      row['asset'] = this.assetOf(row['asset']);
      row['source_asset'] = this.assetOf(row['source_asset']);
      row['counterparty'] = this.partyOf(row['counterparty']);
    }
    return rows;
  }

  private assetOf(id: SQLInputValue | undefined): string | null {
    return id === null || id === undefined ? null : (this.assets.get(Number(id)) ?? '?');
  }

  private partyOf(id: SQLInputValue | undefined): string | null {
    if (id === null || id === undefined) return null;
    const known = this.parties.get(Number(id));
    if (known !== undefined) return known;
    const address = (this.party.get(id) as { address: string } | undefined)?.address ?? null;
    if (address !== null && this.parties.size < MAX_PARTIES) this.parties.set(Number(id), address);
    return address;
  }
}
