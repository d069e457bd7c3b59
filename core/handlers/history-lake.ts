// An account's history index read from a ledger data lake (issue 39, docs/lake.md): starting a
// sync of a range, and what a lake holds and a range costs before anything is fetched (the
// workbench's form and `ledgerscope sync --lake`). The lake must be the selected network's: its
// manifest names its network, and the profile's passphrase is compared with it, with no server asked.
import type { CoreContext, DomainHandlers } from '../app/context';
import { scopeId } from '../sources/scope-id';
import { lakeInfo, lakeLedgerAt } from '../sources/lake/info';

type LakeChannels = 'history:sync-lake' | 'history:lake-info' | 'history:lake-ledger-at';

/** A lake's own ledgers are found from a ledger it holds: near the network's latest (the writer a little behind), when the network answers. */
async function hintsOf(ctx: CoreContext, signal?: AbortSignal): Promise<number[]> {
  const health = await ctx.recentHealth(signal).catch(() => null);
  const latest = health?.online ? health.latestLedger : null;
  return latest ? [latest, Math.max(1, latest - 64)] : [];
}

export function lakeHandlers(ctx: CoreContext): DomainHandlers<LakeChannels> {
  const selected = () => ctx.networks.selected();
  return {
    'history:sync-lake': async function historySyncLake({ account, lake, from, to }, { signal }) {
      const profile = selected();
      const hints = from === undefined || to === undefined ? await hintsOf(ctx, signal) : [];
      const id = scopeId('account', account);
      return ctx.history.syncLake(profile, id, lake, { from, to }, profile.passphrase, hints).progress;
    },
    'history:lake-info': async function historyLakeInfo({ lake, from, to }, { signal }) {
      return lakeInfo(lake, selected().passphrase, { from, to }, await hintsOf(ctx, signal), signal);
    },
    'history:lake-ledger-at': async function historyLakeLedgerAt({ lake, time }, { signal }) {
      return lakeLedgerAt(lake, Date.parse(time) / 1000, await hintsOf(ctx, signal), signal);
    },
  };
}
