// Export of a listing to CSV or NDJSON, page by page, to a file in the export directory (the
// same in Electron and in the browser, where a page cannot name a path). The file is created under
// a fresh name (export-files.ts: nothing is overwritten). The cursor only moves after a page is
// written, and a 429 makes the exporter wait and ask for the same page again, so no row is lost or
// written twice; a page the paging guard refuses (shared/paging-guard.ts: a cursor that does not
// advance, goes backwards, a page repeated) fails the export. Progress goes out on `export:progress`.
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, type WriteStream } from 'node:fs';
import { basename } from 'node:path';
import { historyStartMessage } from '../../shared/partial-history';
import type { ListingTarget } from '../../shared/ipc';
import { pages } from '../../shared/paging';
import type { ExportProgress } from '../../shared/model';
import type { NameOf } from '../../shared/operation-summary';
import { sleep } from '../http/backoff';
import type { Emit } from '../app/dispatch';
import { CoreError } from '../app/errors';
import { HttpError, type HttpClient } from '../http/http';
import { createFreshFile, partialName, renameFresh } from './export-files';
import { ACCOUNTING_COLUMNS, EXPORT_COLUMNS, LiveCsv, listingViewer, ndjsonRow } from './export-rows';
import { fetchListing, listingPath } from '../sources/horizon/listings';

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

  start(request: ExportRequest, http: HttpClient): ExportProgress {
    listingPath(request.target); // validates the id before a file is created
    mkdirSync(this.directory, { recursive: true });
    const exportId = randomUUID().slice(0, 8);
    const { path, fd } = createFreshFile(this.directory, request.fileName ?? defaultName(request));
    const controller = new AbortController();
    const progress: ExportProgress = { exportId, path, state: 'running', rows: 0, pages: 0 };
    const entry: Running = { progress, controller, done: Promise.resolve(progress) };
    entry.done = this.run(entry, request, http, createWriteStream(path, { fd }));
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
    if (change.waitingMs === undefined) delete entry.progress.waitingMs;
    this.emit('export:progress', { ...entry.progress });
  }

  private async run(
    entry: Running,
    request: ExportRequest,
    http: HttpClient,
    out: WriteStream,
  ): Promise<ExportProgress> {
    const signal = entry.controller.signal;
    const nameOf = this.names();
    try {
      const total = await knownTotal(request, http, signal);
      if (total !== undefined) this.update(entry, { total });
      const header = { csv: EXPORT_COLUMNS, accounting: ACCOUNTING_COLUMNS, ndjson: null }[request.format];
      if (header) await write(out, `${header.join(',')}\n`);
      const csv =
        request.format === 'ndjson' ? null : new LiveCsv(request.format, listingViewer(request.target), nameOf);
      // A 410 (history starts later on this server) ends the walk; the note says from which ledger.
      let historyNote = '';
      const fetchRecords = async (cursor: string | undefined, limit: number) => {
        const fetched = await this.fetchPage(entry, request, http, cursor, limit, signal);
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
      await close(out);
      this.update(entry, {
        state: 'done',
        message: `${entry.progress.rows} rows written to ${entry.progress.path}${historyNote}`,
      });
    } catch (error) {
      await close(out).catch(() => undefined);
      const cancelled = signal.aborted;
      // What was written stays, under a name that says it is not the whole listing.
      const path = markPartial(entry.progress.path);
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
    http: HttpClient,
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
        return await fetchListing(http, request.target, query, {
          signal,
          onWait: (waitingMs) => this.update(entry, { waitingMs }),
        });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 429 || signal.aborted) throw error;
        const waitingMs = error.extra.retryAfterMs ?? 1_000;
        if (waitingMs > http.maxWaitMs) throw error; // longer than allowed (the command line's --max-wait)
        this.update(entry, { waitingMs });
        await sleep(waitingMs, signal);
      }
    }
  }
}

/**
 * The number of rows when the server says it: the operations of a transaction, or of a ledger.
 * Horizon counts a ledger's successful operations in operation_count and all of them in
 * tx_set_operation_count; the local service counts all in operation_count (with
 * failed_transaction_count beside it), so without failed ones its total is known only when no
 * transaction failed. Payments and an account's operations have no count: the dialog then shows
 * rows and pages so far.
 */
async function knownTotal(request: ExportRequest, http: HttpClient, signal: AbortSignal): Promise<number | undefined> {
  const { target, query } = request;
  if (target.kind !== 'operations' || (target.scope !== 'ledger' && target.scope !== 'transaction') || query.cursor)
    return undefined;
  try {
    const path = `/${target.scope === 'ledger' ? 'ledgers' : 'transactions'}/${target.id}`;
    const body = (await http.getJson(path, { signal, timeoutMs: 10_000 })).body as Record<string, unknown>;
    const count = target.scope === 'transaction' ? body['operation_count'] : ledgerCount(body, query.includeFailed);
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined;
    return query.maxRows !== undefined ? Math.min(count, query.maxRows) : count;
  } catch {
    return undefined; // a count is a nicety: the export goes on without it
  }
}

function ledgerCount(body: Record<string, unknown>, includeFailed: boolean): unknown {
  if ('tx_set_operation_count' in body) return includeFailed ? body['tx_set_operation_count'] : body['operation_count'];
  return includeFailed || body['failed_transaction_count'] === 0 ? body['operation_count'] : undefined;
}

/** `x.csv` becomes `x-partial.csv` (numbered if taken, never replacing a file); on failure the file keeps its name. */
function markPartial(path: string): string {
  return existsSync(path) ? renameFresh(path, partialName(path)) : path;
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
