// The typed record of each operation type that can move value, read by the same readers
// normalize.ts uses, for a reader that must stay light: the history index worker, which hands it
// to shared/moves.ts (the one reading of what an operation moved) and loads neither the schema
// library nor the XDR library. A contract call is read for its asset balance changes only.
import type { Operation } from '../../../../shared/model';
import { text, type JsonObject } from '../../../http/values';
import { balanceChanges } from './balance-changes';
import type { Common } from './fields';
import { readLight } from './light';

/** The types that can move value, read as light.ts reads them (a contract call apart, below). */
const MOVING = new Set([
  'payment',
  'create_account',
  'account_merge',
  'create_claimable_balance',
  'claim_claimable_balance',
  'liquidity_pool_deposit',
  'liquidity_pool_withdraw',
  'path_payment_strict_receive',
  'path_payment_strict_send',
  'clawback',
]);

/**
 * The record as its typed operation, for the types shared/moves.ts transfersOf reads; undefined
 * for a type that moves no value. Throws NormalizeError (or AmountError) for a record it cannot read.
 */
export function readMoving(type: string, r: JsonObject, c: Common): Operation | undefined {
  if (type === 'invoke_host_function')
    return {
      ...c,
      type,
      hostFunction: text(r['function']) ?? '',
      parameters: [],
      assetBalanceChanges: balanceChanges(r['asset_balance_changes']),
    };
  return MOVING.has(type) ? readLight(type, r, c) : undefined;
}

/**
 * The record as its typed operation for a sentence of what it did (shared/operation-summary.ts),
 * for the types that move no value too, with the same light readers (light.ts: no XDR library; a
 * contract call is read as readMoving reads it, an extend_footprint_ttl not at all). Undefined for
 * a type it does not read; throws NormalizeError (or AmountError) for a record it cannot read.
 */
export function readDescribed(type: string, r: JsonObject, c: Common): Operation | undefined {
  return type === 'invoke_host_function' ? readMoving(type, r, c) : readLight(type, r, c);
}
