// Watched accounts: one live payment stream each, on the selected network.
import type { CoreContext, DomainHandlers } from '../context';
import { scopeId } from '../listings';

export function streamHandlers(ctx: CoreContext): DomainHandlers<'stream:watch' | 'stream:unwatch' | 'stream:list'> {
  const { streams } = ctx;
  return {
    'stream:watch': async function streamWatch({ account, minAmount }) {
      return streams.watch(scopeId('account', account), minAmount);
    },
    'stream:unwatch': async function streamUnwatch({ account }) {
      return { removed: streams.unwatch(account) };
    },
    'stream:list': async function streamList() {
      return { watched: streams.watched(), statuses: streams.statuses() };
    },
  };
}
