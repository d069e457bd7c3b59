// Parameters of the wire contract (docs/design.md "Listing parameters"): each bad value is a 400
// problem naming the field. Ids of the wrong form are 400 too; 404 is decided by the store.
import { StrKey } from '@stellar/stellar-base';
import { INT64_MAX } from '../../shared/amount';
import { claimableBalanceHex, toHex } from '../../shared/ids';
import { LEDGER_MAX } from '../../shared/toid';
import { badRequest } from './problem';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 200;

export type Query = Record<string, string | string[] | undefined>;

export interface ListingParams {
  /** undefined: from the start (asc) or the end (desc); 'now': after the latest ledger. */
  cursor: bigint | 'now' | undefined;
  limit: number;
  desc: boolean;
  includeFailed: boolean;
  join: boolean;
}

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(name, 'The parameter is given more than once.');
  return value === '' ? undefined : value;
}

export function parseCursor(value: string, field: string): bigint | 'now' {
  if (value === 'now') return 'now';
  if (!/^\d{1,19}$/.test(value) || BigInt(value) > INT64_MAX) {
    throw badRequest(field, 'A cursor is a paging token (a non-negative integer below 2^63) or "now".');
  }
  return BigInt(value);
}

function parseBoolean(query: Query, name: string): boolean | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(name, 'Use true or false.');
}

export function parseListing(query: Query): ListingParams {
  const cursorText = single(query, 'cursor');
  const limitText = single(query, 'limit');
  let limit = DEFAULT_LIMIT;
  if (limitText !== undefined) {
    if (!/^\d{1,3}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LIMIT) {
      throw badRequest('limit', `The limit is an integer from 1 to ${MAX_LIMIT}.`);
    }
    limit = Number(limitText);
  }
  const order = single(query, 'order') ?? 'asc';
  if (order !== 'asc' && order !== 'desc') throw badRequest('order', 'The order is asc or desc.');
  const join = single(query, 'join');
  if (join !== undefined && join !== 'transactions') throw badRequest('join', 'The only join is "transactions".');
  const includeTransactions = parseBoolean(query, 'include_transactions');
  return {
    cursor: cursorText === undefined ? undefined : parseCursor(cursorText, 'cursor'),
    limit,
    desc: order === 'desc',
    includeFailed: parseBoolean(query, 'include_failed') ?? false,
    join: join === 'transactions' || includeTransactions === true,
  };
}

/** Account ids already checked (the checksum costs a base32 decode): a few thousand, then forgotten. */
const validAccountIds = new Set<string>();

export function parseAccountId(value: string, field = 'account_id'): string {
  if (validAccountIds.has(value)) return value;
  if (!StrKey.isValidEd25519PublicKey(value)) {
    throw badRequest(field, 'An account id is a G… StrKey of 56 characters with a valid checksum.');
  }
  if (validAccountIds.size >= 4096) validAccountIds.clear();
  validAccountIds.add(value);
  return value;
}

export function parseHash(value: string, field: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(value)) throw badRequest(field, 'A hash is 64 hexadecimal characters.');
  return value.toLowerCase();
}

export function parseLedgerSequence(value: string): bigint {
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > LEDGER_MAX) {
    throw badRequest('sequence', `A ledger sequence is an integer from 1 to ${LEDGER_MAX}.`);
  }
  return BigInt(value);
}

export function parseOperationId(value: string): bigint {
  if (!/^\d{1,19}$/.test(value) || BigInt(value) > INT64_MAX || BigInt(value) === 0n) {
    throw badRequest('id', 'An operation id is a positive integer below 2^63.');
  }
  return BigInt(value);
}

/** 72 hex characters (Horizon's form) or a `B…` StrKey, to the 72-hex form. */
export function parseClaimableBalanceId(value: string): string {
  if (/^[0-9a-fA-F]{72}$/.test(value) && value.startsWith('00000000')) return value.toLowerCase();
  if (/^B[A-Z2-7]{57}$/i.test(value) && StrKey.isValidClaimableBalance(value.toUpperCase())) {
    return claimableBalanceHex(value.toUpperCase());
  }
  throw badRequest(
    'claimable_balance_id',
    'A claimable balance id is 72 hexadecimal characters starting 00000000, or a B… StrKey.',
  );
}

/** 64 hex characters, or an `L…` StrKey. */
export function parseLiquidityPoolId(value: string): string {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return value.toLowerCase();
  if (/^L[A-Z2-7]{55}$/i.test(value) && StrKey.isValidLiquidityPool(value.toUpperCase())) {
    return toHex(StrKey.decodeLiquidityPool(value.toUpperCase()));
  }
  throw badRequest('liquidity_pool_id', 'A liquidity pool id is 64 hexadecimal characters.');
}
