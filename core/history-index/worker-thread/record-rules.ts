// The rules a record of the history index must keep, each broken one refused by the record's id
// and the rule (#37.8, #37.9): a fee is a whole number of stroops within int64 (SQLite's column;
// a larger one was refused by SQLite's own "BigInt value is too large to bind"), a time is an ISO
// 8601 time from 1970 to 9999 (a trade dated +275760-09-13 was stored, with an empty month key),
// and what a record says of its ledger agrees with the ledger its id (a TOID) names. What the walk
// holds to check a time against: an operation's `created_at` is its transaction's (joined), a
// transaction's `ledger` is the one in its TOID; a trade carries only its `ledger_close_time`,
// checked for form and range. (An operation's id against its transaction's ledger is not checked:
// the index keeps the transaction's ledger, as before.)
import type { JsonValue } from '../../../shared/json';
import { INT64_MAX } from '../../../shared/amount';
import { NormalizeError, text, type JsonObject } from '../../http/values';

export const FEE_RULE = `is not a whole number of stroops from 0 to ${INT64_MAX}`;
export const TIME_RULE = 'is not an ISO 8601 time from 1970 to 9999';

/** Date and time with seconds, optional fraction, Z or an offset: as Horizon writes `created_at`. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A fee's stroops, or undefined where none is given; `what` names the record ("transaction 123"). */
export function feeStroops(value: JsonValue | undefined, what: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  const written = text(value) ?? JSON.stringify(value);
  if (!/^\d{1,19}$/.test(written) || BigInt(written) > INT64_MAX)
    throw new NormalizeError(`${what} "${written.slice(0, 40)}" ${FEE_RULE}`);
  return BigInt(written);
}

/** A record's time (epoch ms) from `key`, refused by the rule when it is not one. */
export function recordTime(r: JsonObject, key: string, what: string): number {
  const written = text(r[key]);
  if (written === undefined) throw new NormalizeError(`${what} has no ${key}`);
  const at = ISO_TIME.test(written) ? Date.parse(written) : NaN;
  if (!Number.isFinite(at) || at < 0 || at > LAST_MS)
    throw new NormalizeError(`${what}: ${key} ${JSON.stringify(written.slice(0, 60))} ${TIME_RULE}`);
  return at;
}

/** The ledger a TOID names. */
export const ledgerOfId = (id: bigint): number => Number(id >> 32n);
