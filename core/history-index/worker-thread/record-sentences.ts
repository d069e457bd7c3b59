// What a stored operation did, as one sentence (extract.ts describeRecord: shared/operation-summary.ts),
// read from its record in the pages (pages.ts): for the rows whose columns hold no amount (a page's
// rows, summary.ts) and the operations that moved nothing (the CSV export's summary column,
// export-file.ts). One statement and one page reader (its decoded pages kept) for all it is asked.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { describeRecord } from './extract';
import { PageReader } from './pages';

/** Rows the index itself writes (side-records.ts): a fill, a fee; they have no record to describe. */
export const OWN_ROWS = new Set(['trade', 'transaction_fee']);

export class RecordSentences {
  private place: StatementSync | undefined;
  private pages: PageReader | undefined;

  constructor(
    private readonly db: DatabaseSync,
    private readonly acct: number,
  ) {}

  /** The sentence of operation `id` of the account, or undefined (a row the index wrote, a record it cannot read). */
  of(id: bigint | string, type: string): string | undefined {
    if (OWN_ROWS.has(type)) return undefined;
    this.place ??= this.db.prepare('SELECT page, slot FROM ops WHERE acct = ? AND id = ?');
    this.pages ??= new PageReader(this.db);
    const at = this.place.get(this.acct, BigInt(id)) as { page: number | null; slot: number | null } | undefined;
    const record = at ? this.pages.recordText(at.page, at.slot) : undefined;
    return record === undefined ? undefined : describeRecord(record);
  }
}
