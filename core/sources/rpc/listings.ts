// Listings on a Stellar RPC server, which keeps none: an account's operations and payments found
// through its CAP-67 events (every movement of value it made or received, and the fee of every
// transaction it sent), a transaction's from getTransaction, a ledger's from its close meta; each
// operation read from the transaction's XDR by the one translator (operations.ts) and the one
// normaliser. What the window holds is all there is: a listing that reaches the oldest ledger kept
// ends with the window's sentence (the page's historyStart); a claimable balance's or a pool's
// operations, which no event names, are refused with what would answer them.
import { xdr } from '@stellar/stellar-base';
import { BEFORE_WINDOW } from '../../../shared/history-start';
import type { OperationPage } from '../../../shared/model';
import { CoreError } from '../../app/errors';
import { normalizeOperation } from '../horizon/normalize';
import { AssetContracts } from '../ledger-meta/asset-events';
import { envelopesByHash } from '../ledger-meta/tx-set';
import type { ListingQuery, SourceListings } from '../source';
import { accountPage, type AccountListingState } from './account-listing';
import type { RpcCalls } from './calls';
import { RpcCallError } from './json-rpc';
import { readLedgerInfo } from './ledgers';
import { rpcOperations, type RpcTransaction } from './operations';
import { readTransactions } from './read-transactions';
import type { Passphrase } from './resources';
import { windowOfRefusal } from './window';

export function rpcListings(calls: RpcCalls, passphrase: Passphrase): SourceListings {
  let contracts: AssetContracts | null = null;
  const contractsOf = async (signal?: AbortSignal) => (contracts ??= new AssetContracts(await passphrase(signal)));
  const shared: AccountListingState = { cache: new Map(), contracts: contractsOf };

  async function transactionPage(hash: string, query: ListingQuery, signal?: AbortSignal): Promise<OperationPage> {
    const [tx] = await readTransactions(calls, [hash.toLowerCase()], signal);
    if (!tx)
      throw new CoreError(
        'not_found',
        `This server keeps no transaction ${hash.slice(0, 12)}…: it is outside the ledgers it keeps, or unknown.`,
      );
    return slicePage(rpcOperations(tx, await contractsOf(signal)), query);
  }

  async function ledgerPage(sequence: number, query: ListingQuery, signal?: AbortSignal): Promise<OperationPage> {
    let answer;
    try {
      answer = await calls.ledgers({ startLedger: sequence, pagination: { limit: 1 } }, { signal });
    } catch (error) {
      const window = error instanceof RpcCallError ? windowOfRefusal(error.rpcMessage) : null;
      if (window)
        throw new CoreError(
          'not_found',
          `This server keeps ledgers ${window.oldest.toLocaleString('en')} to ${window.latest.toLocaleString('en')}, not ${sequence.toLocaleString('en')}: ${BEFORE_WINDOW}.`,
        );
      throw error;
    }
    const info = answer.ledgers[0];
    if (!info || info.sequence !== sequence || !info.metadataXdr)
      throw new CoreError('not_found', `This server gave no meta for ledger ${sequence}.`);
    const closeMeta = xdr.LedgerCloseMeta.fromXDR(info.metadataXdr, 'base64');
    const phrase = await passphrase(signal);
    const contractsNow = await contractsOf(signal);
    const records = ledgerTransactions(closeMeta, readLedgerInfo(info).closedAt, phrase).flatMap((tx) =>
      rpcOperations(tx, contractsNow),
    );
    return slicePage(records, query);
  }

  return {
    async page(target, query, options = {}) {
      if (target.kind === 'payments') return accountPage(calls, shared, target, target.account, query, options);
      switch (target.scope) {
        case 'account':
          return accountPage(calls, shared, target, target.id, query, options);
        case 'transaction':
          return transactionPage(target.id, query, options.signal);
        case 'ledger':
          return ledgerPage(Number(target.id), query, options.signal);
        default:
          throw new CoreError(
            'not_found',
            `Stellar RPC cannot list a ${target.scope === 'claimable_balance' ? "claimable balance's" : "liquidity pool's"} operations: no event names it. A Horizon that keeps full history, or the ledger data lake (SEP-54), answers it.`,
          );
      }
    },
    total: () => Promise.resolve(undefined),
    check(target) {
      if (target.kind === 'operations' && target.scope === 'ledger' && !/^\d{1,10}$/.test(target.id))
        throw new CoreError('invalid_input', `"${target.id.slice(0, 20)}" is not a ledger sequence.`);
      if (target.kind === 'operations' && target.scope === 'transaction' && !/^[0-9a-f]{64}$/i.test(target.id))
        throw new CoreError('invalid_input', 'A transaction hash is 64 hex digits.');
    },
    ledgerTransactions: () => Promise.resolve(null),
  };
}

/** A whole, small listing (a transaction's or a ledger's operations) cut into the asked page. */
function slicePage(records: Record<string, unknown>[], query: ListingQuery): OperationPage {
  let operations = records.map((record) => normalizeOperation(record as never, { raw: null }));
  if (!query.includeFailed) operations = operations.filter((op) => op.successful);
  if (query.order === 'desc') operations.reverse();
  const cursor = query.cursor && /^\d{1,19}$/.test(query.cursor) ? BigInt(query.cursor) : undefined;
  const after =
    cursor === undefined
      ? operations
      : operations.filter((op) => (query.order === 'desc' ? BigInt(op.id) < cursor : BigInt(op.id) > cursor));
  const page = after.slice(0, query.limit);
  return {
    records: page,
    next: after.length > query.limit ? page.at(-1)!.pagingToken : null,
    prev: page[0] && query.cursor ? page[0].pagingToken : null,
  };
}

/** A ledger's transactions from its close meta: each result and meta beside its envelope from the transaction set, found by hash. */
export function ledgerTransactions(
  closeMeta: xdr.LedgerCloseMeta,
  closedAt: string,
  passphrase: string,
): RpcTransaction[] {
  const byHash = envelopesByHash(closeMeta, passphrase);
  const sequence = closeMeta.value().ledgerHeader().header().ledgerSeq();
  const createdAt = Math.floor(Date.parse(closedAt) / 1000);
  const processing = closeMeta.value().txProcessing() as (xdr.TransactionResultMeta | xdr.TransactionResultMetaV1)[];
  return processing.map((item, index) => {
    const pair = item.result();
    const hash = Buffer.from(pair.transactionHash()).toString('hex');
    const envelope = byHash.get(hash);
    if (!envelope)
      throw new CoreError(
        'bad_response',
        `Ledger ${sequence}'s meta names transaction ${hash.slice(0, 12)}…, which its transaction set does not hold.`,
      );
    return {
      txHash: hash,
      ledger: sequence,
      applicationOrder: index + 1,
      createdAt,
      envelopeXdr: envelope.toXDR('base64'),
      resultXdr: pair.result().toXDR('base64'),
      resultMetaXdr: item.txApplyProcessing().toXDR('base64'),
    };
  });
}
