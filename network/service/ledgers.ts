// The /ledgers listing, as Horizon has it: ledgers in order of sequence, paged by paging token
// (`sequence << 32`, a ledger's TOID) in either order, or streamed as they close (the stream hub
// reads it through the target's own reader). Ledgers are few and small, so nothing is cached.
import { INT64_MAX } from '../../shared/amount';
import { initialBounds, type ListingTarget, type WholeRecord } from './listing';
import type { ListingParams } from './params';
import type { Row, Store } from './queries';
import { ledgerText } from './records';
import { pageLinks } from './links';

const PATH = '/ledgers';

/** Exclusive token bounds to exclusive sequence bounds: a ledger's token is `sequence << 32`. */
function sequenceBounds(after: bigint, before: bigint): [bigint, bigint] {
  const low = after < 0n ? 0n : after >> 32n;
  const high = before >= INT64_MAX ? INT64_MAX : ((before - 1n) >> 32n) + 1n;
  return [low, high];
}

function token(row: Row): bigint {
  return BigInt(row.sequence as bigint) << 32n;
}

/** Records after `after` (a paging token), oldest first: what a stream sends next. */
export function readLedgerRecords(store: Store, after: bigint, limit: number, base: string): WholeRecord[] {
  const [low, high] = sequenceBounds(after, INT64_MAX);
  return store
    .listLedgers(low, high, false, limit)
    .map((row) => ({ id: token(row), bytes: Buffer.from(ledgerText(row, base)) }));
}

export const LEDGERS_TARGET: ListingTarget = {
  path: PATH,
  // Unused: `read` replaces the operation reader for this listing.
  source: { kind: 'range', from: 0n, to: 0n },
  alwaysFailed: false,
  read: (store, after, limit, base) => readLedgerRecords(store, after, limit, base),
};

/** One page of ledgers, with self, next and prev links like every other listing. */
export function ledgersPage(store: Store, params: ListingParams, requestCursor: string, base: string): string {
  const { after, before } = initialBounds(store, params);
  const [low, high] = sequenceBounds(after, before);
  const rows = store.listLedgers(low, high, params.desc, params.limit);
  const kept = params.cursor === 'now' ? `${params.desc ? before : after}` : requestCursor;
  const first = rows.length > 0 ? `${token(rows[0]!)}` : kept;
  const last = rows.length > 0 ? `${token(rows[rows.length - 1]!)}` : kept;
  // Absolute hrefs, as every listing writes them (docs/service.md).
  return (
    `{"_links":${pageLinks(`${base}${PATH}`, params, requestCursor, first, last)},` +
    `"_embedded":{"records":[${rows.map((row) => ledgerText(row, base)).join(',')}]}}`
  );
}
