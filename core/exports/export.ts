// Export of a listing to CSV or NDJSON, page by page, to a file in the export directory (the
// same in Electron and in the browser, where a page cannot name a path). The file is written under
// a temporary name and given a fresh one only when whole and flushed (whole-file.ts: nothing is
// overwritten, and a kill leaves no file under the name asked for, issue 37.3). The cursor only moves after a page is
// written, and a 429 makes the exporter wait and ask for the same page again, so no row is lost or
// written twice; a page the paging guard refuses (shared/paging-guard.ts: a cursor that does not
// advance, goes backwards, a page repeated) fails the export. Progress goes out on `export:progress`.
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, fsyncSync, mkdirSync, type WriteStream } from 'node:fs';
import { basename } from 'node:path';
import { historyStartMessage } from '../../shared/history-start';
import type { ListingTarget } from '../../shared/ipc';
import { pages } from '../../shared/paging';
import type { ExportProgress } from '../../shared/model';
import type { NameOf } from '../../shared/operation-summary';
import { sleep } from '../http/backoff';
import type { Emit } from '../app/dispatch';
import { CoreError } from '../app/errors';
import { HttpError } from '../http/http';
import { partialName } from './export-files';
import { openTemp, publishFresh } from './whole-file';
import { ACCOUNTING_COLUMNS, EXPORT_COLUMNS, LiveCsv, listingViewer, ndjsonRow } from './export-rows';
import { need, type Source, type SourceListings } from '../sources/source';

export { ACCOUNTING_COLUMNS, EXPORT_COLUMNS, LiveCsv, listingViewer, ndjsonRow } from './export-rows';

/** What an export writes: the one column set, the accounting layout (both CSV), or the normalised records. */
export type ExportFormat = 'csv' | 'accounting' | 'ndjson';

export interface ExportRequest {
  target: ListingTarget;
  query: {
    cursor?: string | undefined;
    order: 'asc' | 'desc';
    includeFailed: boolean;
    includeTransactions: boolean;
    maxRows?: number | undefined;
  };
  format: ExportFormat;
  fileName?: string | undefined;
}

interface Running {
  progress: ExportProgress;
  controller: AbortController;
  done: Promise<ExportProgress>;
}

export class Exports {
  private readonly running = new Map<string, Running>();

  constructor(
    readonly directory: string,
    private readonly emit: Emit,
    /** The address book's names as an export starts (its summary column names accounts by them). */
    private readonly names: () => NameOf = () => () => undefined,
  ) {}

  list(): ExportProgress[] {
    return [...this.running.values()].map((entry) => entry.progress);
  }

  start(request: ExportRequest, source: Source): ExportProgress {
    need(source.listings).check(request.target); // validates the id before a file is created
    mkdirSync(this.directory, { recursive: true });
    const exportId = randomUUID().slice(0, 8);
    const name = request.fileName ?? defaultName(request);
    // While it runs, the file is its temporary one; the path becomes the name asked for when it is whole.
    const { path, fd } = openTemp(this.directory, name);
    const controller = new AbortController();
    const progress: ExportProgress = { exportId, path, state: 'running', rows: 0, pages: 0 };
    const entry: Running = { progress, controller, done: Promise.resolve(progress) };
    entry.done = this.run(entry, request, source, name, fd);
    this.running.set(exportId, entry);
    return { ...progress };
  }

  /**
   * A file written whole elsewhere (the history index's export) taken in as a finished export, so
   * it is offered for download by its id as a listing export is (the web host's /exports/<id>).
   */
  adopt(path: string, rows: number): ExportProgress {
    const exportId = randomUUID().slice(0, 8);
    const progress: ExportProgress = { exportId, path, state: 'done', rows, pages: 0 };
    const entry: Running = { progress, controller: new AbortController(), done: Promise.resolve(progress) };
    this.running.set(exportId, entry);
    return { ...progress };
  }

  /** Resolves with the final progress (for the command line and tests). */
  async wait(exportId: string): Promise<ExportProgress> {
    const entry = this.running.get(exportId);
    if (!entry) throw new CoreError('not_found', `No export "${exportId.slice(0, 64)}".`);
    return entry.done;
  }

  /** A finished export's file (done, or the partial file of a cancelled or failed one), to download. */
  finishedFile(exportId: string): { path: string; name: string } | null {
    const entry = this.running.get(exportId);
    if (!entry || entry.progress.state === 'running' || !existsSync(entry.progress.path)) return null;
    return { path: entry.progress.path, name: basename(entry.progress.path) };
  }

  cancel(exportId: string): boolean {
    const entry = this.running.get(exportId);
    if (!entry || entry.progress.state !== 'running') return false;
    entry.controller.abort();
    return true;
  }

  close(): void {
    for (const entry of this.running.values()) entry.controller.abort();
  }

  private update(entry: Running, change: Partial<ExportProgress>): void {
    entry.progress = { ...entry.progress, ...change };
    if (change.waitingMs === undefined) {
      delete entry.progress.waitingMs;
      delete entry.progress.waitingFor;
    }
    this.emit('export:progress', { ...entry.progress });
  }

