// A history filter as SQL: every condition is an indexed column compared with a bound parameter
// (never text pasted into SQL), all of them combined with AND. The meaning of each condition is
// docs/history-index.md "Filters"; test/unit/history-index.test.ts checks it against a plain
// JavaScript filter over the same records.
import type { SQLInputValue } from 'node:sqlite';
import { parseAmount } from '../../../shared/amount';
import type { HistoryFilter, HistorySort } from '../../../shared/history';
import { CoreError } from '../../app/errors';

export interface SqlPart {
  sql: string;
  params: SQLInputValue[];
}

/** The keys (in `assets`) an asset filter means: native, every issuer of a code, or one code and issuer. */
function assetKeys(asset: string): SqlPart {
  if (asset === 'native' || asset === 'XLM') return { sql: "key = 'native'", params: [] };
  // "CODE" alone: the code with any issuer (the range of "CODE:…" keys), or without one.
  if (!asset.includes(':'))
    return { sql: '(key = ? OR (key >= ? AND key < ?))', params: [asset, `${asset}:`, `${asset};`] };
  return { sql: 'key = ?', params: [asset] };
}

export function amountBound(text: string, flag: string): bigint {
  try {
    return parseAmount(text);
  } catch (error) {
    throw new CoreError('invalid_input', `${flag}: ${(error as Error).message}`);
  }
}

export interface CompileOptions {
  /** Keep the planner off the amount index (a broad amount range under a time sort, query.ts). */
  amountUnindexed?: boolean;
}

export function compileFilter(acct: number, filter: HistoryFilter, options: CompileOptions = {}): SqlPart {
  const where: string[] = ['ops.acct = ?'];
  const params: SQLInputValue[] = [acct];
  const add = (sql: string, ...values: SQLInputValue[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (filter.types && filter.types.length > 0)
    add(`type IN (${filter.types.map(() => '?').join(', ')})`, ...filter.types);
  if (filter.asset !== undefined) {
    // Assets are interned (schema.ts): the filter is on their ids, either leg of a path payment.
    const keys = assetKeys(filter.asset);
    const ids = `(SELECT id FROM assets WHERE ${keys.sql})`;
    add(`(ops.asset IN ${ids} OR ops.source_asset IN ${ids})`, ...keys.params, ...keys.params);
  }
  if (filter.counterparty !== undefined)
    add('ops.counterparty = (SELECT id FROM parties WHERE address = ?)', filter.counterparty);
  if (filter.direction !== undefined) add('direction = ?', filter.direction);
  const min = filter.minAmount === undefined ? undefined : amountBound(filter.minAmount, 'minAmount');
  const max = filter.maxAmount === undefined ? undefined : amountBound(filter.maxAmount, 'maxAmount');
  if (min !== undefined && max !== undefined && min > max)
    throw new CoreError('invalid_input', 'minAmount is larger than maxAmount.');
  // A unary + makes a term unusable for an index: SQLite then reads in time order and checks it.
  const amount = options.amountUnindexed ? '+amount' : 'amount';
  if (min !== undefined) add(`${amount} >= ?`, min);
  if (max !== undefined) add(`${amount} <= ?`, max);
  if (filter.from !== undefined) add('created_at >= ?', filter.from);
  if (filter.to !== undefined) add('created_at < ?', filter.to);
  if (filter.memo !== undefined) add('memo IS NOT NULL AND instr(memo, ?) > 0', filter.memo);
  if (filter.status === 'successful') add('successful = 1');
  if (filter.status === 'failed') add('successful = 0');
  return { sql: where.join(' AND '), params };
}

export interface Cursor {
  /** The sort key of the last row: created_at, or amount (null for a row without one). */
  key: bigint | null;
  id: bigint;
}

export function parseCursor(text: string): Cursor {
  const match = /^(n|\d{1,19}):(\d{1,19})$/.exec(text);
  if (!match) throw new CoreError('invalid_input', 'The cursor is not one this index wrote.');
  return { key: match[1] === 'n' ? null : BigInt(match[1]!), id: BigInt(match[2]!) };
}

export function cursorText(key: bigint | number | null, id: bigint | number): string {
  return `${key === null ? 'n' : String(key)}:${String(id)}`;
}

/**
 * ORDER BY and the keyset conditions "after the cursor" for a sort, as segments read in turn
 * until a page is full (`null`: no condition). SQLite orders NULL first ascending and last
 * descending; the amount segments follow that order so no row is skipped or repeated across
 * pages. Each segment is one range of an index: a row value `(key, id)` past the cursor's (the
 * index holds the id after its columns, the table being WITHOUT ROWID), or the rows without an
 * amount by id. An OR of the two in one condition (`… OR amount IS NULL`) left the planner no
 * range, so each page of `-amount` read the index from its start, a whole walk quadratic (issue
 * 36), and `key >= ? AND (key > ? OR id > ?)` read every tie before the cursor again on each page.
 */
export function sortSql(sort: HistorySort, cursor: Cursor | undefined): { order: string; after: (SqlPart | null)[] } {
  const byAmount = sort === 'amount' || sort === '-amount';
  const desc = sort.startsWith('-');
  const column = byAmount ? 'amount' : 'created_at';
  const dir = desc ? 'DESC' : 'ASC';
  const order = `ORDER BY ${column} ${dir}, ops.id ${dir}`;
  if (!cursor) return { order, after: [null] };
  const cmp = desc ? '<' : '>';
  if (!byAmount || cursor.key !== null) {
    const past = { sql: `(${column}, ops.id) ${cmp} (?, ?)`, params: [cursor.key ?? 0n, cursor.id] };
    // Descending by amount, the rows without an amount come after every amount.
    return { order, after: byAmount && desc ? [past, { sql: 'amount IS NULL', params: [] }] : [past] };
  }
  // The cursor is on a row without an amount.
  if (desc) return { order, after: [{ sql: 'amount IS NULL AND ops.id < ?', params: [cursor.id] }] };
  return {
    order,
    after: [
      { sql: 'amount IS NULL AND ops.id > ?', params: [cursor.id] },
      { sql: 'amount IS NOT NULL', params: [] },
    ],
  };
}
