// The walks of a sync (sync.ts): pages of an account's operations, oldest first at limit 200,
// from a cursor to the end or to a bound, each written by the index worker while the next is on
// its way (page-fetch.ts). On its own server a page costs the service its work and then a round
// trip through this process before the next request can be sent, during which the service
// waits; a long walk on a server that announces requests to spare (walk-cursor.ts aheadStart)
// therefore runs as two: the walk from the stored token, and one ahead of it from the middle of
// the ledgers still to read, so the service always has a request to work on. The walk ahead
// keeps its own token (account-meta.ts), so a sync stopped at any moment resumes both; when both
// are done, the first having reached the start of the second, the account's token becomes the
// later of the two (`joinAhead`).
import { isJsonObject } from '../../../shared/json';
import { sleep } from '../../backoff';
import { CoreError } from '../../errors';
import { HttpError, type HttpClient, type Transport } from '../../http';
import { int } from '../../values';
import type { AccountMeta } from '../worker-thread/account-meta';
import { PageFetch, type PageSource } from './page-fetch';
import type { HistoryOp, OpArgs, OpResult } from '../protocol';
import type { Lane, PageResult } from '../worker-thread/store';
import { aheadStart, PAGE_LIMIT } from '../walk-cursor';
import { readHeld, type HeldAnswer, type HeldPage } from './worker-transport';

export const LISTING_PARAMS = { join: 'transactions', include_failed: 'true' } as const;

export type IndexCall = <K extends HistoryOp>(op: K, args: OpArgs<K>) => Promise<OpResult<K>>;

export interface WalkContext {
  http: HttpClient;
  account: string;
  /** The network's name, for a person reading an error. */
  network: string;
  call: IndexCall;
  transport(onEarly: (cursor: string) => void): Transport<HeldAnswer>;
  ingest(page: HeldPage, lane: Lane): Promise<PageResult>;
  release(page: HeldPage): void;
  /** A 429 is being waited out (ms), or no longer (undefined). */
  onWait(waitingMs: number | undefined): void;
  /** A page was written: the rows it added and the account after it. */
  onPage(added: number, meta: AccountMeta): void;
  /** A 410 before_history: the index is complete from this ledger on. */
  onPruned(ledger: number): Promise<void>;
}

/** What the server's root says: its oldest and newest ledgers, and the requests it announces left (X-RateLimit-Remaining). */
export interface ServerRoot {
  elder: number | null;
  latest: number | null;
  budget: number | null;
}

export interface WalkEnd {
  cursor: string | undefined;
  added: number;
}

export async function readRoot(http: HttpClient, signal: AbortSignal): Promise<ServerRoot> {
  const response = await http.getJson('/', { signal });
  const body = isJsonObject(response.body) ? response.body : {};
  const budget = response.headers.get('x-ratelimit-remaining');
  return {
    elder: int(body['history_elder_ledger']) ?? null,
    latest: int(body['history_latest_ledger']) ?? null,
    budget: budget !== null && /^\d{1,15}$/.test(budget.trim()) ? Number(budget) : null,
  };
}

