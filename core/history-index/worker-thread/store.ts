// Writes of the history index: a page of records and the paging token after it commit in one
// SQLite transaction, so a sync killed at any instant resumes from a token that matches the rows
// (nothing lost); rows are keyed by (account, operation id) and inserted OR IGNORE (nothing
// doubled when a page is fetched again). The page itself is kept compressed beside its rows
// (pages.ts). Up to GROUP_PAGES full pages of a sync share one transaction, a third cheaper than a
// commit per page; the worker commits a group early, before any other request and within 100 ms
// of its first page (worker.ts). A page that fails to write rolls back the whole open group, which
// the sync fetches again from the last committed token (a savepoint per page would keep the rest,
// at 2.5 times the bytes written: docs/benchmarks.md, for a failure that is the disk's or a
// hostile server's). Pages are read in their source's format (sources/index-format.ts), in the worker.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { AccountChange, AccountMeta, IngestResult, PageGuardArgs, PageResult } from '../protocol';
import { indexFormat } from '../../sources/index-formats';
import { readMeta, updateAccount } from './account-meta';
import { extractPage, type IndexRow } from './extract';
import { packPageSync, pageOfRecords } from './pages';
import { RollUps } from './roll-up';
import { LegWriter } from './legs';
import { PAGE_LIMIT } from '../walk-cursor';
import { checkPage } from './page-guard';
import { pageSum } from './damage';
import { datedRow, LedgerTimes, type Dated } from './ledger-times';

export { listMeta, readMeta } from './account-meta';
export type { AccountMeta, IngestResult, PageResult } from '../protocol';
/** Full pages of a sync written in one transaction at most. */
export const GROUP_PAGES = 20;

const OP_COLUMNS = `acct, id, paging_token, ledger, created_at, type, tx_hash, successful, source, counterparty, direction, asset, amount,
  source_asset, source_amount, memo, memo_type, fee, fee_paid, page, slot`;
const OP_VALUES = `(${Array.from({ length: 21 }, () => '?').join(', ')})`;
const INSERT_BATCH = 100;
/** Fixed cost of a row and its index entries, for the size estimate (its page's bytes are added). */
const ROW_OVERHEAD_BYTES = 420;

export class IndexWriter {
  private readonly inserts = new Map<number, StatementSync>();
  private readonly existing: StatementSync;
  private readonly insertPage: StatementSync;
  private readonly deletePage: StatementSync;
  /** The account's counters and the token of a page. */
  private readonly update: StatementSync;
  private readonly interned = { assets: new Map<string, number>(), parties: new Map<string, number>() };
  private readonly rollUps: RollUps;
  private readonly legs: LegWriter;
  private readonly times: LedgerTimes;
  /** Pages in the open group transaction (0: none open), and the accounts they are of. */
  private grouped = 0;
  private readonly groupAccounts = new Set<string>();
  /** Accounts whose written pages a failed group undid, with the error their next page fails with. */
  private readonly undone = new Map<string, Error>();

  constructor(private readonly db: DatabaseSync) {
    this.existing = db.prepare('SELECT id FROM ops WHERE acct = ? AND id BETWEEN ? AND ?');
    this.existing.setReadBigInts(true);
    this.insertPage = db.prepare('INSERT INTO pages (acct, body, sum) VALUES (?, ?, ?)');
    this.deletePage = db.prepare('DELETE FROM pages WHERE id = ?');
    this.update = db.prepare(
      `UPDATE accounts SET last_token = coalesce(?, last_token), rows = rows + ?, bytes = bytes + ?,
        oldest = coalesce(min(oldest, ?), ?, oldest), newest = coalesce(max(newest, ?), ?, newest) WHERE acct = ?`,
    );
    this.rollUps = new RollUps(db);
    this.legs = new LegWriter(db, (table, text) => this.intern(table, text), this.rollUps);
    this.times = new LedgerTimes(db);
  }

  /** The account's row of `accounts`, created on first use. */
  account(address: string): AccountMeta {
    const meta = readMeta(this.db, address);
    if (meta) return meta;
    this.db.prepare('INSERT OR IGNORE INTO accounts (address) VALUES (?)').run(address);
    return readMeta(this.db, address)!;
  }

