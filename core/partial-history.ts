// Partial history (docs/app-core.md): a 410 `before_history` is the end of a newest-first
// listing, not an error. The listing answers an empty last page that carries where the server's
// history starts: the root's `history_elder_ledger`, with that ledger's close time when the
// server has it.
import type { HistoryStart } from '../shared/partial-history';
import type { ListingTarget } from '../shared/ipc';
import { isJsonObject } from '../shared/json';
import type { Operation } from '../shared/model';
import { abortError } from './errors';
import { HttpError, type HttpClient } from './http';
import { int, text } from './values';

/** A 410 (Horizon's `before_history`): the records asked for are older than the server keeps. */
export function isBeforeHistory(error: unknown): error is HttpError {
  if (!(error instanceof HttpError) || error.status !== 410) return false;
  const type = typeof error.problem?.['type'] === 'string' ? error.problem['type'] : 'before_history';
  return type.split('/').pop() === 'before_history';
}

/** The root's `history_elder_ledger`, or null when the server does not say (it keeps everything). */
export async function readElderLedger(http: HttpClient, signal?: AbortSignal): Promise<number | null> {
  const { body } = await http.getJson('/', { signal });
  return isJsonObject(body) ? (int(body['history_elder_ledger']) ?? null) : null;
}

/** Where the server's history starts; the close time is a courtesy, its absence no failure. */
export async function readHistoryStart(http: HttpClient, signal?: AbortSignal, elder?: number): Promise<HistoryStart> {
  const ledger = elder ?? (await readElderLedger(http, signal).catch(() => null));
  if (ledger === null) return { ledger: null };
  try {
    const { body } = await http.getJson(`/ledgers/${ledger}`, { signal });
    const closedAt = isJsonObject(body) ? text(body['closed_at']) : undefined;
    return closedAt ? { ledger, closedAt: closedAt.slice(0, 40) } : { ledger };
  } catch {
    if (signal?.aborted) throw abortError();
    return { ledger };
  }
}

/** A server's elder ledger is asked at most this often. */
const ELDER_TTL_MS = 300_000;
const partial = new WeakMap<HttpClient, { at: number; start: Promise<HistoryStart | null> }>();

/** Where a partial-history server's records start; null for one that keeps all (or does not say). Cached per server. */
export function partialHistoryStart(http: HttpClient): Promise<HistoryStart | null> {
  const hit = partial.get(http);
  if (hit && Date.now() - hit.at < ELDER_TTL_MS) return hit.start;
  // Ledger 1 has no transactions and 2 is the first with any: an elder ledger above that is partial history.
  const start = readElderLedger(http)
    .then((elder) => (elder !== null && elder > 2 ? readHistoryStart(http, undefined, elder) : null))
    .catch(() => null);
  partial.set(http, { at: Date.now(), start });
  return start;
}

/**
 * A newest-first listing of an account that ended on a partial-history server without reaching
 * the account's creation: Horizon answers that with an empty page (its 410 only comes for a cursor
 * below the elder ledger), and older records may exist elsewhere. The end says where history starts.
 */
export async function historyStartAtEnd(
  http: HttpClient,
  target: ListingTarget,
  last: Operation | undefined,
): Promise<HistoryStart | null> {
  const account = target.kind === 'payments' ? target.account : target.scope === 'account' ? target.id : null;
  if (account === null) return null; // a ledger, transaction, balance or pool listing is complete where it is kept
  if (last?.type === 'create_account' && last.account === account) return null; // the account's own beginning
  return partialHistoryStart(http);
}
