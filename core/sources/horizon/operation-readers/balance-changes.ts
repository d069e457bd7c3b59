// A contract call's asset balance changes (Horizon's `asset_balance_changes`): apart from the rest of
// soroban.ts, which decodes XDR, so the history index worker reads them without the XDR library.
import type { AssetBalanceChange } from '../../../../shared/model';
import { amountOf, NormalizeError, obj, text } from '../../../http/values';
import { defined, needCurrency } from './fields';

export function balanceChanges(value: unknown): AssetBalanceChange[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const change = obj(item);
    if (!change) throw new NormalizeError('an asset balance change is not an object');
    return {
      currency: needCurrency(change),
      kind: text(change['type']) ?? '',
      amount: amountOf(change, 'amount'),
      ...defined({
        from: text(change['from']),
        to: text(change['to']),
        destinationMuxedId: text(change['destination_muxed_id']),
      }),
    };
  });
}