  /** A listing page's text: its records are parsed and written, with the page itself and the token of its last record. */
  ingestPage(address: string, pageText: string, format = indexFormat()): IngestResult {
    const rows = extractPage(pageText, address, format);
    return this.ingestRows(address, rows, rows.at(-1)?.pagingToken ?? null, packPageSync(pageText));
  }

  /**
   * A sync's page as it came from the server (bytes): parsed, compressed and written with the
   * token of its last record. A full page joins the open group; a short one (the last of a walk)
   * commits the group with it.
   */
  ingestPageBytes(address: string, bytes: Uint8Array, guard?: PageGuardArgs, format = indexFormat()): PageResult {
    const page = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const rows = extractPage(page.toString('utf8'), address, format);
    const [firstToken, lastToken] = [rows[0]?.pagingToken ?? null, rows.at(-1)?.pagingToken ?? null];
    // The walk's paging guard, before anything of the page is written (page-guard.ts).
    if (guard) checkPage(guard, rows, rows.length === PAGE_LIMIT ? lastToken : null);
    const result = this.ingestRows(address, rows, lastToken, packPageSync(page), rows.length === PAGE_LIMIT);
    return { ...result, count: rows.length, firstToken, lastToken };
  }

  /** Records' texts (as a stream delivers them, in order), written as one page with the token of the last. */
  ingestTexts(address: string, texts: string[], format = indexFormat()): IngestResult {
    return this.ingestPage(address, pageOfRecords(texts), format);
  }

  /**
   * Rows (already extracted) and the token after them, in one transaction (or, with `group`, in
   * the open group's), with the compressed page they came in when there is one (kept only if it
   * adds a row).
   */
  ingestRows(
    address: string,
    rows: IndexRow[],
    lastToken: string | null,
    page: Uint8Array | null = null,
    group = false,
  ): IngestResult {
    const added = this.transact(address, group, (meta) => this.writeRows(meta, rows, lastToken, page));
    return { added, meta: readMeta(this.db, address)! };
  }

  /**
   * `body` run in one transaction (or, with `group`, in the open group's), so what it reads of the
   * index is what it writes over: a second process writing the same index waits for the write
   * lock (BEGIN IMMEDIATE) and then reads what the first wrote (a side walk decides there whether
   * a fill's operation is held: side-writer.ts, issue 37.2). When it fails, the open group rolls
   * back with it: the account is then as it was at the last commit, its token included. So does
   * every other account with pages in the group: its next page fails with the same error
   * (`undone`), so that its sync stops and resumes from its committed token instead of writing
   * on past pages that are gone.
   */
  transact<T>(address: string, group: boolean, body: (meta: AccountMeta, legs: LegWriter) => T): T {
    const undone = this.undone.get(address);
    if (undone) {
      this.undone.delete(address);
      throw undone;
    }
    if (this.grouped === 0) this.db.exec('BEGIN IMMEDIATE');
    this.grouped += 1;
    this.groupAccounts.add(address);
    let result: T;
    try {
      result = body(this.account(address), this.legs);
    } catch (error) {
      this.rollBack(error as Error, address);
      throw error;
    }
    if (!group || this.grouped >= GROUP_PAGES) this.commit();
    return result;
  }

  /**
   * Undoes the open group (or the transaction SQLite already rolled back on an I/O or full-disk
   * error) and what was kept in memory of it; the accounts with pages in it but `except` (told by
   * the error itself) will be told at their next page.
   */
  private rollBack(error: Error, except?: string): void {
    for (const address of this.groupAccounts) if (address !== except) this.undone.set(address, error);
    this.groupAccounts.clear();
    this.grouped = 0;
    this.rollUps.discard();
    // Ids interned inside the rolled-back transaction are gone with it.
    this.interned.assets.clear();
    this.interned.parties.clear();
    try {
      this.db.exec('ROLLBACK');
    } catch {
      // No transaction left to roll back: SQLite ended it with the error.
    }
  }