  private async run(
    entry: Running,
    request: ExportRequest,
    source: Source,
    name: string,
    fd: number,
  ): Promise<ExportProgress> {
    const out = createWriteStream('', { fd });
    const signal = entry.controller.signal;
    const nameOf = this.names();
    try {
      const total = await knownTotal(request, need(source.listings), signal);
      if (total !== undefined) this.update(entry, { total });
      const header = { csv: EXPORT_COLUMNS, accounting: ACCOUNTING_COLUMNS, ndjson: null }[request.format];
      if (header) await write(out, `${header.join(',')}\n`);
      const csv =
        request.format === 'ndjson' ? null : new LiveCsv(request.format, listingViewer(request.target), nameOf);
      // A 410 (history starts later on this server) ends the walk; the note says from which ledger.
      let historyNote = '';
      const fetchRecords = async (cursor: string | undefined, limit: number) => {
        const fetched = await this.fetchPage(entry, request, source, cursor, limit, signal);
        if (fetched.historyStart) historyNote = `. ${historyStartMessage(fetched.historyStart)}`;
        return fetched.records;
      };
      const walk = { cursor: request.query.cursor, limit: 200, order: request.query.order, signal };
      for await (const page of pages(fetchRecords, walk)) {
        const max = request.query.maxRows;
        let records = page.records;
        if (max !== undefined) records = records.slice(0, Math.max(0, max - entry.progress.rows));
        if (records.length > 0)
          await write(out, records.map((record) => (csv ? csv.rows(record) : ndjsonRow(record))).join(''));
        this.update(entry, { rows: entry.progress.rows + records.length, pages: entry.progress.pages + 1 });
        if (max !== undefined && entry.progress.rows >= max) break;
      }
      const last = csv?.end();
      if (last) await write(out, last);
      fsyncSync(fd);
      await close(out);
      const path = publishFresh(entry.progress.path, name);
      this.update(entry, {
        state: 'done',
        path,
        message: `${entry.progress.rows} rows written to ${path}${historyNote}`,
      });
    } catch (error) {
      await close(out).catch(() => undefined);
      const cancelled = signal.aborted;
      // What was written stays, under a name that says it is not the whole listing.
      const path = markPartial(entry.progress.path, name);
      const reason = cancelled ? `Cancelled after ${entry.progress.rows} rows` : (error as Error).message;
      this.update(entry, {
        state: cancelled ? 'cancelled' : 'failed',
        path,
        message: `${reason}; the partial file is ${path}`,
      });
    }
    return { ...entry.progress };
  }

  /** One page; a rate limit that outlasts the client's own retries is waited out here too. */
  private async fetchPage(
    entry: Running,
    request: ExportRequest,
    source: Source,
    cursor: string | undefined,
    limit: number,
    signal: AbortSignal,
  ) {
    for (;;) {
      try {
        const query = {
          cursor,
          limit,
          order: request.query.order,
          includeFailed: request.query.includeFailed,
          // The CSV layouts need each transaction's fee, fee account and memo.
          includeTransactions: request.query.includeTransactions || request.format !== 'ndjson',
        };
        return await need(source.listings).page(request.target, query, {
          signal,
          onWait: (waitingMs, _attempt, waitingFor) => this.update(entry, { waitingMs, waitingFor }),
        });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 429 || signal.aborted) throw error;
        const waitingMs = error.extra.retryAfterMs ?? 1_000;
        if (waitingMs > source.http.maxWaitMs) throw error; // longer than allowed (the command line's --max-wait)
        this.update(entry, { waitingMs, waitingFor: 'rate_limit' });
        await sleep(waitingMs, signal);
      }
    }
  }
}

/** The number of rows when the source says it (a ledger's or a transaction's operations); else the dialog shows rows and pages so far. */
async function knownTotal(
  request: ExportRequest,
  listings: SourceListings,
  signal: AbortSignal,
): Promise<number | undefined> {
  const { target, query } = request;
  if (query.cursor) return undefined;
  try {
    const count = await listings.total(target, query.includeFailed, signal);
    if (count === undefined) return undefined;
    return query.maxRows !== undefined ? Math.min(count, query.maxRows) : count;
  } catch {
    return undefined; // a count is a nicety: the export goes on without it
  }
}

/** The temporary file of `x.csv` becomes `x-partial.csv` (numbered if taken, never replacing a file); on failure it keeps its name. */
function markPartial(temp: string, name: string): string {
  if (!existsSync(temp)) return temp;
  try {
    return publishFresh(temp, partialName(name));
  } catch {
    return temp;
  }
}

function defaultName(request: ExportRequest): string {
  const what =
    request.target.kind === 'payments'
      ? `payments-${request.target.account.slice(0, 8)}`
      : `operations-${request.target.scope}-${request.target.id.slice(0, 12)}`;
  const ext = request.format === 'ndjson' ? 'ndjson' : 'csv';
  const kind = request.format === 'accounting' ? '-accounting' : '';
  return `${what}${kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.${ext}`;
}

function write(out: WriteStream, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

function close(out: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.closed) return resolve();
    out.end((error?: Error | null) => (error ? reject(error) : resolve()));
  });
}
