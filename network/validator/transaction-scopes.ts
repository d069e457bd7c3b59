// The 'transaction' scope of operation_scopes: which accounts' transaction listings
// (`/accounts/{id}/transactions`) hold a transaction. As Horizon's participants processor has it:
// the transaction's source (a fee bump's inner source), the fee account (a fee bump's source), and
// every participant of every operation (their 'account' scope rows). Keyed by the transaction's
// TOID (op index 0), never an operation's id. Horizon also counts accounts whose entries the
// transaction's meta changed; the local core writes no meta, so those are not here.
import type { DatabaseSync } from 'node:sqlite';
import type { AppliedTx } from './apply';

/** Accounts that list the transaction, each once: source, fee account, then operation participants. */
export function transactionParticipants(t: AppliedTx): Set<string> {
  const keys = new Set<string>([t.env.tx.source, t.env.feeBump?.feeSource ?? t.env.tx.source]);
  for (const op of t.ops) for (const [scope, key] of op.scopes) if (scope === 'account') keys.add(key);
  return keys;
}

/** Set once a store's transaction scope rows are complete (written live, or filled in below). */
export const TRANSACTION_SCOPES_META = 'transaction_scopes';

/**
 * The rows a store written before the 'transaction' scope existed lacks, derived from what it has
 * (the same three sources as transactionParticipants, so the result is what the core would have
 * written), in one SQLite transaction with the meta key that says they are complete. Runs once,
 * when the core opens such a store; returns the rows added, or undefined when there was nothing
 * to do.
 */
export function fillTransactionScopes(db: DatabaseSync): number | undefined {
  if (db.prepare('SELECT 1 AS x FROM meta WHERE key = ?').get(TRANSACTION_SCOPES_META)) return undefined;
  db.exec('BEGIN IMMEDIATE');
  try {
    let added = 0;
    for (const sql of [
      "INSERT OR IGNORE INTO operation_scopes SELECT 'transaction', source_account, id, successful FROM transactions",
      "INSERT OR IGNORE INTO operation_scopes SELECT 'transaction', fee_account, id, successful FROM transactions",
      `INSERT OR IGNORE INTO operation_scopes
         SELECT 'transaction', s.key, o.transaction_id, s.successful FROM operation_scopes s
         CROSS JOIN operations o ON o.id = s.operation_id WHERE s.scope = 'account'`,
    ]) {
      added += Number(db.prepare(sql).run().changes);
    }
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(TRANSACTION_SCOPES_META, 'complete');
    db.exec('COMMIT');
    return added;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
