// Readers of the eleven types both dialects write. The ledger dialect writes `sender`/`receiver`,
// `currency` objects and integer amounts; Horizon writes `from`/`to`, asset_* fields and decimals.
import type { JsonValue } from '../../../../shared/json';
import type { CurrencyAmount, LedgerOperationType, Operation } from '../../../../shared/model';
import {
  amountOf,
  currencyOf,
  digits,
  int,
  need,
  NormalizeError,
  obj,
  optionalAmount,
  plain,
  text,
  type JsonObject,
} from '../../../http/values';
import { dataValue } from './readable-bytes';
import { defined, flagList, needCurrency, type Common } from './fields';

export function readClassic(type: LedgerOperationType, r: JsonObject, c: Common): Operation {
  switch (type) {
    case 'payment':
      return {
        ...c,
        type,
        from: need(r, r['sender'] !== undefined ? 'sender' : 'from'),
        to: need(r, r['receiver'] !== undefined ? 'receiver' : 'to'),
        currency: needCurrency(r),
        amount: amountOf(r, 'amount'),
      };
    case 'create_account':
      return {
        ...c,
        type,
        funder: need(r, 'funder'),
        account: need(r, 'account'),
        startingBalance: amountOf(r, 'starting_balance'),
      };
    case 'change_trust': {
      const pool = text(r['liquidity_pool_id']);
      const currency = pool ? undefined : currencyOf(r);
      return {
        ...c,
        type,
        trustor: need(r, 'trustor'),
        ...defined({ trustee: text(r['trustee']), currency, liquidityPoolId: pool }),
        limit: amountOf(r, 'limit'),
      };
    }
    case 'create_claimable_balance': {
      const balanceId = text(r['balance_id']);
      return {
        ...c,
        type,
        currency: needCurrency(r),
        amount: amountOf(r, 'amount'),
        claimants: claimants(r['claimants']),
        ...(balanceId ? { balanceId } : {}),
      };
    }
    case 'claim_claimable_balance':
      return { ...c, type, ...claim(r) };
    case 'liquidity_pool_deposit':
      return {
        ...c,
        type,
        liquidityPoolId: need(r, 'liquidity_pool_id'),
        reservesMax: reserves(r['reserves_max'], 'max'),
        minPrice: need(r, 'min_price'),
        maxPrice: need(r, 'max_price'),
        reservesDeposited: reserves(r['reserves_deposited'], 'amount'),
        sharesReceived: amountOf(r, 'shares_received'),
      };
    case 'liquidity_pool_withdraw':
      return {
        ...c,
        type,
        liquidityPoolId: need(r, 'liquidity_pool_id'),
        shares: amountOf(r, 'shares'),
        reservesMin: reserves(r['reserves_min'], 'min'),
        reservesReceived: reserves(r['reserves_received'], 'amount'),
      };
    case 'manage_data': {
      const value = text(r['value']) ?? null;
      return { ...c, type, name: need(r, 'name'), value, ...dataValue(value) };
    }
    case 'account_merge': {
      const amount = optionalAmount(r, 'amount');
      return { ...c, type, account: need(r, 'account'), into: need(r, 'into'), ...(amount ? { amount } : {}) };
    }
    case 'bump_sequence': {
      const bumpTo = digits(r['bump_to']);
      if (!bumpTo) throw new NormalizeError('bump_to is missing');
      return { ...c, type, bumpTo };
    }
    case 'set_options':
      return { ...c, type, ...setOptions(r) };
  }
}

/** A claim: the balance and its claimant, and what it held where the record says (the local service does). */
function claim(r: JsonObject) {
  const currency = currencyOf(r);
  const amount = currency ? optionalAmount(r, 'amount') : undefined;
  return {
    balanceId: need(r, 'balance_id'),
    claimant: need(r, 'claimant'),
    ...(currency && amount ? { currency, amount } : {}),
  };
}

function claimants(value: JsonValue | undefined) {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const claimant = obj(item) ?? {};
    return { destination: text(claimant['destination']) ?? '', predicate: plain(claimant['predicate']) };
  });
}

/** `[{currency, amount}]` (ledger) or `[{asset: "CODE:ISSUER", amount|min|max}]` (Horizon). */
function reserves(value: JsonValue | undefined, horizonKey: string): CurrencyAmount[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const reserve = obj(item);
    if (!reserve) throw new NormalizeError('a reserve is not an object');
    const currency = currencyOf(reserve);
    if (!currency) throw new NormalizeError('a reserve has no currency');
    const key = reserve['amount'] !== undefined ? 'amount' : horizonKey;
    return { currency, amount: amountOf(reserve, key) };
  });
}

function setOptions(r: JsonObject) {
  return defined({
    homeDomain: text(r['home_domain']),
    inflationDest: text(r['inflation_dest']),
    masterKeyWeight: int(r['master_key_weight']),
    lowThreshold: int(r['low_threshold']),
    medThreshold: int(r['med_threshold']),
    highThreshold: int(r['high_threshold']),
    signerKey: text(r['signer_key']),
    signerWeight: int(r['signer_weight']),
    setFlags: flagList(r, 'set_flags'),
    clearFlags: flagList(r, 'clear_flags'),
  });
}
