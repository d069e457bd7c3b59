// Single resources of both dialects (account, ledger, transaction, claimable balance, liquidity
// pool) into the shared model. Each keeps `raw`: the body's exact text when the caller has it,
// else the record re-serialised with every number exact.
import { stringifyJson, type JsonValue } from '../../../shared/json';
import {
  type Account,
  type Balance,
  type ClaimableBalance,
  type Ledger,
  type LiquidityPool,
  type TransactionDetail,
  MAX_HOME_DOMAIN,
} from '../../../shared/model';
import { normalizeTransactionSummary } from './normalize';
import {
  amountOf,
  currencyOf,
  digits,
  int,
  NormalizeError,
  obj,
  plain,
  text,
  type JsonObject,
} from '../../http/values';
import { envelopeSignatures } from '../../signatures/tx-signatures';
import { decodeResult } from '../../submission/xdr';

function record(value: JsonValue, what: string): JsonObject {
  const r = obj(value);
  if (!r) throw new NormalizeError(`the ${what} is not a JSON object`);
  return r;
}

export function normalizeAccount(value: JsonValue, raw?: string): Account {
  const r = record(value, 'account');
  const thresholds = obj(r['thresholds']) ?? {};
  const flags = obj(r['flags']);
  const lastModifiedLedger = int(r['last_modified_ledger']);
  return {
    id: text(r['account_id']) ?? text(r['id']) ?? '',
    sequence: digits(r['sequence']) ?? '0',
    subentryCount: int(r['subentry_count']) ?? 0,
    balances: (Array.isArray(r['balances']) ? r['balances'] : []).map(balance),
    signers: (Array.isArray(r['signers']) ? r['signers'] : []).map((item) => {
      const s = obj(item) ?? {};
      const key = text(s['key']) ?? '';
      return { key, weight: int(s['weight']) ?? 0, type: signerType(key, text(s['type'])) };
    }),
    thresholds: {
      low: int(thresholds['low_threshold'] ?? thresholds['low']) ?? 0,
      med: int(thresholds['med_threshold'] ?? thresholds['med']) ?? 0,
      high: int(thresholds['high_threshold'] ?? thresholds['high']) ?? 0,
    },
    ...(flags
      ? {
          flags: Object.fromEntries(Object.entries(flags).filter(([, v]) => typeof v === 'boolean')) as Record<
            string,
            boolean
          >,
        }
      : {}),
    ...(lastModifiedLedger !== undefined ? { lastModifiedLedger } : {}),
    ...homeDomainOf(r),
    ...dataOf(r),
    raw: raw ?? stringifyJson(r),
  };
}

/** A home domain is a string32: anything longer or empty is dropped, not trusted. */
function homeDomainOf(r: JsonObject): { homeDomain?: string } {
  const domain = text(r['home_domain']);
  return domain && domain.length <= MAX_HOME_DOMAIN ? { homeDomain: domain } : {};
}

/** An account has at most a thousand-odd subentries; entries that cannot be data entries are dropped. */
const MAX_DATA_ENTRIES = 1000;
function dataOf(r: JsonObject): { data?: Record<string, string> } {
  const data = obj(r['data']);
  if (!data) return {};
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  let count = 0;
  for (const [name, value] of Object.entries(data)) {
    if (count >= MAX_DATA_ENTRIES) break;
    if (typeof value !== 'string' || name.length > 64 || value.length > 88) continue;
    out[name] = value;
    count += 1;
  }
  return { data: { ...out } };
}

// Horizon's names for the three signer kinds, told from the key's prefix (G…, T…, X…) when the
// server says nothing or calls every signer ed25519_public_key.
const SIGNER_TYPES: Record<string, string> = { G: 'ed25519_public_key', T: 'preauth_tx', X: 'sha256_hash' };
function signerType(key: string, given: string | undefined): string {
  return SIGNER_TYPES[key.charAt(0)] ?? given ?? 'ed25519_public_key';
}

