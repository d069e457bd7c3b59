// The typed record of each operation type that can move value, read by the same readers
// normalize.ts uses, for a reader that must stay light: the history index worker, which hands it
// to shared/moves.ts (the one reading of what an operation moved) and loads neither the schema
// library nor the XDR library. A contract call is read for its asset balance changes only.
import type { Operation } from '../../../../shared/model';
import { text, type JsonObject } from '../../../http/values';
import {
  readAllowTrust,
  readClawback,
  readClawbackClaimableBalance,
  readRevokeSponsorship,
  readSetTrustLineFlags,
  readSponsoring,
} from './assets';
import { balanceChanges } from './balance-changes';
import { readClassic } from './classic';
import type { Common } from './fields';
import { readOffer, readPathPayment } from './trade';

/**
 * The record as its typed operation, for the types shared/moves.ts transfersOf reads; undefined
 * for a type that moves no value. Throws NormalizeError (or AmountError) for a record it cannot read.
 */
export function readMoving(type: string, r: JsonObject, c: Common): Operation | undefined {
  switch (type) {
    case 'payment':
    case 'create_account':
    case 'account_merge':
    case 'create_claimable_balance':
    case 'claim_claimable_balance':
    case 'liquidity_pool_deposit':
    case 'liquidity_pool_withdraw':
      return readClassic(type, r, c);
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
      return readPathPayment(type, r, c);
    case 'clawback':
      return readClawback(r, c);
    case 'invoke_host_function':
      return {
        ...c,
        type,
        hostFunction: text(r['function']) ?? '',
        parameters: [],
        assetBalanceChanges: balanceChanges(r['asset_balance_changes']),
      };
    default:
      return undefined;
  }
}

/**
 * The record as its typed operation for a sentence of what it did (shared/operation-summary.ts),
 * for the types that move no value too, with the same light readers (no XDR library: a contract
 * call is read as readMoving reads it, an extend_footprint_ttl not at all). Undefined for a type
 * it does not read; throws NormalizeError (or AmountError) for a record it cannot read.
 */
export function readDescribed(type: string, r: JsonObject, c: Common): Operation | undefined {
  switch (type) {
    case 'change_trust':
    case 'bump_sequence':
    case 'set_options':
    case 'manage_data':
      return readClassic(type, r, c);
    case 'manage_sell_offer':
    case 'manage_buy_offer':
    case 'manage_offer':
    case 'create_passive_sell_offer':
      return readOffer(type, r, c);
    case 'allow_trust':
      return readAllowTrust(r, c);
    case 'set_trust_line_flags':
      return readSetTrustLineFlags(r, c);
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
      return readMoving(type, r, c);
  }
}
