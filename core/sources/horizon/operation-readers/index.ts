// Per-type field reading: which reader turns a record of each modelled type into its typed model.
// normalize.ts builds the common fields and falls back to an `other` record when a reader throws.
import {
  OPERATION_TYPES,
  type LedgerOperationType,
  type Operation,
  type OperationType,
} from '../../../../shared/model';
import type { JsonObject } from '../../../http/values';
import {
  readAllowTrust,
  readClawback,
  readClawbackClaimableBalance,
  readRevokeSponsorship,
  readSetTrustLineFlags,
  readSponsoring,
} from './assets';
import { readClassic } from './classic';
import type { Common } from './fields';
import { readExtendFootprintTtl, readInvokeHostFunction } from './soroban';
import { readOffer, readPathPayment } from './trade';

export { sponsorAndMuxed, type Common } from './fields';

const LEDGER = new Set<string>(OPERATION_TYPES);

export function readTyped(type: OperationType, r: JsonObject, c: Common): Operation {
  if (LEDGER.has(type)) return readClassic(type as LedgerOperationType, r, c);
  switch (type) {
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
      return readPathPayment(type, r, c);
    case 'manage_sell_offer':
    case 'manage_buy_offer':
    case 'manage_offer':
    case 'create_passive_sell_offer':
      return readOffer(type, r, c);
    case 'allow_trust':
      return readAllowTrust(r, c);
    case 'set_trust_line_flags':
      return readSetTrustLineFlags(r, c);
    case 'clawback':
      return readClawback(r, c);
    case 'clawback_claimable_balance':
      return readClawbackClaimableBalance(r, c);
    case 'begin_sponsoring_future_reserves':
    case 'end_sponsoring_future_reserves':
      return readSponsoring(type, r, c);
    case 'revoke_sponsorship':
      return readRevokeSponsorship(r, c);
    case 'invoke_host_function':
      return readInvokeHostFunction(r, c);
    case 'extend_footprint_ttl':
      return readExtendFootprintTtl(r, c);
    case 'inflation':
    case 'restore_footprint':
      return { ...c, type };
    default:
      throw new Error(`no reader for ${type as string}`);
  }
}
