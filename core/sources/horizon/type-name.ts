// An operation record's type name in either dialect, apart from normalize.ts so the history worker
// reads types without loading the models.
import { LEDGER_TYPE_CODES, type LedgerOperationType } from '../../../shared/model/type-codes';
import { int, text, type JsonObject } from '../../http/values';

const LEDGER_NAMES = new Map<number, LedgerOperationType>(
  Object.entries(LEDGER_TYPE_CODES).map(([name, code]) => [code, name as LedgerOperationType]),
);

/** The operation's type name in either dialect ("payment", "manage_buy_offer", …). */
export function typeNameOf(record: JsonObject): string {
  const named = text(record['type_s']);
  if (named) return named;
  const type = record['type'];
  if (typeof type === 'string') return type;
  const code = int(type);
  return code === undefined ? 'unknown' : (LEDGER_NAMES.get(code) ?? `type_${code}`);
}
