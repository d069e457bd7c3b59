// `ledger:transactions`: what a ledger page lists besides its operations. Horizon answers
// `/ledgers/{seq}/transactions` in one request; the local service has no such listing, so there
// (and whenever that route 404s) the list is read the way both dialects can answer: the
// ledger's operations in ascending order (failed included) name their transactions in
// application order, and each transaction is then fetched once.
import type { JsonValue } from '../../shared/json';
import type { LedgerTransaction, Operation } from '../../shared/model';
import { pages, type FetchRecords } from '../../shared/paging';
import type { Handlers } from '../app/dispatch';
import { embeddedRecords } from '../sources/horizon/hal-records';
import { HttpError, type HttpClient } from '../http/http';
import { fetchListing, scopeId } from '../sources/horizon/listings';
import { normalizeTransaction } from '../sources/horizon/resources';

/** What the handler needs of the core: a subset of CoreContext (docs/design.md, issue #11). */
export interface LedgerTransactionsContext {
  http(): HttpClient;
  orNotFound<T>(what: string, request: () => Promise<T>): Promise<T>;
  /** The selected profile's dialect: only Horizon is asked for the direct listing. */
  networks: { selected(): { dialect: 'ledger' | 'horizon' } };
}

const PAGE = 200;
/** Operations read at most: a ledger holds at most a few thousand, and the page lists 200 txs. */
const MAX_OPERATION_PAGES = 25;
const PARALLEL = 4;

/** Hashes of the ledger's transactions in order, up to `limit + 1` (one more says "truncated"). */
async function transactionHashes(
  ctx: LedgerTransactionsContext,
  seq: string,
  limit: number,
  signal: AbortSignal,
): Promise<{ hashes: string[]; more: boolean }> {
  const hashes: string[] = [];
  const seen = new Set<string>();
  const fetchRecords: FetchRecords<Operation> = async (cursor, pageLimit) => {
    const query = { limit: pageLimit, order: 'asc' as const, includeFailed: true, includeTransactions: false, cursor };
    return (
      await ctx.orNotFound(`Ledger ${seq}`, () =>
        fetchListing(ctx.http(), { kind: 'operations', scope: 'ledger', id: seq }, query, { signal }),
      )
    ).records;
  };
  let walked = 0;
  for await (const page of pages(fetchRecords, { limit: PAGE, order: 'asc', signal })) {
    for (const op of page.records) {
      if (seen.has(op.transactionHash)) continue;
      seen.add(op.transactionHash);
      hashes.push(op.transactionHash);
      if (hashes.length > limit) return { hashes: hashes.slice(0, limit), more: true };
    }
    if (++walked >= MAX_OPERATION_PAGES && page.next !== null) return { hashes, more: true };
  }
  return { hashes, more: false };
}

function rowOf(record: JsonValue): LedgerTransaction {
  const {
    envelopeXdr: _e,
    resultXdr: _r,
    pagingToken: _p,
    feeAccount: _f,
    signatures: _s,
    envelopeSignatures: _d,
    resultJson: _j,
    raw: _raw,
    ...row
  } = normalizeTransaction(record);
  return row;
}

async function loadTransaction(
  ctx: LedgerTransactionsContext,
  hash: string,
  signal: AbortSignal,
): Promise<LedgerTransaction> {
  const response = await ctx.orNotFound(`Transaction ${hash}`, () =>
    ctx.http().getJson(`/transactions/${hash}`, { signal }),
  );
  return rowOf(response.body);
}

/** Horizon's own listing, one page; null when the server has no such route (then derive it). */
async function directListing(
  ctx: LedgerTransactionsContext,
  seq: string,
  limit: number,
  signal: AbortSignal,
): Promise<{ records: LedgerTransaction[]; truncated: boolean } | null> {
  // One more than asked says whether there are more (Horizon pages stop at 200).
  const asked = Math.min(limit + 1, PAGE);
  try {
    const response = await ctx.http().getJson(`/ledgers/${seq}/transactions`, {
      signal,
      params: { limit: asked, order: 'asc', include_failed: 'true' },
    });
    const rows = embeddedRecords(response.body).map(rowOf);
    // At limit 200 a full page may or may not be all: say "truncated" (the operations list them all).
    return { records: rows.slice(0, limit), truncated: rows.length > limit || (limit >= PAGE && rows.length === PAGE) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** Runs `work` over `items` with at most PARALLEL in flight, keeping the order. */
async function inOrder<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      out[index] = await work(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return out;
}

export function ledgerTransactionHandlers(ctx: LedgerTransactionsContext): Pick<Handlers, 'ledger:transactions'> {
  return {
    'ledger:transactions': async function ledgerTransactions({ sequence, limit }, { signal }) {
      const seq = scopeId('ledger', String(sequence));
      const direct =
        ctx.networks.selected().dialect === 'horizon' ? await directListing(ctx, seq, limit, signal) : null;
      if (direct) return direct;
      const { hashes, more } = await transactionHashes(ctx, seq, limit, signal);
      const records = await inOrder(hashes, (hash) => loadTransaction(ctx, hash, signal));
      return { records, truncated: more };
    },
  };
}
