// One model from two dialects. The "ledger" dialect (this project's service) writes numeric `id`,
// `type` numbers with `type_s`, `sender`/`receiver`, `currency` objects and integer amounts; the
// "horizon" dialect writes string ids, `type` names, `from`/`to`, asset_* fields and decimal
// strings. The dialect is read from each record, so a server that mixes nothing up and a profile
// with the wrong dialect both still work. An unknown type becomes an `other` record with its raw
// fields: never dropped, never an error.
import { operationDirection } from '../../shared/direction';
import { stringifyJson, type JsonValue } from '../../shared/json';
import {
  LEDGER_TYPE_CODES,
  OPERATION_TYPES,
  type CurrencyAmount,
  type Operation,
  type OperationType,
  type TransactionSummary,
} from '../../shared/model';
import {
  amountOf,
  currencyOf,
  digits,
  fieldText,
  int,
  need,
  NormalizeError,
  obj,
  optionalAmount,
  plain,
  text,
  type JsonObject,
} from './values';

type Common = Omit<Extract<Operation, { type: 'payment' }>, 'type' | 'from' | 'to' | 'currency' | 'amount'>;

const LEDGER_NAMES = new Map<number, OperationType>(Object.entries(LEDGER_TYPE_CODES).map(([name, code]) => [code, name as OperationType]));
const KNOWN = new Set<string>(OPERATION_TYPES);
const COMMON_KEYS = new Set([
  '_links',
  'id',
  'paging_token',
  'type',
  'type_s',
  'type_i',
  'source_account',
  'transaction_hash',
  'transaction_successful',
  'created_at',
  'transaction',
]);

/** The operation's type name in either dialect ("payment", "manage_buy_offer", …). */
export function typeNameOf(record: JsonObject): string {
  const named = text(record['type_s']);
  if (named) return named;
  const type = record['type'];
  if (typeof type === 'string') return type;
  const code = int(type);
  return code === undefined ? 'unknown' : (LEDGER_NAMES.get(code) ?? `type_${code}`);
}

export interface NormalizeOptions {
  /** The account whose listing this is: sets `direction`. */
  viewer?: string | undefined;
  /**
   * The record's exact text as the server wrote it; undefined: `raw` is re-serialised (numbers
   * exact); null: no `raw` (listing and stream rows: the drawer fetches the record when opened).
   */
  raw?: string | null | undefined;
}

export function normalizeOperation(value: JsonValue, options: NormalizeOptions = {}): Operation {
  const record = obj(value);
  if (!record) throw new NormalizeError('an operation record is not an object');
  const raw = options.raw === null ? undefined : (options.raw ?? stringifyJson(record));
  const common = commonFields(record, raw);
  const typeName = typeNameOf(record);
  let operation: Operation;
  if (KNOWN.has(typeName)) {
    try {
      operation = known(typeName as OperationType, record, common);
    } catch (error) {
      if (!(error instanceof NormalizeError) && !(error instanceof Error && error.name === 'AmountError')) throw error;
      operation = other(typeName, record, common);
    }
  } else {
    operation = other(typeName, record, common);
  }
  if (options.viewer) operation.direction = operationDirection(operation, options.viewer);
  return operation;
}

function commonFields(record: JsonObject, raw: string | undefined): Common {
  const id = digits(record['id']);
  if (!id) throw new NormalizeError('an operation record has no numeric id');
  const joined = obj(record['transaction']);
  const successful = record['transaction_successful'];
  return {
    id,
    pagingToken: text(record['paging_token']) ?? id,
    sourceAccount: need(record, 'source_account'),
    transactionHash: need(record, 'transaction_hash'),
    successful: successful === undefined ? true : successful === true || successful === 'true',
    createdAt: text(record['created_at']) ?? '',
    ...(joined ? { transaction: normalizeTransactionSummary(joined) } : {}),
    ...(raw === undefined ? {} : { raw }),
  };
}

function known(type: OperationType, r: JsonObject, c: Common): Operation {
  switch (type) {
    case 'payment':
      return { ...c, type, from: need(r, r['sender'] !== undefined ? 'sender' : 'from'), to: need(r, r['receiver'] !== undefined ? 'receiver' : 'to'), currency: needCurrency(r), amount: amountOf(r, 'amount') };
    case 'create_account':
      return { ...c, type, funder: need(r, 'funder'), account: need(r, 'account'), startingBalance: amountOf(r, 'starting_balance') };
    case 'change_trust': {
      const pool = text(r['liquidity_pool_id']);
      const currency = pool ? undefined : currencyOf(r);
      return { ...c, type, trustor: need(r, 'trustor'), ...(currency ? { currency } : {}), ...(pool ? { liquidityPoolId: pool } : {}), limit: amountOf(r, 'limit') };
    }
    case 'create_claimable_balance': {
      const balanceId = text(r['balance_id']);
      return { ...c, type, currency: needCurrency(r), amount: amountOf(r, 'amount'), claimants: claimants(r['claimants']), ...(balanceId ? { balanceId } : {}) };
    }
    case 'claim_claimable_balance':
      return { ...c, type, balanceId: need(r, 'balance_id'), claimant: need(r, 'claimant') };
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
    case 'manage_data':
      return { ...c, type, name: need(r, 'name'), value: text(r['value']) ?? null };
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

function needCurrency(r: JsonObject) {
  const currency = currencyOf(r);
  if (!currency) throw new NormalizeError('currency is missing');
  return currency;
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
  const flags = (key: string) => {
    const value = r[`${key}_s`] ?? r[key];
    return Array.isArray(value) ? value.map((flag) => text(flag) ?? '') : undefined;
  };
  const fields = {
    homeDomain: text(r['home_domain']),
    masterKeyWeight: int(r['master_key_weight']),
    lowThreshold: int(r['low_threshold']),
    medThreshold: int(r['med_threshold']),
    highThreshold: int(r['high_threshold']),
    signerKey: text(r['signer_key']),
    signerWeight: int(r['signer_weight']),
    setFlags: flags('set_flags'),
    clearFlags: flags('clear_flags'),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

function other(typeName: string, r: JsonObject, c: Common): Operation {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(r)) if (!COMMON_KEYS.has(key)) fields[key] = fieldText(value);
  return { ...c, type: 'other', typeName, fields };
}

export function normalizeTransactionSummary(r: JsonObject): TransactionSummary {
  const hash = text(r['hash']) ?? text(r['id']) ?? '';
  const memo = text(r['memo']);
  const envelopeXdr = text(r['envelope_xdr']);
  const resultXdr = text(r['result_xdr']);
  return {
    hash,
    ledger: int(r['ledger']) ?? int(r['ledger_attr']) ?? 0,
    createdAt: text(r['created_at']) ?? '',
    sourceAccount: text(r['source_account']) ?? '',
    feeCharged: digits(r['fee_charged']) ?? '0',
    maxFee: digits(r['max_fee']) ?? '0',
    operationCount: int(r['operation_count']) ?? 0,
    memoType: text(r['memo_type']) ?? 'none',
    ...(memo !== undefined ? { memo } : {}),
    successful: r['successful'] === undefined ? true : r['successful'] === true,
    ...(envelopeXdr ? { envelopeXdr } : {}),
    ...(resultXdr ? { resultXdr } : {}),
  };
}
