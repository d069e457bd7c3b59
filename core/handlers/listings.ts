// Pages of an account's payments and of the operations of any scope, for infinite queries.
import type { ListingTarget } from '../../shared/ipc';
import type { CoreContext, DomainHandlers } from '../app/context';
import { fetchListing, type ListingParams } from '../sources/horizon/listings';

export function listingHandlers(ctx: CoreContext): DomainHandlers<'payments:list' | 'operations:list'> {
  async function listing(target: ListingTarget, query: ListingParams, what: string, signal: AbortSignal) {
    return ctx.orNotFound(what, () => fetchListing(ctx.http(), target, query, { signal }));
  }
  return {
    'payments:list': async function paymentsList({ account, query }, { signal }) {
      return listing({ kind: 'payments', account }, query, `Account ${account.slice(0, 56)}`, signal);
    },
    'operations:list': async function operationsList({ scope, id, query }, { signal }) {
      return listing(
        { kind: 'operations', scope, id },
        query,
        `The ${scope.replace('_', ' ')} ${id.slice(0, 72)}`,
        signal,
      );
    },
  };
}
