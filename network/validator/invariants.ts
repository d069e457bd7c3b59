// Invariants of a store, checked by the tests after history generation and after every fault:
// native units are conserved, no balance is negative or above its limit, ledgers are contiguous
// and complete (their counts match the rows they own), every transaction is listed for its source,
// its fee account and its operations' participants, and every stored result decodes.
import type { DatabaseSync } from 'node:sqlite';
import { xdr } from '@stellar/stellar-base';
import { TOTAL_SUPPLY } from './model';

type Row = Record<string, bigint | string | null>;

function one(db: DatabaseSync, sql: string): Row {
  return (db.prepare(sql).get() ?? {}) as Row;
}

const n = (value: unknown): bigint => (value === null || value === undefined ? 0n : BigInt(value as bigint));

/** Problems found, empty when the store is sound. */
export function checkInvariants(db: DatabaseSync): string[] {
  const problems: string[] = [];
  const accounts = n(one(db, 'SELECT sum(balance) AS s FROM accounts').s);
  const poolsA = n(one(db, "SELECT sum(reserve_a) AS s FROM liquidity_pools WHERE asset_a = 'native'").s);
  const poolsB = n(one(db, "SELECT sum(reserve_b) AS s FROM liquidity_pools WHERE asset_b = 'native'").s);
  const balances = n(one(db, "SELECT sum(amount) AS s FROM claimable_balances WHERE asset = 'native'").s);
  const fees = n(one(db, 'SELECT fee_pool AS s FROM ledgers ORDER BY sequence DESC LIMIT 1').s);
  const total = accounts + poolsA + poolsB + balances + fees;
  if (total !== TOTAL_SUPPLY)
    problems.push(
      `native units not conserved: ${total} != ${TOTAL_SUPPLY} (accounts ${accounts}, pools ${poolsA + poolsB}, balances ${balances}, fees ${fees})`,
    );

  const checks: [string, string][] = [
    ['negative account balance', 'SELECT count(*) AS c FROM accounts WHERE balance < 0'],
    [
      'trustline balance outside 0..limit',
      'SELECT count(*) AS c FROM trustlines WHERE balance < 0 OR balance > trust_limit',
    ],
    [
      'negative pool reserve or shares',
      'SELECT count(*) AS c FROM liquidity_pools WHERE reserve_a < 0 OR reserve_b < 0 OR total_shares < 0',
    ],
    ['non-positive claimable balance', 'SELECT count(*) AS c FROM claimable_balances WHERE amount <= 0'],
    ['ledger gap', 'SELECT (max(sequence) - min(sequence) + 1) - count(*) AS c FROM ledgers'],
    [
      'ledger not chained to its predecessor',
      'SELECT count(*) AS c FROM ledgers l JOIN ledgers p ON p.sequence = l.sequence - 1 WHERE l.prev_hash <> p.hash',
    ],
    [
      'ledger whose transaction count does not match its rows',
      'SELECT count(*) AS c FROM ledgers l WHERE transaction_count <> (SELECT count(*) FROM transactions t WHERE t.id >= (l.sequence << 32) AND t.id < ((l.sequence + 1) << 32))',
    ],
    [
      'ledger whose operation count does not match its rows',
      'SELECT count(*) AS c FROM ledgers l WHERE operation_count <> (SELECT count(*) FROM operations o WHERE o.id >= (l.sequence << 32) AND o.id < ((l.sequence + 1) << 32))',
    ],
    [
      'operation without a scope row',
      "SELECT count(*) AS c FROM operations o WHERE NOT EXISTS (SELECT 1 FROM operation_scopes s WHERE s.scope = 'account' AND s.key = o.source_account AND s.operation_id = o.id)",
    ],
    [
      'transaction not listed for its source or its fee account',
      "SELECT count(*) AS c FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM operation_scopes s WHERE s.scope = 'transaction' AND s.key = t.source_account AND s.operation_id = t.id AND s.successful = t.successful) OR NOT EXISTS (SELECT 1 FROM operation_scopes s WHERE s.scope = 'transaction' AND s.key = t.fee_account AND s.operation_id = t.id AND s.successful = t.successful)",
    ],
    [
      'operation participant whose transaction is not listed for it',
      "SELECT count(*) AS c FROM operation_scopes s CROSS JOIN operations o ON o.id = s.operation_id WHERE s.scope = 'account' AND NOT EXISTS (SELECT 1 FROM operation_scopes x WHERE x.scope = 'transaction' AND x.key = s.key AND x.operation_id = o.transaction_id)",
    ],
    [
      'transaction scope row that names no transaction',
      "SELECT count(*) AS c FROM operation_scopes s WHERE s.scope = 'transaction' AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = s.operation_id)",
    ],
  ];
  for (const [what, sql] of checks) {
    const count = n(one(db, sql).c);
    if (count !== 0n) problems.push(`${what}: ${count}`);
  }

  let undecodable = 0;
  for (const row of db.prepare('SELECT hash, fee_charged, result_xdr FROM transactions').iterate() as Iterable<Row>) {
    try {
      const result = xdr.TransactionResult.fromXDR(String(row.result_xdr), 'base64');
      if (result.feeCharged().toString() !== String(row.fee_charged)) undecodable += 1;
    } catch {
      undecodable += 1;
    }
  }
  if (undecodable) problems.push(`results that do not decode or disagree with fee_charged: ${undecodable}`);
  return problems;
}
