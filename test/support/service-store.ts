// A store filled directly through schema.sql, for the service's unit tests and benchmarks: the
// service only reads rows, so synthetic rows (no real envelopes) exercise every query and the
// benchmarks can hold a million operations without running the core's apply path.
import { createHash } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { Keypair } from '@stellar/stellar-base';
import { formatAmount } from '../../shared/amount';
import { encodeToid } from '../../shared/toid';
import { NETWORK_PASSPHRASE } from '../../network/validator/model';
import { openStore, storePath } from '../../network/store/db';

export const PASSPHRASE = NETWORK_PASSPHRASE;

export interface SyntheticOp {
  type: number;
  source: string;
  details: string;
  /** [scope, key] rows of operation_scopes. */
  scopes: [string, string][];
}

export interface SyntheticTx {
  source: string;
  successful: boolean;
  ops: SyntheticOp[];
  hash?: string;
  envelope?: string;
  result?: string;
}

export function accountKeys(count: number, seed = 1): string[] {
  return Array.from({ length: count }, (_, i) => {
    const raw = createHash('sha256').update(`account-${seed}-${i}`).digest();
    return Keypair.fromRawEd25519Seed(raw).publicKey();
  });
}

export function paymentOp(sender: string, receiver: string, amount: bigint, issuer?: string): SyntheticOp {
  const currency = issuer ? `{"code":"USD","issuer":"${issuer}"}` : '{"code":"XLM"}';
  return {
    type: 0,
    source: sender,
    details: `{"sender":"${sender}","receiver":"${receiver}","currency":${currency},"amount":${amount},"amount_f":${formatAmount(amount)}}`,
    scopes: [
      ['payment', sender],
      ['payment', receiver],
      ['account', sender],
      ['account', receiver],
    ],
  };
}

export class SyntheticStore {
  readonly db: DatabaseSync;
  private readonly insert: Record<'ledger' | 'tx' | 'op' | 'scope' | 'account', StatementSync>;
  private prevHash = '0'.repeat(64);

  constructor(dataDir: string, startLedger: number) {
    this.db = openStore(storePath(dataDir));
    const meta = this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    const entries: [string, string][] = [
      ['network_passphrase', PASSPHRASE],
      ['start_ledger', String(startLedger)],
      ['base_fee', '100'],
      ['base_reserve', '5000000'],
    ];
    for (const [key, value] of entries) meta.run(key, value);
    this.insert = {
      ledger: this.db.prepare('INSERT INTO ledgers VALUES (?, ?, ?, ?, ?, ?, ?, 0, 100, 5000000)'),
      tx: this.db.prepare(
        "INSERT INTO transactions VALUES (?, ?, ?, ?, ?, ?, '1', 100, 1000, ?, 'text', 'synthetic', ?, ?, ?, ?)",
      ),
      op: this.db.prepare('INSERT INTO operations VALUES (?, ?, ?, ?, ?, ?)'),
      scope: this.db.prepare('INSERT OR IGNORE INTO operation_scopes VALUES (?, ?, ?, ?)'),
      account: this.db.prepare("INSERT OR REPLACE INTO accounts VALUES (?, ?, ?, 0, 1, 0, 0, 0, '', 0, ?)"),
    };
  }

  addAccount(id: string, balance: bigint, ledger: number): void {
    this.insert.account.run(id, balance, BigInt(ledger) << 32n, ledger);
  }

  /** Date.now() just before the last ledger's COMMIT: the earliest a reader can see it. */
  commitStartedAt = 0;

  /** Writes one ledger in one SQLite transaction, as the core does. Returns the transactions' hashes. */
  appendLedger(sequence: number, txs: SyntheticTx[], closedAt = new Date()): string[] {
    const created = closedAt.toISOString().replace(/\.\d+Z$/, 'Z');
    const hash = createHash('sha256').update(`ledger-${sequence}`).digest('hex');
    const hashes: string[] = [];
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const opCount = txs.reduce((n, tx) => n + tx.ops.length, 0);
      const failed = txs.filter((tx) => !tx.successful).length;
      this.insert.ledger.run(sequence, hash, this.prevHash, created, txs.length, failed, opCount);
      txs.forEach((tx, t) => {
        const txId = encodeToid({ ledger: sequence, txOrder: t + 1, opIndex: 0 });
        const txHash = tx.hash ?? createHash('sha256').update(`tx-${txId}`).digest('hex');
        hashes.push(txHash);
        const ok = tx.successful ? 1 : 0;
        this.insert.tx.run(
          txId,
          txHash,
          sequence,
          t + 1,
          tx.source,
          tx.source,
          tx.ops.length,
          ok,
          tx.envelope ?? 'AAAA',
          tx.result ?? 'AAAA',
          created,
        );
        tx.ops.forEach((op, i) => {
          const opId = txId + BigInt(i + 1);
          this.insert.op.run(opId, txId, op.type, op.source, ok, op.details);
          for (const [scope, key] of op.scopes) this.insert.scope.run(scope, key, opId, ok);
        });
      });
      // Readers may see the ledger before COMMIT returns (it can go on to checkpoint the WAL).
      this.commitStartedAt = Date.now();
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    this.prevHash = hash;
    return hashes;
  }

