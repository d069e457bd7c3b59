// An indexed account's row of `accounts` (schema.ts): where its sync stands and what its index
// holds. The index holds every operation of the account with an id up to `lastToken` (from the
// ledger `completeFrom`); a file migrated from schema version 7 in the middle of a second walk
// may hold some after it too (schema.ts), which the sync's walk finds there and does not add again.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { numberCell, textCell } from './cells';
import type { AccountChange, AccountMeta } from '../protocol';

export type { AccountChange, AccountMeta } from '../protocol';

export function updateAccount(db: DatabaseSync, acct: number, change: AccountChange): void {
  if (change.state !== undefined) db.prepare('UPDATE accounts SET state = ? WHERE acct = ?').run(change.state, acct);
  if (change.completeFrom !== undefined)
    db.prepare('UPDATE accounts SET complete_from = ? WHERE acct = ?').run(change.completeFrom, acct);
  if (change.sidesMissing !== undefined)
    db.prepare('UPDATE accounts SET sides_missing = ? WHERE acct = ?').run(change.sidesMissing.join(','), acct);
}

/** Each file's statement for readMeta, which a sync runs twice a page: prepared once. */
const metaStatements = new WeakMap<DatabaseSync, StatementSync>();

export function readMeta(db: DatabaseSync, address: string): AccountMeta | undefined {
  let statement = metaStatements.get(db);
  if (!statement) metaStatements.set(db, (statement = db.prepare('SELECT * FROM accounts WHERE address = ?')));
  const row = statement.get(address) as Record<string, unknown> | undefined;
  return row ? metaOf(row) : undefined;
}

export function listMeta(db: DatabaseSync): AccountMeta[] {
  return (db.prepare('SELECT * FROM accounts ORDER BY address').all() as Record<string, unknown>[]).map(metaOf);
}

function metaOf(row: Record<string, unknown>): AccountMeta {
  return {
    acct: Number(row['acct']),
    address: String(row['address']),
    lastToken: textCell(row['last_token']),
    completeFrom: numberCell(row['complete_from']),
    state: String(row['state']) as AccountMeta['state'],
    rows: Number(row['rows']),
    bytes: Number(row['bytes']),
    oldest: numberCell(row['oldest']),
    newest: numberCell(row['newest']),
    damaged: textCell(row['damaged']),
    sides: {
      transactions: textCell(row['tx_token']),
      trades: textCell(row['trade_token']),
      missing: textCell(row['sides_missing'])?.split(',').filter(Boolean) ?? null,
    },
    ledgers: ledgersOf(row),
  };
}

function ledgersOf(row: Record<string, unknown>): AccountMeta['ledgers'] {
  const [where, from, to, next] = [
    textCell(row['ledger_source']),
    numberCell(row['ledger_from']),
    numberCell(row['ledger_to']),
    numberCell(row['ledger_next']),
  ];
  return where === null || from === null || to === null || next === null ? null : { where, from, to, next };
}
