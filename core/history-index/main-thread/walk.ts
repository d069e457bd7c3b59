// The walk of a sync (sync.ts): pages of an account's operations, oldest first at limit 200, from
// the stored token to the end, each written by the index worker while the next is on its way
// (page-fetch.ts). One walk: each page is asked for once, so a first sync of N operations costs
// the root and ⌈(N+1)/200⌉ pages, and a sync of a current account the root and one empty page.
import { CoreError } from '../../app/errors';
import { HttpError, type HttpClient, type Transport, type WaitReason } from '../../http/http';
import type { IndexListing, IndexListings } from '../../sources/source';
import { PageFetch, type PageSource } from './page-fetch';
import type { AccountMeta, HistoryOp, OpArgs, OpResult, PageGuardArgs, PageResult } from '../protocol';
import { PagingGuard } from '../../../shared/paging-guard';
import { PAGE_LIMIT } from '../walk-cursor';
import { readHeld, type HeldAnswer, type HeldPage } from './worker-transport';

export type IndexCall = <K extends HistoryOp>(op: K, args: OpArgs<K>) => Promise<OpResult<K>>;

/** A listing a walk pages through: the account's operations, or one beside them (sync-sides.ts), as the source names it. */
export type Listing = IndexListing;

/** An optional listing the server answers 404 to: it does not serve it. */
export class ListingMissing extends Error {
  override name = 'ListingMissing';
  constructor(readonly path: string) {
    super(`The server does not list an account's ${path}.`);
  }
}

export interface WalkContext {
  /** The source's HTTP client: pages are read raw, held by the index worker (worker-transport.ts). */
  http: HttpClient;
  /** What the source lists of an account for an index: its operations and the listings beside them. */
  listings: IndexListings;
  /** The source's root: its oldest ledger, where a walk into pruned history goes on from. */
  root(signal: AbortSignal): Promise<ServerRoot>;
  account: string;
  /** What is walked (default: the account's operations). */
  listing?: Listing;
  /** The network's name, for a person reading an error. */
  network: string;
  call: IndexCall;
  transport(onEarly: (cursor: string) => void): Transport<HeldAnswer>;
  /** Writes a page, once the index worker has checked it against the walk's paging guard (`guard`). */
  ingest(page: HeldPage, guard: PageGuardArgs): Promise<PageResult>;
  release(page: HeldPage): void;
  /** A 429 is being waited out (ms), or no longer (undefined). */
  onWait(waitingMs: number | undefined, attempt?: number, reason?: WaitReason): void;
  /** A page was written: the rows it added and the account after it. */
  onPage(added: number, meta: AccountMeta): void;
  /** A 410 before_history: the index is complete from this ledger on. */
  onPruned(ledger: number): Promise<void>;
  /** A page's answer said the server's latest ledger as it was asked (Horizon's Latest-Ledger header). */
  onLatestLedger?(ledger: number): void;
}

/** What the server's root says: its oldest ledger (history_elder_ledger), where a walk into pruned history goes on from. */
export interface ServerRoot {
  elder: number | null;
  /** Its latest ledger as the sync starts (history_latest_ledger): every listing is whole through it by the walk's last page. */
  latest: number | null;
}

export interface WalkEnd {
  cursor: string | undefined;
  added: number;
}

/**
 * Pages from `from` to the end, under the paging guard. While the index worker parses and writes a page, the next is
 * already on its way: asked for from the cursor of the page's `next` link as soon as the page is
 * known to be full (page-fetch.ts, worker-fetch.ts). It is used only if that is the token the
 * worker found last in the page. A page of fewer than PAGE_LIMIT records ends the walk.
 */