  close(): void {
    this.db.close();
  }
}

/**
 * Fills `ledgers` ledgers of payments among `accounts` accounts, `perLedger` single-payment
 * transactions each; every `failEvery`-th transaction fails. Account 0 is in every payment.
 */
export function fillPayments(
  store: SyntheticStore,
  options: {
    startLedger: number;
    ledgers: number;
    perLedger: number;
    accounts: string[];
    failEvery?: number;
    bulk?: boolean;
  },
): void {
  const { accounts } = options;
  // Bulk: build the secondary indexes once at the end (sorted) instead of row by row.
  if (options.bulk)
    store.db.exec(
      'PRAGMA synchronous = OFF; DROP INDEX operation_scopes_by_outcome; DROP INDEX operations_by_outcome;',
    );
  let n = 0;
  for (const account of accounts) store.addAccount(account, 10_000_000_000n, options.startLedger);
  for (let l = 0; l < options.ledgers; l += 1) {
    const txs: SyntheticTx[] = [];
    for (let t = 0; t < options.perLedger; t += 1, n += 1) {
      const other = accounts[1 + (n % (accounts.length - 1))]!;
      const [from, to] = n % 2 === 0 ? [accounts[0]!, other] : [other, accounts[0]!];
      txs.push({
        source: from,
        successful: !options.failEvery || n % options.failEvery !== 0,
        ops: [paymentOp(from, to, BigInt(n + 1))],
      });
    }
    store.appendLedger(options.startLedger + l, txs);
  }
  if (options.bulk) {
    store.db.exec(
      'CREATE INDEX operation_scopes_by_outcome ON operation_scopes (scope, key, successful, operation_id);',
    );
    store.db.exec('CREATE INDEX operations_by_outcome ON operations (successful, id); PRAGMA synchronous = NORMAL;');
  }
}

export const BALANCE_ID = `00000000${'ab'.repeat(32)}`;
export const POOL_ID = 'cd'.repeat(32);

/** One operation of each of the 11 types (details as store/README.md lists them). */
export function everyTypeOps(a: string, b: string): SyntheticOp[] {
  const usd = `{"code":"USD","issuer":"${b}"}`;
  const both: [string, string][] = [
    ['account', a],
    ['account', b],
  ];
  const pool: [string, string][] = [
    ['account', a],
    ['liquidity_pool', POOL_ID],
  ];
  const reserves = `[{"currency":{"code":"XLM"},"amount":10,"amount_f":0.000001},{"currency":${usd},"amount":20,"amount_f":0.000002}]`;
  return [
    paymentOp(a, b, 123456789012345678n, b),
    {
      type: 1,
      source: a,
      details: `{"funder":"${a}","account":"${b}","starting_balance":100000000,"starting_balance_f":10}`,
      scopes: both,
    },
    {
      type: 2,
      source: a,
      details: `{"trustor":"${a}","currency":${usd},"limit":9223372036854775807,"limit_f":922337203685.4775807}`,
      scopes: [['account', a]],
    },
    {
      type: 3,
      source: a,
      details: `{"balance_id":"${BALANCE_ID}","currency":{"code":"XLM"},"amount":1,"amount_f":0.0000001,"claimants":[{"destination":"${b}","predicate":{"unconditional":true}}]}`,
      scopes: [
        ['account', a],
        ['account', b],
        ['claimable_balance', BALANCE_ID],
      ],
    },
    {
      type: 4,
      source: b,
      details: `{"balance_id":"${BALANCE_ID}","claimant":"${b}","currency":{"code":"XLM"},"amount":1,"amount_f":0.0000001}`,
      scopes: [
        ['account', b],
        ['claimable_balance', BALANCE_ID],
      ],
    },
    {
      type: 5,
      source: a,
      details: `{"liquidity_pool_id":"${POOL_ID}","reserves_max":${reserves},"min_price":"0.5","max_price":"2","reserves_deposited":${reserves},"shares_received":14,"shares_received_f":0.0000014}`,
      scopes: pool,
    },
    {
      type: 6,
      source: a,
      details: `{"liquidity_pool_id":"${POOL_ID}","shares":14,"shares_f":0.0000014,"reserves_min":${reserves},"reserves_received":${reserves}}`,
      scopes: pool,
    },
    { type: 7, source: a, details: '{"name":"greeting","value":"aGVsbG8="}', scopes: [['account', a]] },
    { type: 8, source: b, details: `{"account":"${b}","into":"${a}","amount":5,"amount_f":0.0000005}`, scopes: both },
    { type: 9, source: a, details: '{"bump_to":"9223372036854775807"}', scopes: [['account', a]] },
    { type: 10, source: a, details: '{"home_domain":"example.org","master_key_weight":2}', scopes: [['account', a]] },
  ];
}
