// The explore home: the latest ledgers and operations of the selected network, the walk to the
// previous (non-empty) ledger, and the local network's demo accounts by name (core/app/home.ts).
import { localDataDirOf, type CoreContext, type DomainHandlers } from '../app/context';
import { LedgerCache, readDemoAccounts } from '../app/home';
import { LedgerStream } from '../streams/ledger-stream';

type HomeChannel = 'home:ledgers' | 'home:activity' | 'home:demo-accounts' | 'ledger:previous';

export function homeHandlers(ctx: CoreContext): DomainHandlers<HomeChannel> {
  const cache = new LedgerCache();
  // Ledgers as they close, pushed as `ledger:closed` once someone looks at the latest ledgers.
  const stream = ctx.options.emit ? new LedgerStream(ctx.emit, ctx.clientFor, ctx.options.streams) : null;
  if (stream) ctx.onClose(() => stream.close());
  async function latestLedgers(limit: number, signal: AbortSignal) {
    stream?.follow(ctx.networks.selected());
    const health = await ctx.checkHealth(signal);
    // The sidebar's reading moves with the list, not 15 s behind it.
    ctx.emit('network:health', health);
    const latest = health.latestLedger;
    return { latest, ledgers: latest === null ? [] : await cache.recent(ctx.http(), latest, limit, signal) };
  }
  return {
    'home:ledgers': async function homeLedgers({ limit }, { signal }) {
      return latestLedgers(limit, signal);
    },
    'home:activity': async function homeActivity({ limit }, { signal }) {
      const latest = (await ctx.checkHealth(signal)).latestLedger;
      return { operations: latest === null ? [] : await cache.latestOperations(ctx.http(), latest, limit, signal) };
    },
    'home:demo-accounts': async function homeDemoAccounts() {
      if (ctx.networks.selected().id !== 'local') return { accounts: [] };
      return { accounts: readDemoAccounts(localDataDirOf(ctx.options)) };
    },
    'ledger:previous': async function ledgerPrevious({ sequence, skipEmpty }, { signal }) {
      return cache.previous(ctx.http(), sequence, skipEmpty, signal);
    },
  };
}