function balance(item: JsonValue): Balance {
  const b = obj(item) ?? {};
  const pool = text(b['liquidity_pool_id']);
  const currency = pool ? undefined : currencyOf(b);
  const amountKey = b['balance'] !== undefined ? 'balance' : 'amount';
  return {
    ...(currency ? { currency } : {}),
    ...(pool ? { liquidityPoolId: pool } : {}),
    amount: amountOf(b, amountKey),
    ...(b['limit'] !== undefined ? { limit: amountOf(b, 'limit') } : {}),
  };
}

export function normalizeLedger(value: JsonValue, raw?: string): Ledger {
  const r = record(value, 'ledger');
  const failed = int(r['failed_transaction_count']);
  const successful = int(r['successful_transaction_count']);
  const transactionCount = int(r['transaction_count']) ?? (successful ?? 0) + (failed ?? 0);
  return {
    sequence: int(r['sequence']) ?? 0,
    hash: text(r['hash']) ?? '',
    closedAt: text(r['closed_at']) ?? '',
    transactionCount,
    ...(failed !== undefined ? { failedTransactionCount: failed } : {}),
    operationCount: int(r['operation_count']) ?? 0,
    raw: raw ?? stringifyJson(r),
  };
}

export function normalizeTransaction(value: JsonValue, raw?: string): TransactionDetail {
  const r = record(value, 'transaction');
  const summary = normalizeTransactionSummary(r);
  let resultCodes: TransactionDetail['resultCodes'] = null;
  let resultJson: unknown = null;
  if (summary.resultXdr) {
    try {
      const decoded = decodeResult(summary.resultXdr);
      resultCodes = decoded.codes;
      resultJson = decoded.json;
    } catch {
      // A result that does not decode is shown raw; the record is still useful.
    }
  }
  const feeAccount = text(r['fee_account']);
  const signatures = Array.isArray(r['signatures']) ? r['signatures'].map((s) => text(s) ?? '') : undefined;
  const decoded = summary.envelopeXdr
    ? envelopeSignatures(summary.envelopeXdr, [summary.sourceAccount, feeAccount])
    : null;
  return {
    ...summary,
    pagingToken: text(r['paging_token']) ?? '',
    ...(feeAccount ? { feeAccount } : {}),
    ...(signatures ? { signatures } : {}),
    ...(decoded ? { envelopeSignatures: decoded } : {}),
    resultCodes,
    resultJson,
    raw: raw ?? stringifyJson(r),
  };
}

export function normalizeClaimableBalance(value: JsonValue, raw?: string): ClaimableBalance {
  const r = record(value, 'claimable balance');
  const currency = currencyOf(r);
  if (!currency) throw new NormalizeError('the claimable balance has no currency');
  const sponsor = text(r['sponsor']);
  const lastModifiedLedger = int(r['last_modified_ledger']);
  return {
    id: text(r['id']) ?? text(r['balance_id']) ?? '',
    currency,
    amount: amountOf(r, 'amount'),
    ...(sponsor ? { sponsor } : {}),
    claimants: (Array.isArray(r['claimants']) ? r['claimants'] : []).map((item) => {
      const c = obj(item) ?? {};
      return { destination: text(c['destination']) ?? '', predicate: plain(c['predicate']) };
    }),
    ...(lastModifiedLedger !== undefined ? { lastModifiedLedger } : {}),
    raw: raw ?? stringifyJson(r),
  };
}

export function normalizeLiquidityPool(value: JsonValue, raw?: string): LiquidityPool {
  const r = record(value, 'liquidity pool');
  const feeBp = int(r['fee_bp']);
  const poolType = text(r['type']);
  const totalTrustlines = digits(r['total_trustlines']);
  return {
    id: text(r['id']) ?? text(r['liquidity_pool_id']) ?? '',
    ...(feeBp !== undefined ? { feeBp } : {}),
    ...(poolType ? { poolType } : {}),
    ...(totalTrustlines ? { totalTrustlines } : {}),
    totalShares: amountOf(r, 'total_shares'),
    reserves: (Array.isArray(r['reserves']) ? r['reserves'] : []).map((item) => {
      const reserve = obj(item) ?? {};
      const currency = currencyOf(reserve);
      if (!currency) throw new NormalizeError('a pool reserve has no currency');
      return { currency, amount: amountOf(reserve, 'amount') };
    }),
    raw: raw ?? stringifyJson(r),
  };
}
