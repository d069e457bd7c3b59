// Where an account's stream stands: the token "now" is pinned to before its first connection,
// whether a paging token comes after another, and how many ledgers behind the latest a token is.
import { isJsonObject } from '../../../shared/json';
import { decodeToid } from '../../../shared/toid';
import { latestOf } from './health';
import type { HttpClient } from '../../http/http';

/**
 * The last possible paging token of the latest ledger: everything after it is new. A `cursor=now`
 * would move with every reconnection and lose what arrived in between (Solar issue #551). Asked
 * through the server's HTTP client, so a 429 holds it like any other request to that server.
 */
export async function pinNow(http: HttpClient, signal: AbortSignal): Promise<string> {
  const { body } = await http.getJson('/', { signal, timeoutMs: 10_000 });
  const latest = latestOf(isJsonObject(body) ? body : {});
  if (latest === null) throw new Error('the server reports no latest ledger');
  return (((BigInt(latest) + 1n) << 32n) - 1n).toString();
}

/** Paging tokens are TOIDs (digits): compare as integers; anything else differs = new. */
export function isAfter(token: string, last: string | undefined): boolean {
  if (!last) return true;
  if (/^\d+$/.test(token) && /^\d+$/.test(last)) return BigInt(token) > BigInt(last);
  return token !== last;
}

/** Ledgers between the latest and the one a token is in (0 when either is unknown). */
export function ledgersBehind(token: string, latest: number | null): number {
  let ledger: number | null;
  try {
    ledger = decodeToid(token).ledger;
  } catch {
    ledger = null;
  }
  return latest !== null && ledger !== null ? latest - ledger : 0;
}