  /** Commits the open group, if any, with the day and counterparty totals of its rows. */
  commit(): void {
    if (this.grouped === 0) return;
    try {
      this.rollUps.flush();
      this.db.exec('COMMIT');
    } catch (error) {
      this.rollBack(error as Error);
      throw error;
    }
    this.groupAccounts.clear();
    this.grouped = 0;
  }

  /** A page's new rows, their totals, the page itself and the account's token and counters; the rows added. Inside `transact` only. */
  /** The ledger-time rule over records not written as rows (fills on a held operation's row). */
  checkTimes(acct: number, records: Dated[]): void {
    this.times.check(acct, records);
  }

  writeRows({ acct, address }: AccountMeta, rows: IndexRow[], lastToken: string | null, page: Uint8Array | null) {
    let added = 0;
    let oldest: number | null = null;
    let newest: number | null = null;
    // Each record's time is its ledger's (issue 37.9), before anything of the batch is written.
    this.times.check(acct, rows.map(datedRow));
    const pageId = page ? Number(this.insertPage.run(acct, page, pageSum(page)).lastInsertRowid) : null;
    const { fresh, fees } = this.insertNew(acct, address, rows, pageId);
    for (const [i, row] of fresh.entries()) {
      this.legs.write(acct, row, fees[i]!);
      added += 1;
      oldest = oldest === null ? row.createdAt : Math.min(oldest, row.createdAt);
      newest = newest === null ? row.createdAt : Math.max(newest, row.createdAt);
    }
    // A page fetched again adds nothing: its copy goes.
    if (pageId !== null && added === 0) this.deletePage.run(pageId);
    const bytes = added * ROW_OVERHEAD_BYTES + (added > 0 && page ? page.length : 0);
    this.update.run(lastToken, added, bytes, oldest, oldest, newest, newest, acct);
    return added;
  }

  /** The small integer that stands for an asset key or an address in this file (cached). */
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

  /**
   * Inserts the rows the index does not hold yet and returns them. Which are new is one range read
   * of the primary key (empty but for a page fetched again); they go in INSERTs of up to
   * INSERT_BATCH rows, a third of the cost of one statement per row.
   */
  private insertNew(acct: number, address: string, rows: IndexRow[], page: number | null) {
    if (rows.length === 0) return { fresh: [], fees: [] };
    let [low, high] = [rows[0]!.id, rows[0]!.id];
    for (const row of rows) [low, high] = [row.id < low ? row.id : low, row.id > high ? row.id : high];
    const seen = new Set((this.existing.all(acct, low, high) as { id: bigint }[]).map((r) => r.id));
    const fresh = rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
    const fees = this.legs.feesOf(acct, address, fresh);
    for (let at = 0; at < fresh.length; at += INSERT_BATCH) {
      const chunk = fresh.slice(at, at + INSERT_BATCH);
      const values: SQLInputValue[] = [];
      chunk.forEach((row, i) => values.push(...this.values(acct, row, page, fees[at + i]!)));
      this.insertStatement(chunk.length).run(...values);
    }
    return { fresh, fees };
  }

  private values(acct: number, row: IndexRow, page: number | null, feePaid: bigint | null): SQLInputValue[] {
    return [
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
      feePaid,
      page,
      page === null ? null : row.slot,
    ];
  }

  private insertStatement(count: number): StatementSync {
    let statement = this.inserts.get(count);
    if (!statement) {
      statement = this.db.prepare(
        `INSERT OR IGNORE INTO ops (${OP_COLUMNS}) VALUES ${Array.from({ length: count }, () => OP_VALUES).join(', ')}`,
      );
      this.inserts.set(count, statement);
    }
    return statement;
  }

  setState(address: string, change: AccountChange): void {
    updateAccount(this.db, this.account(address).acct, change);
  }

  /** Deletes an account's rows, totals and pages. */
  remove(address: string): boolean {
    this.commit();
    const meta = readMeta(this.db, address);
    if (!meta) return false;
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const table of ['ops', 'legs', 'roll_day', 'roll_party', 'pages', 'ledger_balances', 'accounts'])
        this.db.prepare(`DELETE FROM ${table} WHERE acct = ?`).run(meta.acct);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    return true;
  }
}
