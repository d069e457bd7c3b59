// Whether the server lists records of an account the index does not hold yet (issue #36): the
// reconciliation names "the index is behind the server" only when it has asked, and "the server
// lists none of its operations" only when the server said so. One request per listing the index
// walks (its operations, transactions and trades): the newest record (order desc, limit 1), whose
// paging token says its ledger.
import { isJsonObject, type JsonValue } from '../../../shared/json';
import { tokenLedger } from '../../../shared/index-coverage';
import { HttpError, type HttpClient } from '../../http/http';
import type { IndexListings } from '../source';
import { embeddedRecords } from './hal-records';

/**
 * Whether the server lists an operation, transaction or trade of the account in a ledger after
 * `newest` (the ledger of the index's newest record; null: it holds none). A listing the server
 * does not serve (404 on an optional one) is passed over.
 */
export async function newerOnServer(
  http: HttpClient,
  listings: Pick<IndexListings, 'operations' | 'sides'>,
  account: string,
  newest: number | null,
  signal: AbortSignal,
): Promise<boolean> {
  for (const listing of [listings.operations, listings.sides.transactions, listings.sides.trades]) {
    let body: JsonValue;
    try {
      // Without `join`: only the paging token is read.
      ({ body } = await http.getJson(listing.path(account), {
        params: { ...listing.params, join: undefined, order: 'desc', limit: 1 },
        signal,
      }));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404 && listing.optional) continue;
      throw error;
    }
    const ledger = newestLedgerOf(body);
    if (ledger !== null && (newest === null || ledger > newest)) return true;
  }
  return false;
}

/** The ledger of a page's first record, from its paging token (a TOID, or a trade's "TOID-n"); null without one. */
function newestLedgerOf(body: JsonValue): number | null {
  const first = embeddedRecords(body)[0];
  const token = isJsonObject(first) ? first['paging_token'] : undefined;
  return typeof token === 'string' ? tokenLedger(token.split('-')[0]) : null;
}
