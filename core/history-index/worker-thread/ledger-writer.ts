// An account's index built from ledgers (a data lake's, issue 39): each run of consecutive ledgers
// the scan delivers (core/sources/lake/scan.ts) is written in one transaction, as a server's walks
// write their pages, through the same readers: the ledger's operations of the account as an
// operations page (extract.ts), then the fees it paid and the fills of its offers (side-writer.ts,
// which finds the ledger's operations already held), then each balance it changed, and the ledger
// the index has read through. The range and the balances at both ends are what the reconciliation
// of such an index reads: the ledgers' own balances before the range's first change of an asset
// and after its last (shared/reconcile.ts).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { stringifyJson } from '../../../shared/json';
import { CoreError } from '../../app/errors';
import { indexFormat } from '../../sources/index-formats';
import type { IngestResult, LedgerBalance, LedgerRecords } from '../protocol';
import { extractPage } from './extract';
import { packPageSync, pageOfRecords } from './pages';
import type { SideWriter } from './side-writer';
import { readMeta, type AccountMeta, type IndexWriter } from './store';

/** What `ingestLedgers` is given: a run of consecutive ledgers of the range `from`–`to` of `where`. */
export interface LedgerRun {
  account: string;
  where: string;
  from: number;
  to: number;
  run: { ledger: number; records: LedgerRecords | null }[];
}

const STROOPS = /^-?\d{1,20}$/;

export class LedgerWriter {
  private readonly setRange: StatementSync;
  private readonly opening: StatementSync;
  private readonly closing: StatementSync;
  private readonly balances: StatementSync;

  constructor(
    private readonly db: DatabaseSync,
    private readonly writer: IndexWriter,
    private readonly sides: SideWriter,
  ) {
    this.setRange = db.prepare(
      'UPDATE accounts SET ledger_source = ?, ledger_from = ?, ledger_to = ?, ledger_next = ? WHERE acct = ?',
    );
    this.opening = db.prepare(
      `INSERT INTO ledger_balances (acct, asset, opening, opening_ledger, closing, closing_ledger)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (acct, asset) DO NOTHING`,
    );
    this.closing = db.prepare(
      'UPDATE ledger_balances SET closing = ?, closing_ledger = ? WHERE acct = ? AND asset = ? AND closing_ledger < ?',
    );
    this.balances = db.prepare(
      'SELECT asset, opening, opening_ledger, closing, closing_ledger FROM ledger_balances WHERE acct = ? ORDER BY asset',
    );
  }

  /** A run written whole, or nothing of it (a CoreError that says why). */
  ingest({ account, where, from, to, run }: LedgerRun): IngestResult {
    const added = this.writer.transact(account, false, (meta, legs) => {
      const next = this.check(meta, where, from, to, run);
      let written = 0;
      for (const { ledger, records } of run) {
        if (!records) continue;
        if (records.ledger !== ledger)
          throw new CoreError('bad_response', `The records of ledger ${ledger} say they are ledger ${records.ledger}.`);
        written += this.writeLedger(meta, legs, records);
      }
      this.setRange.run(where, from, to, next, meta.acct);
      return written;
    });
    return { added, meta: readMeta(this.db, account)! };
  }

  /** The balances at both ends of what the account's index read from ledgers. */
  read(acct: number): LedgerBalance[] {
    return (this.balances.all(acct) as Record<string, unknown>[]).map((r) => ({
      asset: String(r['asset']),
      opening: String(r['opening']),
      openingLedger: Number(r['opening_ledger']),
      closing: String(r['closing']),
      closingLedger: Number(r['closing_ledger']),
    }));
  }

  /**
   * The run starts where the index stands and goes on one ledger at a time within the range; an
   * index from a server's walk, or from another lake or range, is not written over. The ledger
   * after the run.
   */
  private check(meta: AccountMeta, where: string, from: number, to: number, run: LedgerRun['run']): number {
    const held = meta.ledgers;
    if (!held && (meta.lastToken !== null || meta.rows > 0))
      throw new CoreError(
        'invalid_input',
        `The index of ${meta.address} was built from a server's history; indexing it from ledgers would mix two sources. Remove the account's index first.`,
      );
    if (held && (held.where !== where || held.from !== from))
      throw new CoreError(
        'invalid_input',
        `The index of ${meta.address} holds ledgers ${held.from}–${held.next - 1} read from ${held.where}; a range from ${from} of ${where} is another index. Remove the account's index first, or go on from ledger ${held.next}.`,
      );
    let next = held?.next ?? from;
    for (const { ledger } of run) {
      if (ledger !== next)
        throw new CoreError(
          'invalid_input',
          `Ledger ${ledger} was given to the index of ${meta.address}, which stands at ledger ${next}: no ledger is skipped or read twice.`,
        );
      if (ledger > to) throw new CoreError('invalid_input', `Ledger ${ledger} is past the range's last, ${to}.`);
      next += 1;
    }
    return next;
  }

  private writeLedger(
    meta: AccountMeta,
    legs: Parameters<SideWriter['writeRecords']>[1],
    records: LedgerRecords,
  ): number {
    let written = 0;
    if (records.operations.length > 0) {
      const text = pageOfRecords(records.operations.map((op) => stringifyJson(op)));
      const rows = extractPage(text, meta.address, indexFormat());
      written += this.writer.writeRows(meta, rows, rows.at(-1)?.pagingToken ?? null, packPageSync(text));
    }
    if (records.transactions.length > 0)
      written += this.sides.writeRecords(meta, legs, 'transactions', records.transactions);
    if (records.trades.length > 0) written += this.sides.writeRecords(meta, legs, 'trades', records.trades);
    for (const { asset, before, after } of records.balances) {
      if (!STROOPS.test(before) || !STROOPS.test(after))
        throw new CoreError(
          'bad_response',
          `Ledger ${records.ledger}: a balance of ${asset} is not a whole number of stroops.`,
        );
      this.opening.run(meta.acct, asset, before, records.ledger, after, records.ledger);
      this.closing.run(after, records.ledger, meta.acct, asset, records.ledger);
    }
    return written;
  }
}
