// Per-type field reading: which reader turns a record of each modelled type into its typed model.
// normalize.ts builds the common fields and falls back to an `other` record when a reader throws.
// The light readers (no XDR library) are light.ts's; the contract calls' are added here.
import type { Operation, OperationType } from '../../../../shared/model';
import type { JsonObject } from '../../../http/values';
import type { Common } from './fields';
import { readLight } from './light';
import { readExtendFootprintTtl, readInvokeHostFunction } from './soroban';

export { sponsorAndMuxed, type Common } from './fields';

export function readTyped(type: OperationType, r: JsonObject, c: Common): Operation {
  if (type === 'invoke_host_function') return readInvokeHostFunction(r, c);
  if (type === 'extend_footprint_ttl') return readExtendFootprintTtl(r, c);
  const read = readLight(type, r, c);
  if (!read) throw new Error(`no reader for ${type as string}`);
  return read;
}
