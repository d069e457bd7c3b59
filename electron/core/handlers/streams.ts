// Watched accounts: one live payment stream each, on the selected network.
import type { CoreContext, DomainHandlers } from '../context';
import { ANY_ASSET } from '../../../shared/minimums';
import { scopeId } from '../listings';

export function streamHandlers(ctx: CoreContext): DomainHandlers<'stream:watch' | 'stream:unwatch' | 'stream:list'> {
  const { streams } = ctx;
  return {
    'stream:watch': async function streamWatch({ account, minAmount, minAmounts }) {
      return streams.watch(scopeId('account', account), minAmounts ?? (minAmount !== undefined ? { [ANY_ASSET]: minAmount } : undefined));
    },
    'stream:unwatch': async function streamUnwatch({ account }) {
      return { removed: streams.unwatch(account) };
    },
    'stream:list': async function streamList() {
      return { watched: streams.watched(), statuses: streams.statuses() };
    },
  };
}
