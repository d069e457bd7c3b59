// An account's history index read from a ledger data lake (issue 39, docs/lake.md): starting a
// sync of a range, and what a lake holds and a range costs before anything is fetched (the
// workbench's form and `ledgerscope sync --lake`). The lake must be the selected network's: its
// manifest names its network, and the profile's passphrase is compared with it, with no server asked.
import type { CoreContext, DomainHandlers } from '../app/context';
import { scopeId } from '../sources/scope-id';
import { lakeInfo, lakeLedgerAt } from '../sources/lake/info';

type LakeChannels = 'history:syncLake' | 'history:lakeInfo' | 'history:lakeLedgerAt';

export function lakeHandlers(ctx: CoreContext): DomainHandlers<LakeChannels> {
  const selected = () => ctx.networks.selected();
  return {
    'history:syncLake': async function historySyncLake({ account, lake, from, to }) {
      const profile = selected();
      return ctx.history.syncLake(profile, scopeId('account', account), lake, { from, to }, profile.passphrase)
        .progress;
    },
    'history:lakeInfo': async function historyLakeInfo({ lake, from, to }, { signal }) {
      return lakeInfo(lake, selected().passphrase, { from, to }, signal);
    },
    'history:lakeLedgerAt': async function historyLakeLedgerAt({ lake, time }, { signal }) {
      return lakeLedgerAt(lake, Date.parse(time) / 1000, signal);
    },
  };
}
