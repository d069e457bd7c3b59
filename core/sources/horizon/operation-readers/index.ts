// Per-type field reading: which reader turns a record of each modelled type into its typed model.
// normalize.ts builds the common fields and falls back to an `other` record when a reader throws.
// The light readers (no XDR library) are light.ts's; the contract calls' are added here, and what
// only a joined transaction's result can say: a merge's amount (result-amounts.ts). The history
// index's worker reads with the light readers alone, so there a merge Horizon wrote without an
// amount stays of unknown amount, said so (docs/history-index.md).
import type { Operation, OperationType } from '../../../../shared/model';
import type { JsonObject } from '../../../http/values';
import type { Common } from './fields';
import { readLight } from './light';
import { readExtendFootprintTtl, readInvokeHostFunction } from './soroban';
import { joinedTransaction } from './contract-call';
import { mergedAmountOf } from './result-amounts';

export { sponsorAndMuxed, type Common } from './fields';

export function readTyped(type: OperationType, r: JsonObject, c: Common): Operation {
  if (type === 'invoke_host_function') return readInvokeHostFunction(r, c);
  if (type === 'extend_footprint_ttl') return readExtendFootprintTtl(r, c);
  const read = readLight(type, r, c);
  if (!read) throw new Error(`no reader for ${type as string}`);
  if (read.type === 'account_merge' && read.amount === undefined && read.successful) {
    const amount = mergedAmountOf(joinedTransaction(r), c.id);
    if (amount !== undefined) return { ...read, amount };
  }
  return read;
}
