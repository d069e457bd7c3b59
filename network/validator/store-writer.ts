// The core's writes to the store: prepared statements for the history rows of a ledger and for
// the state rows a ledger changed (store-reader.ts loads the state back at start-up).
// Callers own the SQLite transaction (one per ledger live, one per batch of ledgers in history).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { claimantsJson } from './details';
import type { LedgerState } from './state';

export interface LedgerRow {
  sequence: number;
  hash: string;
  prevHash: string;
  closedAt: string;
  transactionCount: number;
  failedCount: number;
  operationCount: number;
  feePool: bigint;
  baseFee: bigint;
  baseReserve: bigint;
}

export interface TransactionRow {
  id: bigint;
  hash: string;
  ledger: number;
  order: number;
  source: string;
  feeAccount: string;
  sequence: string;
  feeCharged: bigint;
  maxFee: bigint;
  operationCount: number;
  memoType: string;
  memo: string | null;
  successful: boolean;
  envelopeXdr: string;
  resultXdr: string;
  createdAt: string;
  /** A fee bump's inner transaction: its hash and its own fee. */
  inner?: { hash: string; maxFee: bigint };
  /** What the core recorded of it (validator/meta.ts), as XDR. */
  feeMeta: Uint8Array;
  resultMeta: Uint8Array;
}

/** Rows per multi-row INSERT: one statement call per batch instead of one per row. */
const BATCH = 256;

export class StoreWriter {
  private readonly s: Record<string, StatementSync | undefined>;
  private scopeRows: (string | bigint | number)[] = [];
  private opRows: (string | bigint | number)[] = [];

  constructor(private readonly db: DatabaseSync) {
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      ledger: p('INSERT INTO ledgers VALUES (?,?,?,?,?,?,?,?,?,?)'),
      tx: p('INSERT INTO transactions VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)'),
      inner: p('INSERT INTO inner_transactions VALUES (?,?,?)'),
      txMeta: p('INSERT INTO transaction_meta VALUES (?,?,?)'),
      closeMeta: p('INSERT INTO ledger_close_meta VALUES (?,?)'),
      account: p('INSERT OR REPLACE INTO accounts VALUES (?,?,?,?,?,?,?,?,?,?,?)'),
      accountDel: p('DELETE FROM accounts WHERE id = ?'),
      signersDel: p('DELETE FROM signers WHERE account = ?'),
      signer: p('INSERT INTO signers VALUES (?,?,?)'),
      line: p('INSERT OR REPLACE INTO trustlines VALUES (?,?,?,?,?,?,?,?)'),
      lineDel: p('DELETE FROM trustlines WHERE account = ? AND asset = ?'),
      balance: p('INSERT OR REPLACE INTO claimable_balances VALUES (?,?,?,?,?,?)'),
      balanceDel: p('DELETE FROM claimable_balances WHERE id = ?'),
      pool: p('INSERT OR REPLACE INTO liquidity_pools VALUES (?,?,?,?,?,?,?,?,?)'),
      poolDel: p('DELETE FROM liquidity_pools WHERE id = ?'),
      data: p('INSERT OR REPLACE INTO data_entries VALUES (?,?,?)'),
      dataDel: p('DELETE FROM data_entries WHERE account = ? AND name = ?'),
      meta: p('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
    };
  }

  private st(name: string): StatementSync {
    const statement = this.s[name];
    if (!statement) throw new Error(`no statement ${name}`);
    return statement;
  }

  begin(): void {
    this.db.exec('BEGIN IMMEDIATE');
  }

  commit(): void {
    this.flushRows();
    this.db.exec('COMMIT');
  }

  rollback(): void {
    this.opRows = [];
    this.scopeRows = [];
    if (this.db.isTransaction) this.db.exec('ROLLBACK');
  }

  setMeta(key: string, value: string): void {
    this.st('meta').run(key, value);
  }

  ledger(r: LedgerRow): void {
    this.st('ledger').run(
      r.sequence,
      r.hash,
      r.prevHash,
      r.closedAt,
      r.transactionCount,
      r.failedCount,
      r.operationCount,
      r.feePool,
      r.baseFee,
      r.baseReserve,
    );
  }

  /** The ledger's close meta as kept: the zstd frame of its one-ledger LedgerCloseMetaBatch (close-meta.ts). */
  closeMeta(sequence: number, batchZstd: Uint8Array): void {
    this.st('closeMeta').run(sequence, batchZstd);
  }

