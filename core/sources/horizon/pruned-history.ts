// Pruned history (docs/app-core.md): a 410 `before_history` is the end of a newest-first
// listing, not an error. The listing answers an empty last page that carries where the server's
// history starts: the root's `history_elder_ledger`, with that ledger's close time when the
// server has it.
import type { HistoryStart } from '../../../shared/history-start';
import type { ListingTarget } from '../../../shared/ipc';
import { isJsonObject } from '../../../shared/json';
import type { Operation } from '../../../shared/model';
import { abortError } from '../../app/errors';
import { HttpError, type HttpClient } from '../../http/http';
import { int, text } from '../../http/values';

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

/** A genesis ledger follows no ledger: its previous hash is all zeros. */
const NO_LEDGER = /^0{64}$/;

/** Total coins as a ledger record writes them (a decimal of at most 7 places). */
const COINS = /^\d{1,19}(\.\d{1,7})?$/;

/**
 * The elder ledger's record: its close time, whether it is the network's first ledger, and its
 * total coins when the record says them (Horizon's `total_coins`; the local service does not).
 */
export async function readElderRecord(
  http: HttpClient,
  ledger: number,
  signal?: AbortSignal,
): Promise<{ closedAt?: string; genesis: boolean; totalCoins?: string }> {
  try {
    const { body } = await http.getJson(`/ledgers/${ledger}`, { signal });
    if (!isJsonObject(body)) return { genesis: false };
    const closedAt = text(body['closed_at'])?.slice(0, 40);
    const genesis = NO_LEDGER.test(text(body['prev_hash']) ?? '');
    const coins = text(body['total_coins']);
    return { genesis, ...(closedAt ? { closedAt } : {}), ...(coins && COINS.test(coins) ? { totalCoins: coins } : {}) };
  } catch {
    if (signal?.aborted) throw abortError();
    return { genesis: false };
  }
}

/** Where the server's history starts; the close time is a courtesy, its absence no failure. */
export async function readHistoryStart(http: HttpClient, signal?: AbortSignal, elder?: number): Promise<HistoryStart> {
  const ledger = elder ?? (await readElderLedger(http, signal).catch(() => null));
  if (ledger === null) return { ledger: null };
  const { closedAt } = await readElderRecord(http, ledger, signal);
  return closedAt ? { ledger, closedAt } : { ledger };
}

/**
 * Where a server that keeps part of its network's history starts, or null for one that keeps all:
 * it does not say, its elder ledger is 1 or 2 (ledger 1 has no transactions, 2 is the first with
 * any), or its elder ledger is its network's genesis (a network started at a later sequence, as
 * the local network is: the elder ledger follows no ledger).
 */
async function readPrunedStart(http: HttpClient): Promise<HistoryStart | null> {
  const elder = await readElderLedger(http);
  if (elder === null || elder <= 2) return null;
  const { closedAt, genesis } = await readElderRecord(http, elder);
  if (genesis) return null;
  return closedAt ? { ledger: elder, closedAt } : { ledger: elder };
}

/** A server's elder ledger is asked at most this often. */
const ELDER_TTL_MS = 300_000;
const starts = new WeakMap<HttpClient, { at: number; start: Promise<HistoryStart | null> }>();

/** Where a pruned-history server's records start; null for one that keeps all (or does not say). Cached per server. */
export function prunedHistoryStart(http: HttpClient): Promise<HistoryStart | null> {
  const hit = starts.get(http);
  if (hit && Date.now() - hit.at < ELDER_TTL_MS) return hit.start;
  const start = readPrunedStart(http).catch(() => null);
  starts.set(http, { at: Date.now(), start });
  return start;
}

/**
 * A listing of an account that reached a pruned-history server's oldest ledger without reaching
 * the account's creation: newest first, Horizon ends it with an empty page (its 410 only comes for
 * a cursor below the elder ledger); oldest first, it starts there. Older records may exist
 * elsewhere, and the listing says where this server's history starts. `edge` is the record at that
 * end (the last newest first, the first oldest first).
 */
export async function historyStartAtEnd(
  http: HttpClient,
  target: ListingTarget,
  edge: Operation | undefined,
): Promise<HistoryStart | null> {
  const account = target.kind === 'payments' ? target.account : target.scope === 'account' ? target.id : null;
  if (account === null) return null; // a ledger, transaction, balance or pool listing is complete where it is kept
  if (edge?.type === 'create_account' && edge.account === account) return null; // the account's own beginning
  return prunedHistoryStart(http);
}
