// Writes of the history index: a page of records and the paging token after it commit in one
// SQLite transaction, so a sync killed at any instant resumes from a token that matches the rows
// (nothing lost); rows are keyed by (account, operation id) and inserted OR IGNORE (nothing
// doubled when a page is fetched again). Runs in the index worker only.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { HistoryIndexInfo } from '../../../shared/history';
import { stringifyJson } from '../../../shared/json';
import { embeddedRecords } from '../listings';
import { parseJsonFast } from '../json-fast';
import { extractRow, type IndexRow } from './extract';
import { legsOf, RollUps } from './roll-up';

export interface AccountMeta {
  acct: number;
  address: string;
  lastToken: string | null;
  completeFrom: number | null;
  state: HistoryIndexInfo['state'];
  rows: number;
  bytes: number;
  oldest: number | null;
  newest: number | null;
}

export interface IngestResult {
  added: number;
  /** Records in the page (added or already there). */
  received: number;
  lastToken: string | null;
  meta: AccountMeta;
}

/** Fixed cost of a row and its index entries beside its raw text, for the size estimate. */
const ROW_OVERHEAD_BYTES = 420;

export class IndexWriter {
  private readonly insertOp: StatementSync;
  private readonly insertRaw: StatementSync;
  private readonly update: StatementSync;
  private readonly interned = { assets: new Map<string, number>(), parties: new Map<string, number>() };
  private readonly rollUps: RollUps;

