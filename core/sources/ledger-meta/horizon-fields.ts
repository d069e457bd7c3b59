// What every operation record written from XDR in Horizon's shapes shares (horizon-operations.ts):
// amounts and times as Horizon writes them, accounts with their muxed forms, assets, and what one
// operation's translation is given (its source, result, entry changes and asset events).
import type { Asset } from '@stellar/stellar-base';
import { StrKey, type xdr } from '@stellar/stellar-base';
import { formatAmount } from '../../../shared/amount';
import type { JsonValue } from '../../../shared/json';
import type { AssetEvent } from './asset-events';

export type JsonObject = { [key: string]: JsonValue };

export const amount = (stroops: bigint | { toString(): string }) =>
  formatAmount(typeof stroops === 'bigint' ? stroops : BigInt(stroops.toString()), { fixed: true });
export const iso = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', 'Z');

/** An account as Horizon writes it: a muxed one as its base G…, with `<name>_muxed` and `<name>_muxed_id` beside it. */
export function accountFields(muxed: xdr.MuxedAccount, name: string): JsonObject {
  if (muxed.switch().name === 'keyTypeEd25519') return { [name]: StrKey.encodeEd25519PublicKey(muxed.ed25519()) };
  const med = muxed.med25519();
  return {
    [name]: StrKey.encodeEd25519PublicKey(med.ed25519()),
    [`${name}_muxed`]: StrKey.encodeMed25519PublicKey(muxed.toXDR().subarray(4)),
    [`${name}_muxed_id`]: med.id().toString(),
  };
}

/** An asset's `asset_type`, `asset_code`, `asset_issuer` (with a prefix: `source_`, `selling_`…). */
export function assetOf(asset: Asset, prefix = ''): JsonObject {
  if (asset.isNative()) return { [`${prefix}asset_type`]: 'native' };
  return {
    [`${prefix}asset_type`]: asset.getAssetType(),
    [`${prefix}asset_code`]: asset.getCode(),
    [`${prefix}asset_issuer`]: asset.getIssuer(),
  };
}
export const canonical = (asset: Asset) => (asset.isNative() ? 'native' : `${asset.getCode()}:${asset.getIssuer()}`);

export interface OperationContext {
  /** The operation's source (G…), and as it was written (a muxed M… too). */
  source: string;
  sourceMuxed: xdr.MuxedAccount;
  /** Who began sponsoring each account earlier in the transaction (an end names its sponsor). */
  sponsors: Map<string, string>;
  /** Its result, when its transaction succeeded. */
  result: xdr.OperationResult | undefined;
  changes: readonly xdr.LedgerEntryChange[];
  events: readonly AssetEvent[];
}

/** The operation's own `tr()` result value, when it has one. */
export function resultOf(context: OperationContext): xdr.OperationResultTr | undefined {
  const result = context.result;
  return result && result.switch().name === 'opInner' ? result.tr() : undefined;
}