export async function walk(ctx: WalkContext, from: string | undefined, signal: AbortSignal): Promise<WalkEnd> {
  let cursor = from;
  let added = 0;
  const source: PageSource<HeldPage> = {
    fetch: (at, pageSignal, onEarly) => fetchPage(ctx, at, pageSignal, onEarly),
    release: ctx.release,
  };
  let current = new PageFetch(cursor, source, signal);
  // The listings' guard (shared/paging-guard.ts): a page whose cursor does not advance, goes
  // backwards or repeats ends the walk with its PagingError. The worker checks each page against
  // it before writing any of it; the walk then keeps the page's first and last token.
  const guard = new PagingGuard('asc');
  try {
    for (;;) {
      const held = await current.lead().page;
      if (held === null) {
        current.abandon();
        cursor = await pastPrunedHistory(ctx, cursor, signal);
        current = new PageFetch(cursor, source, signal);
        continue;
      }
      if (signal.aborted) break;
      // The cursor the whole page names (the worker reads it once the page is whole): a short
      // page names none, so no request goes past the end of the history.
      const written = ctx.ingest(held, { cursor: current.cursor, previous: guard.seen });
      const next = current.next(held.guess);
      const page = await written;
      // First and last (one token for a page of one record: the same token twice reads as out of order).
      const tokens = [...new Set([page.firstToken, page.lastToken])].filter((token) => token !== null);
      guard.check({ cursor: current.cursor, tokens, next: page.count < PAGE_LIMIT ? null : page.lastToken });
      added += page.added;
      if (!signal.aborted) ctx.onPage(page.added, page.meta);
      if (page.lastToken) cursor = page.lastToken;
      if (page.count < PAGE_LIMIT) break;
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

/** One page, held by the index worker; null for a 410 before_history. A 429 is waited out by the client, within its max-wait and retries, or ends the walk. */
async function fetchPage(
  ctx: WalkContext,
  cursor: string | undefined,
  signal: AbortSignal,
  onEarly: (cursor: string) => void,
): Promise<HeldPage | null> {
  const listing = ctx.listing ?? ctx.listings.operations;
  const params = { cursor, limit: PAGE_LIMIT, order: 'asc', ...listing.params };
  try {
    const response = await ctx.http.getWith(listing.path(ctx.account), ctx.transport(onEarly), readHeld, {
      params,
      signal,
      onWait: ctx.onWait,
    });
    const latest = latestLedgerHeader(response.headers);
    if (latest !== null) ctx.onLatestLedger?.(latest);
    return response.value;
  } catch (error) {
    if (signal.aborted || !(error instanceof HttpError)) throw error;
    if (error.status === 410) return null;
    if (error.status === 404 && listing.optional) throw new ListingMissing(listing.name);
    if (error.status === 404)
      throw new CoreError('not_found', `Account ${ctx.account} was not found on ${ctx.network}.`, { status: 404 });
    // A 429 the client did not wait out (longer than its max-wait, or past its retries) ends the
    // walk with the client's sentence, as a listing's: it is not slept through here (#37.1).
    throw error;
  } finally {
    // Whatever the answer, no wait is being waited out any more: a line that said so is stale.
    ctx.onWait(undefined);
  }
}

/** Horizon's Latest-Ledger header (sent on every response), or null when absent or not a ledger number. */
export function latestLedgerHeader(headers: Headers): number | null {
  const text = headers.get('latest-ledger');
  if (text === null || !/^\d{1,10}$/.test(text.trim())) return null;
  const ledger = Number(text.trim());
  return ledger > 0 && ledger <= 0xffffffff ? ledger : null;
}

/** After a 410 before_history: the cursor to walk on from, the server's oldest ledger (recorded as where the index is complete from). */
async function pastPrunedHistory(ctx: WalkContext, cursor: string | undefined, signal: AbortSignal): Promise<string> {
  const { elder: from } = await ctx.root(signal);
  if (from === null || (cursor !== undefined && BigInt(cursor) >= BigInt(from) << 32n))
    throw new CoreError(
      'bad_response',
      'The server answered 410 before_history but reports no older boundary to continue from.',
    );
  await ctx.onPruned(from);
  return String(BigInt(from) << 32n);
}