  transaction(r: TransactionRow): void {
    this.st('tx').run(
      r.id,
      r.hash,
      r.ledger,
      r.order,
      r.source,
      r.feeAccount,
      r.sequence,
      r.feeCharged,
      r.maxFee,
      r.operationCount,
      r.memoType,
      r.memo,
      r.successful ? 1 : 0,
      r.envelopeXdr,
      r.resultXdr,
      r.createdAt,
    );
    if (r.inner) this.st('inner').run(r.id, r.inner.hash, r.inner.maxFee);
    this.st('txMeta').run(r.id, r.feeMeta, r.resultMeta);
  }

  operation(id: bigint, txId: bigint, type: number, source: string, successful: boolean, details: string): void {
    this.opRows.push(id, txId, type, source, successful ? 1 : 0, details);
    if (this.opRows.length === BATCH * 6) {
      this.insertMany('operations', 6, BATCH).run(...this.opRows);
      this.opRows = [];
    }
  }

  scope(scope: string, key: string, opId: bigint, successful: boolean): void {
    this.scopeRows.push(scope, key, opId, successful ? 1 : 0);
    if (this.scopeRows.length === BATCH * 4) {
      this.insertMany('operation_scopes', 4, BATCH).run(...this.scopeRows);
      this.scopeRows = [];
    }
  }

  /** A multi-row INSERT for `rows` rows, prepared once per size. */
  private insertMany(table: 'operations' | 'operation_scopes', width: number, rows: number): StatementSync {
    const name = `${table}:${rows}`;
    let statement = this.s[name];
    if (!statement) {
      const verb = table === 'operations' ? 'INSERT' : 'INSERT OR IGNORE';
      statement = this.db.prepare(
        `${verb} INTO ${table} VALUES ${Array(rows)
          .fill(`(${Array(width).fill('?').join(',')})`)
          .join(',')}`,
      );
      this.s[name] = statement;
    }
    return statement;
  }

  /** Writes the rows still buffered by operation() and scope(); commit() calls it. */
  flushRows(): void {
    if (this.opRows.length) this.insertMany('operations', 6, this.opRows.length / 6).run(...this.opRows);
    if (this.scopeRows.length) this.insertMany('operation_scopes', 4, this.scopeRows.length / 4).run(...this.scopeRows);
    this.opRows = [];
    this.scopeRows = [];
  }

  /** Writes every state row the ledger changed, then forgets which ones changed. */
  flushState(state: LedgerState): void {
    for (const id of state.accounts.dirty) {
      const a = state.accounts.get(id);
      this.st('signersDel').run(id);
      if (!a) {
        this.st('accountDel').run(id);
        continue;
      }
      this.st('account').run(
        a.id,
        a.balance,
        a.seq,
        a.subentries,
        a.masterWeight,
        a.low,
        a.med,
        a.high,
        a.homeDomain,
        a.flags,
        a.lastModified,
      );
      for (const s of a.signers) this.st('signer').run(id, s.key, s.weight);
    }
    for (const key of state.trustlines.dirty) {
      const t = state.trustlines.get(key);
      const [account = '', asset = ''] = key.split('|');
      if (!t) this.st('lineDel').run(account, asset);
      else this.st('line').run(t.account, t.asset, t.code, t.issuer, t.poolId, t.balance, t.limit, t.lastModified);
    }
    for (const id of state.balances.dirty) {
      const b = state.balances.get(id);
      if (!b) this.st('balanceDel').run(id);
      else this.st('balance').run(b.id, b.asset.key, b.amount, b.sponsor, claimantsJson(b.claimants), b.lastModified);
    }
    for (const id of state.pools.dirty) {
      const p = state.pools.get(id);
      if (!p) this.st('poolDel').run(id);
      else
        this.st('pool').run(
          p.id,
          p.assetA.key,
          p.assetB.key,
          p.reserveA,
          p.reserveB,
          p.shares,
          p.trustlines,
          p.fee,
          p.lastModified,
        );
    }
    for (const key of state.data.dirty) {
      const d = state.data.get(key);
      const [account = '', ...name] = key.split('|');
      if (!d) this.st('dataDel').run(account, name.join('|'));
      else this.st('data').run(d.account, d.name, d.value);
    }
    state.clearDirty();
  }
}
