// Partial history (docs/app-core.md): a 410 `before_history` is the end of a newest-first
// listing, not an error. The listing answers an empty last page that carries where the server's
// history starts: the root's `history_elder_ledger`, with that ledger's close time when the
// server has it.
import { isJsonObject } from '../../shared/json';
import type { HistoryStart } from '../../shared/history';
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
export async function readHistoryStart(http: HttpClient, signal?: AbortSignal): Promise<HistoryStart> {
  const ledger = await readElderLedger(http, signal).catch(() => null);
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
