// The history index worker (a node:worker_threads Worker): it owns every SQLite connection of
// the index, so writes of a long sync and the queries of an analysis never run on the thread
// that serves the UI and the streams. A second instance of the same code serves a sync's
// `prepare` (parse and compress a page; no file), so a page is parsed while the one before is
// written. Writes are synchronous and answered in the order they were asked for, so a page's
// token never passes a later one's.
import { statSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { parentPort } from 'node:worker_threads';
import { CoreError } from '../errors';
import { exportIndex } from './export-file';
import { extractPage, packRows, unpackRows } from './extract';
import { packPageSync } from './pages';
import type { HistoryOp, OpArgs, OpResult, PreparedPage, WorkerReply, WorkerRequest } from './protocol';
import { queryPage } from './query';
import { openIndex } from './schema';
import { IndexWriter, listMeta, readMeta } from './store';
import { cumulativeFlow, totalsBy } from './totals';

interface Opened {
  db: DatabaseSync;
  writer: IndexWriter;
}

const files = new Map<string, Opened>();

function opened(file: string): Opened {
  let entry = files.get(file);
  if (!entry) {
    const db = openIndex(file);
    entry = { db, writer: new IndexWriter(db) };
    files.set(file, entry);
  }
  return entry;
}

/** The account's number in the file, or a not_found error a person can act on. */
function acctOf(db: DatabaseSync, account: string): number {
  const meta = readMeta(db, account);
  if (!meta) throw new CoreError('not_found', `Account ${account.slice(0, 56)} has no history index on this network. Sync it first.`);
  return meta.acct;
}

type FileOp = Exclude<HistoryOp, 'prepare'>;
type Handlers = { [K in FileOp]: (entry: Opened, args: OpArgs<K>, file: string) => OpResult<K> | Promise<OpResult<K>> };

/** A page's rows and its compressed text, for a writer to store (the sync's second worker runs this). */
function prepare({ account, pageBytes }: OpArgs<'prepare'>): PreparedPage {
  const bytes = Buffer.from(pageBytes.buffer, pageBytes.byteOffset, pageBytes.byteLength);
  const rows = extractPage(bytes.toString('utf8'), account);
  return { rows: packRows(rows), count: rows.length, page: packPageSync(bytes), lastToken: rows.at(-1)?.pagingToken ?? null };
}

const handlers: Handlers = {
  ingestTexts: ({ writer }, { account, texts }) => writer.ingestTexts(account, texts),
  ingestPrepared: ({ writer }, { account, prepared }) => writer.ingestRows(account, unpackRows(prepared.rows), prepared.lastToken, prepared.page),
  meta: ({ db }, { account }) => readMeta(db, account) ?? null,
  setState: ({ writer }, { account, ...change }) => {
    writer.setState(account, change);
    return null;
  },
  list: ({ db }) => listMeta(db),
  remove: ({ writer }, { account }) => writer.remove(account),
  query: ({ db }, { account, ...request }) => queryPage(db, acctOf(db, account), request),
  totals: ({ db }, { account, filter, by, top }) => totalsBy(db, acctOf(db, account), filter, by, top),
  flow: ({ db }, { account, filter, asset }) => cumulativeFlow(db, acctOf(db, account), filter, asset),
  export: ({ db }, args) => exportIndex(db, acctOf(db, args.account), args),
  optimize: ({ db }) => {
    db.exec('PRAGMA optimize=0x10002');
    return null;
  },
  fileSize: (_entry, _args, file) => ['', '-wal'].reduce((sum, suffix) => sum + (statSize(file + suffix) ?? 0), 0),
};

function statSize(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

async function answer(request: WorkerRequest): Promise<WorkerReply> {
  try {
    if (request.op === 'prepare') return { id: request.id, ok: true, value: prepare(request.args as OpArgs<'prepare'>) };
    const handler = handlers[request.op] as (entry: Opened, args: unknown, file: string) => unknown;
    if (!handler) throw new CoreError('invalid_input', `Unknown index operation "${String(request.op).slice(0, 40)}".`);
    const value = await handler(opened(request.file), request.args, request.file);
    return { id: request.id, ok: true, value };
  } catch (error) {
    const code = error instanceof CoreError ? error.code : 'internal';
    return { id: request.id, ok: false, error: { code, message: (error as Error).message?.slice(0, 500) ?? String(error) } };
  }
}

// Every operation but an export is synchronous, so requests are answered in order; an export
// awaits between its chunks and the requests that arrive meanwhile are answered in between.
parentPort?.on('message', (request: WorkerRequest | { close: true }) => {
  if ('close' in request) {
    for (const entry of files.values()) entry.db.close();
    files.clear();
    parentPort?.close();
    return;
  }
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
