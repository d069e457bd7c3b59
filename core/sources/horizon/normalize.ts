// One model from two dialects. The "ledger" dialect (this project's service) writes numeric `id`,
// `type` numbers with `type_s`, `sender`/`receiver`, `currency` objects and integer amounts; the
// "horizon" dialect writes string ids, `type` names, `from`/`to`, asset_* fields and decimal
// strings. The dialect is read from each record, so a server that mixes nothing up and a profile
// with the wrong dialect both still work. An unknown type becomes an `other` record with its raw
// fields: never dropped, never an error.
import { stringifyJson, type JsonValue } from '../../../shared/json';
import { movesOf } from '../../../shared/moves';
import { MODELLED_TYPES, type Operation, type OperationType, type TransactionSummary } from '../../../shared/model';
import { readTyped, sponsorAndMuxed, type Common } from './operation-readers';
import { typeNameOf } from './type-name';
import { digits, fieldText, int, need, NormalizeError, obj, text, type JsonObject } from '../../http/values';

const KNOWN = new Set<string>(MODELLED_TYPES);
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
      operation = readTyped(typeName as OperationType, record, common);
    } catch (error) {
      if (!(error instanceof NormalizeError) && !(error instanceof Error && error.name === 'AmountError')) throw error;
      operation = other(typeName, record, common);
    }
  } else {
    operation = other(typeName, record, common);
  }
  if (options.viewer) operation.direction = movesOf(operation, options.viewer).direction;
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
    ...sponsorAndMuxed(record),
    ...(raw === undefined ? {} : { raw }),
  };
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
  const feeAccount = text(r['fee_account']);
  return {
    hash,
    ledger: int(r['ledger']) ?? int(r['ledger_attr']) ?? 0,
    createdAt: text(r['created_at']) ?? '',
    sourceAccount: text(r['source_account']) ?? '',
    feeCharged: digits(r['fee_charged']) ?? '0',
    ...(feeAccount ? { feeAccount } : {}),
    maxFee: digits(r['max_fee']) ?? '0',
    operationCount: int(r['operation_count']) ?? 0,
    memoType: text(r['memo_type']) ?? 'none',
    ...(memo !== undefined ? { memo } : {}),
    successful: r['successful'] === undefined ? true : r['successful'] === true,
    ...(envelopeXdr ? { envelopeXdr } : {}),
    ...(resultXdr ? { resultXdr } : {}),
  };
}
