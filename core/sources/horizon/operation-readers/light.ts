// The readers of every operation type that need no XDR library, dispatched once: normalize.ts's
// readTyped (index.ts) adds the contract readers on top; the history index's worker, which must
// stay light, reads with these alone (moving.ts).
import type { LedgerOperationType, Operation } from '../../../../shared/model';
import { OPERATION_TYPES } from '../../../../shared/model/type-codes';
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
import { readOffer, readPathPayment } from './trade';

const LEDGER = new Set<string>(OPERATION_TYPES);

/** The typed record of a type these readers know; undefined for a contract type or one unknown. */
export function readLight(type: string, r: JsonObject, c: Common): Operation | undefined {
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
    case 'inflation':
    case 'restore_footprint':
      return { ...c, type };
    default:
      return undefined;
  }
}
