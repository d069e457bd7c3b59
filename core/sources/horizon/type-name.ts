// An operation record's type name in either dialect, apart from normalize.ts so the history worker
// reads types without loading the models.
import { LEDGER_TYPE_CODES, type LedgerOperationType } from '../../../shared/model/type-codes';
import { int, text, type JsonObject } from '../../http/values';

const LEDGER_NAMES = new Map<number, LedgerOperationType>(
  Object.entries(LEDGER_TYPE_CODES).map(([name, code]) => [code, name as LedgerOperationType]),
);

/** Horizon's names before protocol 12 that name a type the app reads by its newer name. */
const OLDER_NAMES: ReadonlyMap<string, string> = new Map([['path_payment', 'path_payment_strict_receive']]);

/**
 * The operation's type name in either dialect ("payment", "manage_buy_offer", …); an older name
 * Horizon still writes for old records (`path_payment`) as the type it is now named.
 */
export function typeNameOf(record: JsonObject): string {
  const named = text(record['type_s']);
  if (named) return OLDER_NAMES.get(named) ?? named;
  const type = record['type'];
  if (typeof type === 'string') return OLDER_NAMES.get(type) ?? type;
  const code = int(type);
  return code === undefined ? 'unknown' : (LEDGER_NAMES.get(code) ?? `type_${code}`);
}