/** Every page from the account's stored token (and its walk ahead's, if one was under way) to the end; the cursor the stream goes on from. */
export async function walkAll(
  ctx: WalkContext,
  meta: AccountMeta | null,
  root: ServerRoot,
  signal: AbortSignal,
): Promise<WalkEnd> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  // The walk ahead, once one runs (a holder, since the hooks start it from inside the first walk).
  const started: { ahead: { from: bigint; run: Promise<WalkEnd> } | null } = { ahead: null };
  const runAhead = (from: string, cursor: string) => {
    const run = walk(ctx, cursor, 'ahead', controller.signal);
    // A walk that fails stops the other; its error is the one reported.
    run.catch(stop);
    started.ahead = { from: BigInt(from), run };
  };
  let decided = false;
  const hooks: WalkHooks = {
    bound: () => started.ahead?.from,
    onFull: async (before, page) => {
      if (started.ahead || decided || page.lastToken === null) return;
      const from = aheadStart(before, page.lastToken, root.latest, root.budget);
      decided = before !== undefined;
      if (from === null) return;
      await ctx.call('startAhead', { account: ctx.account, from });
      runAhead(from, from);
    },
  };
  try {
    if (meta?.aheadFrom) runAhead(meta.aheadFrom, meta.aheadToken ?? meta.aheadFrom);
    const from = meta?.lastToken ?? undefined;
    const reached = started.ahead !== null && isToken(from) && BigInt(from!) >= started.ahead.from;
    const main = reached ? { cursor: from, added: 0 } : await walk(ctx, from, 'main', controller.signal, hooks);
    const ahead = started.ahead;
    if (!ahead || signal.aborted) return main;
    const end = await ahead.run;
    const token = later(main.cursor, end.cursor);
    if (token !== undefined) ctx.onPage(0, await ctx.call('joinAhead', { account: ctx.account, token }));
    return { cursor: token, added: main.added + end.added };
  } catch (error) {
    stop();
    const aheadError = started.ahead
      ? await started.ahead.run.then(
          () => null,
          (failure: unknown) => failure,
        )
      : null;
    throw aheadError && !isAbort(aheadError) ? aheadError : error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

interface WalkHooks {
  /** Where the walk stops: at the first page whose last token reaches it. */
  bound(): bigint | undefined;
  /** A full page was written, after the cursor `before`. */
  onFull(before: string | undefined, page: PageResult): Promise<void>;
}

/**
 * Pages from `cursor` to the end (or the hooks' bound). While the index worker parses and writes
 * a page, the next is already on its way: asked for from the cursor of the page's `next` link as
 * soon as the start of the page has arrived (page-fetch.ts), or else once it is whole, if it is
 * full. It is used only if that is the token the worker found last in the page.
 */
async function walk(
  ctx: WalkContext,
  from: string | undefined,
  lane: Lane,
  signal: AbortSignal,
  hooks?: WalkHooks,
): Promise<WalkEnd> {
  let cursor = from;
  let added = 0;
  const source: PageSource<HeldPage> = {
    fetch: (at, pageSignal, onEarly) => fetchPage(ctx, at, pageSignal, onEarly),
    release: ctx.release,
  };
  let current = new PageFetch(cursor, source, signal);
  try {
    for (;;) {
      const held = await current.lead().page;
      if (held === null) {
        current.abandon();
        if (lane === 'ahead')
          throw new CoreError(
            'bad_response',
            'The server answered 410 before_history in the middle of the history it reported.',
          );
        cursor = await pastPrunedHistory(ctx, cursor, signal);
        current = new PageFetch(cursor, source, signal);
        continue;
      }
      if (signal.aborted) break;
      // The cursor the whole page names (the worker reads it once the page is whole): a short
      // page names none, which stops a request asked for early from its first bytes (the walk's
      // request count depends on it).
      const written = ctx.ingest(held, lane);
      const next = current.next(held.guess);
      const page = await written;
      added += page.added;
      if (!signal.aborted) ctx.onPage(page.added, page.meta);
      const before = cursor;
      if (page.lastToken) cursor = page.lastToken;
      if (page.count < PAGE_LIMIT) break;
      const bound = hooks?.bound();
      if (bound !== undefined && isToken(cursor) && BigInt(cursor!) >= bound) break;
      await hooks?.onFull(before, page);
      if (next && next.cursor === cursor) current = next;
      else {
        next?.abandon();
        current = new PageFetch(cursor, source, signal);
      }
    }
  } finally {
    // A request asked for early after the last page: not needed.
    current.abandon();
  }
  return { cursor, added };
}

/** One page, held by the index worker; null for a 410 before_history. A 429 that outlasts the client's retries is waited out here. */
async function fetchPage(
  ctx: WalkContext,
  cursor: string | undefined,
  signal: AbortSignal,
  onEarly: (cursor: string) => void,
): Promise<HeldPage | null> {
  const params = { cursor, limit: PAGE_LIMIT, order: 'asc', ...LISTING_PARAMS };
  for (;;) {
    try {
      const response = await ctx.http.getWith(`/accounts/${ctx.account}/operations`, ctx.transport(onEarly), readHeld, {
        params,
        signal,
        onWait: ctx.onWait,
      });
      ctx.onWait(undefined);
      return response.value;
    } catch (error) {
      if (signal.aborted || !(error instanceof HttpError)) throw error;
      if (error.status === 410) return null;
      if (error.status === 404)
        throw new CoreError('not_found', `Account ${ctx.account} was not found on ${ctx.network}.`, { status: 404 });
      if (error.status !== 429) throw error;
      ctx.onWait(error.extra.retryAfterMs ?? 1_000);
      await sleep(error.extra.retryAfterMs ?? 1_000, signal);
    }
  }
}

/** After a 410 before_history: the cursor to walk on from, the server's oldest ledger (recorded as where the index is complete from). */
async function pastPrunedHistory(ctx: WalkContext, cursor: string | undefined, signal: AbortSignal): Promise<string> {
  const { elder: from } = await readRoot(ctx.http, signal);
  if (from === null || (cursor !== undefined && BigInt(cursor) >= BigInt(from) << 32n))
    throw new CoreError(
      'bad_response',
      'The server answered 410 before_history but reports no older boundary to continue from.',
    );
  await ctx.onPruned(from);
  return String(BigInt(from) << 32n);
}

const isAbort = (error: unknown): boolean =>
  (error instanceof Error && error.name === 'AbortError') || (error instanceof CoreError && error.code === 'cancelled');

const isToken = (token: string | undefined): boolean => token !== undefined && /^\d{1,19}$/.test(token);

/** The later of two walks' last tokens. */
function later(a: string | undefined, b: string | undefined): string | undefined {
  if (!isToken(a)) return b;
  if (!isToken(b)) return a;
  return BigInt(a!) >= BigInt(b!) ? a : b;
}
