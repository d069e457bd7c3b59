// `operations.details`: the JSON text of each operation type's wire fields (store/README.md),
// written directly as text: amounts are bigints written as exact number text with an `_f` twin,
// so nothing here goes through a float or a JSON parse.
import { formatAmount } from '../../shared/amount';
import {
  type Asset,
  type Claimant,
  NATIVE_ASSET,
  type Operation,
  type Predicate,
  type Price,
  poolId as poolIdOf,
  type SetOptions,
} from './model';
import type { OpInfo } from './ops-common';

const str = JSON.stringify;

export function currencyJson(asset: Asset): string {
  return asset.type === 'native' ? '{"code":"XLM"}' : `{"code":${str(asset.code)},"issuer":"${asset.issuer}"}`;
}

/** `"name":123,"name_f":0.0000123` */
function amount(name: string, units: bigint): string {
  return `"${name}":${units},"${name}_f":${formatAmount(units)}`;
}

function currencyAmount(asset: Asset, units: bigint): string {
  return `{"currency":${currencyJson(asset)},${amount('amount', units)}}`;
}

export function rfc3339(epochSeconds: bigint): string {
  const ms = Number(epochSeconds) * 1000;
  if (!Number.isFinite(ms) || ms > 253402300799000) return '9999-12-31T23:59:59Z';
  if (ms < 0) return '1970-01-01T00:00:00Z';
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function predicateJson(predicate: Predicate): string {
  switch (predicate.type) {
    case 'unconditional':
      return '{"unconditional":true}';
    case 'and':
    case 'or':
      return `{"${predicate.type}":[${predicate.parts.map(predicateJson).join(',')}]}`;
    case 'not':
      return `{"not":${predicateJson(predicate.part)}}`;
    case 'abs_before':
      return `{"abs_before":"${rfc3339(predicate.epoch)}","abs_before_epoch":"${predicate.epoch}"}`;
    case 'rel_before':
      return `{"rel_before":"${predicate.seconds}"}`;
  }
}

export function claimantsJson(claimants: Claimant[]): string {
  return `[${claimants.map((c) => `{"destination":"${c.destination}","predicate":${predicateJson(c.predicate)}}`).join(',')}]`;
}

/** n/d as a decimal string with 7 places, as Horizon writes prices. */
export function priceText(price: Price): string {
  if (price.d === 0) return '0';
  const scaled = (BigInt(price.n) * 10_000_000n * 2n + BigInt(price.d)) / (2n * BigInt(price.d));
  return formatAmount(scaled, { fixed: true });
}

function pair(assets: [Asset, Asset] | undefined, amounts: [bigint, bigint]): string {
  if (!assets) return '[]';
  return `[${currencyAmount(assets[0], amounts[0])},${currencyAmount(assets[1], amounts[1])}]`;
}

const FLAG_NAMES: Record<number, string> = {
  1: 'auth_required',
  2: 'auth_revocable',
  4: 'auth_immutable',
  8: 'auth_clawback_enabled',
};

function flags(name: string, value: number): string {
  const bits = [1, 2, 4, 8].filter((bit) => value & bit);
  return `"${name}":[${bits.join(',')}],"${name}_s":[${bits.map((bit) => str(FLAG_NAMES[bit])).join(',')}]`;
}

/** The details text; `applied` is false for an operation of a failed transaction. */
export function detailsJson(op: Operation, source: string, info: OpInfo, applied: boolean): string {
  const body = op.body;
  switch (body.type) {
    case 'payment':
      return `{"sender":"${source}","receiver":"${body.destination}","currency":${currencyJson(body.asset)},${amount('amount', body.amount)}}`;
    case 'create_account':
      return `{"funder":"${source}","account":"${body.destination}",${amount('starting_balance', body.startingBalance)}}`;
    case 'change_trust': {
      const what = body.pool
        ? `"liquidity_pool_id":"${poolIdOf(body.pool)}"`
        : `"currency":${currencyJson(body.asset)}`;
      return `{"trustor":"${source}",${what},${amount('limit', body.limit)}}`;
    }
    case 'create_claimable_balance':
      return `{"balance_id":"${info.balanceId ?? ''}","currency":${currencyJson(body.asset)},${amount('amount', body.amount)},"claimants":${claimantsJson(body.claimants)}}`;
    case 'claim_claimable_balance': {
      const asset = info.claimAsset ?? NATIVE_ASSET;
      const units = applied ? (info.claimAmount ?? 0n) : 0n;
      return `{"balance_id":"${body.balanceId}","claimant":"${source}","currency":${currencyJson(asset)},${amount('amount', units)}}`;
    }
    case 'liquidity_pool_deposit': {
      const deposited = applied && info.deposited ? info.deposited : ([0n, 0n] as [bigint, bigint]);
      const shares = applied ? (info.shares ?? 0n) : 0n;
      return (
        `{"liquidity_pool_id":"${body.poolId}","reserves_max":${pair(info.poolAssets, [body.maxA, body.maxB])},` +
        `"min_price":"${priceText(body.minPrice)}","max_price":"${priceText(body.maxPrice)}",` +
        `"reserves_deposited":${pair(info.poolAssets, deposited)},${amount('shares_received', shares)}}`
      );
    }
    case 'liquidity_pool_withdraw': {
      const received = applied && info.withdrawn ? info.withdrawn : ([0n, 0n] as [bigint, bigint]);
      return (
        `{"liquidity_pool_id":"${body.poolId}",${amount('shares', body.amount)},` +
        `"reserves_min":${pair(info.poolAssets, [body.minA, body.minB])},"reserves_received":${pair(info.poolAssets, received)}}`
      );
    }
    case 'manage_data':
      return `{"name":${str(body.name)},"value":${body.value === null ? 'null' : `"${body.value.toString('base64')}"`}}`;
    case 'account_merge':
      return `{"account":"${source}","into":"${body.destination}",${amount('amount', applied ? (info.merged ?? 0n) : 0n)}}`;
    case 'bump_sequence':
      return `{"bump_to":"${body.bumpTo}"}`;
    case 'set_options':
      return setOptionsJson(body.options);
    case 'unsupported':
      return '{}';
  }
}

function setOptionsJson(o: SetOptions): string {
  const parts: string[] = [];
  if (o.homeDomain !== undefined) parts.push(`"home_domain":${str(o.homeDomain)}`);
  if (o.masterWeight !== undefined) parts.push(`"master_key_weight":${o.masterWeight}`);
  if (o.lowThreshold !== undefined) parts.push(`"low_threshold":${o.lowThreshold}`);
  if (o.medThreshold !== undefined) parts.push(`"med_threshold":${o.medThreshold}`);
  if (o.highThreshold !== undefined) parts.push(`"high_threshold":${o.highThreshold}`);
  if (o.signer) parts.push(`"signer_key":"${o.signer.key}","signer_weight":${o.signer.weight}`);
  if (o.setFlags !== undefined) parts.push(flags('set_flags', o.setFlags));
  if (o.clearFlags !== undefined) parts.push(flags('clear_flags', o.clearFlags));
  return `{${parts.join(',')}}`;
}