  constructor(private readonly db: DatabaseSync) {
    this.insertOp = db.prepare(
      `INSERT OR IGNORE INTO ops (acct, id, paging_token, ledger, created_at, type, tx_hash, successful, source, counterparty,
        direction, asset, amount, source_asset, source_amount, memo, memo_type, fee)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertRaw = db.prepare('INSERT OR IGNORE INTO raw (id, json) VALUES (?, ?)');
    this.update = db.prepare(
      `UPDATE accounts SET last_token = coalesce(?, last_token), rows = rows + ?, bytes = bytes + ?,
        oldest = coalesce(min(oldest, ?), ?, oldest), newest = coalesce(max(newest, ?), ?, newest) WHERE acct = ?`,
    );
    this.rollUps = new RollUps(db);
  }

  /** The account's row of `accounts`, created on first use. */
  account(address: string): AccountMeta {
    this.db.prepare('INSERT OR IGNORE INTO accounts (address) VALUES (?)').run(address);
    return readMeta(this.db, address)!;
  }

  /** A listing page's text: its records are parsed and written with the token of its last record. */
  ingestPage(address: string, pageText: string): IngestResult {
    const body = parseJsonFast(pageText);
    const records = embeddedRecords(body);
    // Each record's text is written again from the lossless parse: numbers keep every digit.
    const rows = records.map((record) => extractRow(record, stringifyJson(record), address));
    return this.ingestRows(address, rows, rows.at(-1)?.pagingToken ?? null);
  }

  /** Records' texts (as a stream delivers them, in order), written with the token of the last. */
  ingestTexts(address: string, texts: string[]): IngestResult {
    const rows = texts.map((text) => extractRow(parseJsonFast(text), text, address));
    return this.ingestRows(address, rows, rows.at(-1)?.pagingToken ?? null);
  }

  /** Rows (already extracted) and the token after them, in one transaction. */
  ingestRows(address: string, rows: IndexRow[], lastToken: string | null): IngestResult {
    const meta = this.account(address);
    let added = 0;
    let bytes = 0;
    let oldest: number | null = null;
    let newest: number | null = null;
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const row of rows) {
        if (this.insertRow(meta.acct, row) === 0) continue;
        added += 1;
        bytes += ROW_OVERHEAD_BYTES + row.raw.length;
        oldest = oldest === null ? row.createdAt : Math.min(oldest, row.createdAt);
        newest = newest === null ? row.createdAt : Math.max(newest, row.createdAt);
      }
      this.rollUps.flush(meta.acct);
      this.update.run(lastToken, added, bytes, oldest, oldest, newest, newest, meta.acct);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      this.rollUps.discard();
      // Ids interned inside the rolled-back transaction are gone with it.
      this.interned.assets.clear();
      this.interned.parties.clear();
      throw error;
    }
    return { added, received: rows.length, lastToken, meta: readMeta(this.db, address)! };
  }

  /** The small integer that stands for an asset key or an address in this file. */
  private intern(table: 'assets' | 'parties', text: string | null): number | null {
    if (text === null) return null;
    const cache = this.interned[table];
    let id = cache.get(text);
    if (id === undefined) {
      const column = table === 'assets' ? 'key' : 'address';
      this.db.prepare(`INSERT OR IGNORE INTO ${table} (${column}) VALUES (?)`).run(text);
      id = Number((this.db.prepare(`SELECT id FROM ${table} WHERE ${column} = ?`).get(text) as { id: number }).id);
      cache.set(text, id);
    }
    return id;
  }

  private insertRow(acct: number, row: IndexRow): number | bigint {
    const { changes } = this.insertOp.run(
      acct,
      row.id,
      row.pagingToken,
      row.ledger,
      row.createdAt,
      row.type,
      row.txHash,
      row.successful ? 1 : 0,
      row.source,
      this.intern('parties', row.counterparty),
      row.direction,
      this.intern('assets', row.asset),
      row.amount,
      this.intern('assets', row.sourceAsset),
      row.sourceAmount,
      row.memo,
      row.memoType,
      row.fee,
    );
    if (changes) {
      this.insertRaw.run(row.id, row.raw);
      this.roll(row);
    }
    return changes;
  }

  /** Adds a new row's money legs to the day and counterparty totals written with the page. */
  private roll(row: IndexRow): void {
    const party = this.intern('parties', row.counterparty) ?? 0;
    for (const [asset, amount, incoming] of legsOf(row)) this.rollUps.add(row.createdAt, party, this.intern('assets', asset)!, amount, incoming);
  }

  setState(address: string, change: { state?: AccountMeta['state']; completeFrom?: number | null }): void {
    const meta = this.account(address);
    if (change.state !== undefined) this.db.prepare('UPDATE accounts SET state = ? WHERE acct = ?').run(change.state, meta.acct);
    if (change.completeFrom !== undefined) this.db.prepare('UPDATE accounts SET complete_from = ? WHERE acct = ?').run(change.completeFrom, meta.acct);
  }

  /** Deletes an account's rows, and the raw texts no other account indexes. */
  remove(address: string): boolean {
    const meta = readMeta(this.db, address);
    if (!meta) return false;
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const table of ['ops', 'roll_day', 'roll_party']) this.db.prepare(`DELETE FROM ${table} WHERE acct = ?`).run(meta.acct);
      this.db.prepare('DELETE FROM accounts WHERE acct = ?').run(meta.acct);
      this.db.exec('DELETE FROM raw WHERE id NOT IN (SELECT id FROM ops)');
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    return true;
  }
}

export function readMeta(db: DatabaseSync, address: string): AccountMeta | undefined {
  const row = db.prepare('SELECT * FROM accounts WHERE address = ?').get(address) as Record<string, unknown> | undefined;
  return row ? metaOf(row) : undefined;
}

export function listMeta(db: DatabaseSync): AccountMeta[] {
  return (db.prepare('SELECT * FROM accounts ORDER BY address').all() as Record<string, unknown>[]).map(metaOf);
}

function metaOf(row: Record<string, unknown>): AccountMeta {
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    acct: Number(row['acct']),
    address: String(row['address']),
    lastToken: (row['last_token'] as string | null) ?? null,
    completeFrom: num(row['complete_from']),
    state: String(row['state']) as AccountMeta['state'],
    rows: Number(row['rows']),
    bytes: Number(row['bytes']),
    oldest: num(row['oldest']),
    newest: num(row['newest']),
  };
}
