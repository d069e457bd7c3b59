// Watched accounts: one live payment stream each, on the selected network, and the feed's past.
import type { CoreContext, DomainHandlers } from '../app/context';
import { ANY_ASSET } from '../../shared/minimums';
import { mergeFeed } from '../../shared/feed';
import { fetchListing, scopeId } from '../sources/horizon/listings';

export function streamHandlers(
  ctx: CoreContext,
): DomainHandlers<'stream:watch' | 'stream:unwatch' | 'stream:list' | 'stream:feed'> {
  const { streams } = ctx;
  return {
    'stream:watch': async function streamWatch({ account, minAmount, minAmounts }) {
      return streams.watch(
        scopeId('account', account),
        minAmounts ?? (minAmount !== undefined ? { [ANY_ASSET]: minAmount } : undefined),
      );
    },
    'stream:unwatch': async function streamUnwatch({ account }) {
      return { removed: streams.unwatch(account) };
    },
    'stream:list': async function streamList() {
      return { watched: streams.watched(), statuses: streams.statuses() };
    },
    // The feed's past: each watched account's latest payments from the network, merged with what
    // its stream delivered since (the same record once), newest first. A reloaded page asks again.
    'stream:feed': async function streamFeed({ limit }, { signal }) {
      const watched = streams.watched();
      const fetched = await Promise.all(
        watched.map(async ({ account, networkId }) => {
          const query = { limit, order: 'desc' as const, includeFailed: false, includeTransactions: false };
          try {
            const page = await fetchListing(ctx.http(), { kind: 'payments', account }, query, { signal });
            return { items: page.records.map((record) => ({ account, networkId, record })), error: null };
          } catch (error) {
            return { items: [], error: `${account.slice(0, 8)}…: ${(error as Error).message.slice(0, 200)}` };
          }
        }),
      );
      const live = watched.flatMap(({ account, networkId }) =>
        streams.recentRecords(account).map((record) => ({ account, networkId, record })),
      );
      const items = mergeFeed(
        live,
        fetched.flatMap((f) => f.items),
        limit * Math.max(1, watched.length),
      );
      return { items, errors: fetched.flatMap((f) => (f.error ? [f.error] : [])) };
    },
  };
}
