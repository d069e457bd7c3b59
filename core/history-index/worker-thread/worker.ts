// The history index worker (a node:worker_threads Worker): it owns every SQLite connection of
// the index, so writes of a long sync and the queries of an analysis never run on the thread
// that serves the UI and the streams. It also sends a sync's page requests (worker-fetch.ts) and
// keeps each page until the walk asks for it to be written, so a page's bytes never reach the
// main thread; a page is parsed, compressed and written here while the next arrives. Writes are
// synchronous and answered in the order they were asked for, so a page's token never passes a
// later one's. A group of a sync's pages (store.ts) is committed before any other request is
// served, and at the latest GROUP_IDLE_MS after its first page. A damaged file or account
// (damage.ts) answers nothing but a rebuild.
import { rmSync, statSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { parentPort } from 'node:worker_threads';
import { CoreError } from '../../app/errors';
import { balanceFlows, indexSums } from './sums';
import { exportIndex } from './export-file';
import type { AccountMeta, HistoryOp, OpArgs, OpResult, WorkerReply, WorkerRequest } from '../protocol';
import { PagingError } from '../../../shared/paging-guard';
import { queryPage } from './summary';
import { openIndex } from './schema';
import { damagedError, isCorruption, OpenMarker, PageDamage, quickCheck } from './damage';
import { IndexWriter, listMeta, readMeta } from './store';
import { SideWriter } from './side-writer';
import { LedgerWriter } from './ledger-writer';
import { cumulativeFlow, totalsBy, typeCounts } from './totals';
import { WorkerFetches, type FetchRequest } from './worker-fetch';
import { indexFormat } from '../../sources/index-formats';

interface Opened {
  db: DatabaseSync;
  writer: IndexWriter;
  /** Writes the pages of the walks beside the operations (side-writer.ts). */
  sides: SideWriter;
  /** Writes the runs of ledgers read from a lake (ledger-writer.ts). */
  ledgers: LedgerWriter;
  /** Commits the open group of pages GROUP_IDLE_MS after its first, if nothing has committed it. */
  idle: ReturnType<typeof setTimeout> | null;
  /** This process's marker beside the file while it is open (damage.ts). */
  marker: OpenMarker;
  /** Why the whole file is damaged (its check on open, or SQLite's error on a read), or null. */
  damaged: string | null;
}

const GROUP_IDLE_MS = 100;

const files = new Map<string, Opened>();
const fetches = new WorkerFetches((event) => parentPort?.postMessage(event));

function opened(file: string): Opened {
  let entry = files.get(file);
  if (!entry) {
    entry = openFile(file);
    files.set(file, entry);
  }
  return entry;
}

/**
 * Opens an index file, checked first (quick_check) when a process that had it open is gone
 * without closing it (damage.ts). A file SQLite cannot open as a database is damaged too; it
 * answers nothing but a rebuild.
 */
function openFile(file: string): Opened {
  const marker = new OpenMarker(file);
  let db: DatabaseSync | null = null;
  let damaged: string | null = null;
  try {
    db = openIndex(file);
    if (marker.unclean) damaged = quickCheck(db);
  } catch (error) {
    if (!isCorruption(error)) throw error;
    damaged = `SQLite: ${(error as Error).message.slice(0, 120)}`;
  }
  marker.set();
  if (damaged === null) marker.clearStale();
  // A damaged file's connection is never used: every request but a rebuild is refused.
  const usable = db ?? ({ close: () => undefined } as unknown as DatabaseSync);
  return {
    db: usable,
    ...writers(usable, damaged),
    idle: null,
    marker,
    damaged,
  };
}

function writers(db: DatabaseSync, damaged: string | null): Pick<Opened, 'writer' | 'sides' | 'ledgers'> {
  if (damaged)
    return {
      writer: null as unknown as IndexWriter,
      sides: null as unknown as SideWriter,
      ledgers: null as unknown as LedgerWriter,
    };
  const writer = new IndexWriter(db);
  const sides = new SideWriter(db, writer);
  return { writer, sides, ledgers: new LedgerWriter(db, writer, sides) };
}

/** The account's number in the file, or a not_found error a person can act on; a damaged account's index answers nothing. */
function acctOf(db: DatabaseSync, account: string): number {
  return indexedMeta(db, account).acct;
}

/** The account's row, when it has an index that is not damaged. */
function indexedMeta(db: DatabaseSync, account: string): AccountMeta {
  const meta = readMeta(db, account);
  if (!meta)
    throw new CoreError(
      'not_found',
      `Account ${account.slice(0, 56)} has no history index on this network. Sync it first.`,
    );
  if (meta.damaged) throw damagedError(account, meta.damaged);
  return meta;
}

/** An account whose index is damaged takes no more pages: its sync stops, never `current`. */
function writable(db: DatabaseSync, account: string): void {
  const damaged = readMeta(db, account)?.damaged;
  if (damaged) throw damagedError(account, damaged);
}

/**
 * A rebuild: a damaged file is deleted whole (every account in it is synced again from the start);
 * else the account's rows, totals and pages go. The caller then syncs the account afresh.
 */
function rebuild(file: string, entry: Opened, account: string): { file: boolean } {
  if (entry.damaged === null) {
    commitGroup(entry);
    entry.writer.remove(account);
    return { file: false };
  }
  files.delete(file);
  try {
    entry.db.close();
  } catch {
    // Not open, or SQLite refuses to close a broken file: it is deleted below either way.
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  entry.marker.release(true);
  return { file: true };
}

/** What a request's failure becomes: a damaged page marks its account, SQLite's corruption error the file. */
function damageOf(entry: Opened, request: WorkerRequest, error: unknown): unknown {
  const account = 'account' in (request.args as object) ? (request.args as { account: string }).account : null;
  if (error instanceof PageDamage) {
    const owner = entry.db.prepare('SELECT address FROM accounts WHERE acct = ?').get(error.acct) as
      { address: string } | undefined;
    entry.db.prepare('UPDATE accounts SET damaged = ? WHERE acct = ?').run(error.detail, error.acct);
    return damagedError(owner?.address ?? account, error.detail);
  }
  if (!isCorruption(error)) return error;
  entry.damaged ??= `SQLite: ${(error as Error).message.slice(0, 120)}`;
  return damagedError(account, entry.damaged);
}

type Handlers = {
  [K in HistoryOp]: (entry: Opened, args: OpArgs<K>, file: string) => OpResult<K> | Promise<OpResult<K>>;
};

const handlers: Handlers = {
  ingestHeld: (entry, { account, rid, guard, side, format }) => {
    const bytes = fetches.take(rid);
    writable(entry.db, account);
    // The page is read in the format its source's index pages are in (core/sources/index-format.ts).
    const reader = indexFormat(format);
    return grouped(entry, () =>
      side
        ? entry.sides.ingest(
            account,
            side.kind,
            bytes,
            guard ?? { cursor: undefined, previous: null },
            side.bound,
            reader,
          )
        : entry.writer.ingestPageBytes(account, bytes, guard, reader),
    );
  },
  ingestTexts: ({ db, writer }, { account, texts, format }) => {
    writable(db, account);
    return writer.ingestTexts(account, texts, indexFormat(format));
  },
  ingestLedgers: ({ db, ledgers }, run) => {
    writable(db, run.account);
    return ledgers.ingest(run);
  },
  ledgerBalances: ({ db, ledgers }, { account }) => ledgers.read(acctOf(db, account)),
  rebuild: () => {
    throw new CoreError('internal', 'A rebuild is answered before the handlers.');
  },
  meta: ({ db }, { account }) => readMeta(db, account) ?? null,
  setState: ({ writer }, { account, ...change }) => {
    writer.setState(account, change);
    return null;
  },
  list: ({ db }) => listMeta(db),
  remove: ({ writer }, { account }) => writer.remove(account),
  query: ({ db }, { account, ...request }) => queryPage(db, acctOf(db, account), request),
  totals: ({ db }, { account, filter, by, top }) => totalsBy(db, acctOf(db, account), filter, by, top),
  types: ({ db }, { account }) => typeCounts(db, acctOf(db, account)),
  flow: ({ db }, { account, filter, asset }) => cumulativeFlow(db, acctOf(db, account), filter, asset),
  export: ({ db }, args) => exportIndex(db, acctOf(db, args.account), args),
  sums: ({ db }, { account }) => indexSums(db, acctOf(db, account)),
  reconcile: ({ db, ledgers }, { account }) => {
    const meta = indexedMeta(db, account);
    return { sums: indexSums(db, meta.acct), meta, ledgerBalances: meta.ledgers ? ledgers.read(meta.acct) : [] };
  },
  balance: ({ db }, { account, asset, by, opening }) => balanceFlows(db, acctOf(db, account), asset, by, opening),
  optimize: ({ db }) => {
    db.exec('PRAGMA optimize=0x10002');
    return null;
  },
  fileSize: (_entry, _args, file) => ['', '-wal'].reduce((sum, suffix) => sum + (statSize(file + suffix) ?? 0), 0),
};

/** A sync's page, written into the open group (committed within GROUP_IDLE_MS of its first page at the latest). */
function grouped<T>(entry: Opened, write: () => T): T {
  const result = write();
  entry.idle ??= setTimeout(() => commitGroup(entry), GROUP_IDLE_MS);
  return result;
}

function commitGroup(entry: Opened): void {
  if (entry.idle) clearTimeout(entry.idle);
  entry.idle = null;
  if (entry.damaged === null) entry.writer.commit();
}

function statSize(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

async function answer(request: WorkerRequest): Promise<WorkerReply> {
  try {
    const handler = handlers[request.op] as (entry: Opened, args: unknown, file: string) => unknown;
    if (!handler) throw new CoreError('invalid_input', `Unknown index operation "${String(request.op).slice(0, 40)}".`);
    const entry = opened(request.file);
    if (request.op === 'rebuild') {
      const { account } = request.args as OpArgs<'rebuild'>;
      return { id: request.id, ok: true, value: rebuild(request.file, entry, account) };
    }
    if (entry.damaged !== null) throw damageOf(entry, request, new Error('database disk image is malformed'));
    if (request.op !== 'ingestHeld') commitGroup(entry);
    try {
      return { id: request.id, ok: true, value: await handler(entry, request.args, request.file) };
    } catch (error) {
      throw damageOf(entry, request, error);
    }
  } catch (error) {
    const code = error instanceof CoreError || error instanceof PagingError ? error.code : 'internal';
    const message = (error as Error).message?.slice(0, 500) ?? String(error);
    // A paging fault crosses as itself: the walk throws the listings' own PagingError.
    const paging =
      error instanceof PagingError
        ? { paging: { fault: error.fault, ...(error.cursor !== undefined ? { cursor: error.cursor } : {}) } }
        : {};
    return { id: request.id, ok: false, error: { code, message, ...paging } };
  }
}

// Every operation but an export is synchronous, so requests are answered in order; an export
// awaits between its chunks and the requests that arrive meanwhile are answered in between.
parentPort?.on('message', (request: WorkerRequest | { close: true } | { fetch: FetchRequest } | { drop: number }) => {
  if ('fetch' in request) return fetches.start(request.fetch);
  if ('drop' in request) return fetches.drop(request.drop);
  if ('close' in request) {
    fetches.dropAll();
    for (const entry of files.values()) {
      if (entry.damaged === null) commitGroup(entry);
      entry.db.close();
      // A damaged file keeps this process's marker: the next open checks it again.
      if (entry.damaged === null) entry.marker.release();
    }
    files.clear();
    parentPort?.close();
    return;
  }
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
