// One operation record (either dialect, as the server wrote it) to the columns of the history
// index, relative to the indexed account. Fields are read from the record itself, not from the
// normalised model, so a type the model does not know yet (path payments…) is still indexed; which
// types carry an amount and a counterparty is shared/moves-value.ts.
import { parseAmount } from '../../../shared/amount';
import type { HistoryDirection } from '../../../shared/history';
import type { JsonValue } from '../../../shared/json';
import type { Currency } from '../../../shared/model';
import { movesValue } from '../../../shared/moves-value';
import { embeddedRecords } from '../../embedded';
import { parseListingFast } from '../../json-fast';
import { typeNameOf } from '../../type-name';
import { amountOf, currencyOf, digits, int, NormalizeError, obj, text, type JsonObject } from '../../values';

export interface IndexRow {
  id: bigint;
  pagingToken: string;
  ledger: number;
  createdAt: number;
  type: string;
  txHash: string;
  successful: boolean;
  source: string;
  counterparty: string | null;
  direction: HistoryDirection;
  asset: string | null;
  amount: bigint | null;
  sourceAsset: string | null;
  sourceAmount: bigint | null;
  memo: string | null;
  memoType: string | null;
  fee: bigint | null;
  /** The record's place in the page it came in (pages.ts). */
  slot: number;
}

/** "native" or "CODE:ISSUER" (a credit without an issuer: its code). */
export function assetKey(currency: Currency | undefined): string | null {
  if (!currency) return null;
  if (!currency.issuer && (currency.code === 'XLM' || currency.code === 'native')) return 'native';
  return currency.issuer ? `${currency.code}:${currency.issuer}` : currency.code;
}

interface Movement {
  from: string | undefined;
  to: string | undefined;
  asset: string | null;
  amount: bigint | null;
  sourceAsset: string | null;
  sourceAmount: bigint | null;
}

const stroops = (amount: bigint | undefined): bigint | null => (amount === undefined ? null : amount);

/**
 * An amount in stroops, read once: the ledger dialect's integer units as they are, Horizon's
 * decimal string parsed exactly (values.ts amountOf would write it out and read it again).
 */
function optional(r: JsonObject, key: string): bigint | undefined {
  const value = r[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string') return parseAmount(value);
  return parseAmount(amountOf(r, key));
}

/** Who pays whom, what and how much, for the payment-like types. */
function movement(type: string, r: JsonObject): Movement {
  const none = { asset: null, amount: null, sourceAsset: null, sourceAmount: null };
  switch (type) {
    case 'create_account':
      return {
        ...none,
        from: text(r['funder']),
        to: text(r['account']),
        asset: 'native',
        amount: stroops(optional(r, 'starting_balance')),
      };
    case 'account_merge':
      return {
        ...none,
        from: text(r['account']),
        to: text(r['into']),
        asset: 'native',
        amount: stroops(optional(r, 'amount')),
      };
    default: {
      const from = text(r['from']) ?? text(r['sender']);
      const to = text(r['to']) ?? text(r['receiver']);
      const sourceCurrency = currencyOf(r, 'source_');
      return {
        from,
        to,
        asset: assetKey(currencyOf(r)),
        amount: stroops(optional(r, 'amount')),
        sourceAsset: sourceCurrency ? assetKey(sourceCurrency) : null,
        sourceAmount: sourceCurrency ? stroops(optional(r, 'source_amount')) : null,
      };
    }
  }
}

const NO_MOVEMENT: Movement = {
  from: undefined,
  to: undefined,
  asset: null,
  amount: null,
  sourceAsset: null,
  sourceAmount: null,
};

/** The movement of a payment-like record; a record whose amount or asset cannot be read is still indexed, without one. */
function movementOrNone(type: string, r: JsonObject): Movement {
  if (!movesValue(type)) return NO_MOVEMENT;
  try {
    return movement(type, r);
  } catch (error) {
    if (error instanceof NormalizeError || (error instanceof Error && error.name === 'AmountError')) return NO_MOVEMENT;
    throw error;
  }
}

function directionOf(from: string | undefined, to: string | undefined, viewer: string): HistoryDirection {
  if (from === viewer && to === viewer) return 'self';
  if (to === viewer) return 'in';
  if (from === viewer) return 'out';
  return 'none';
}

function counterpartyOf(direction: HistoryDirection, m: Movement, viewer: string): string | null {
  if (direction === 'in') return m.from ?? null;
  if (direction === 'out') return m.to ?? null;
  if (direction === 'self') return viewer;
  return null;
}

/** The index row of one record; throws NormalizeError (or AmountError) for a record it cannot read. */
export function extractRow(value: JsonValue, viewer: string, slot = 0): IndexRow {
  const r = obj(value);
  if (!r) throw new NormalizeError('an operation record is not an object');
  const idText = digits(r['id']);
  if (!idText) throw new NormalizeError('an operation record has no numeric id');
  const id = BigInt(idText);
  const createdText = text(r['created_at']) ?? '';
  const createdAt = Date.parse(createdText);
  if (!Number.isFinite(createdAt)) throw new NormalizeError(`operation ${idText} has no readable created_at`);
  const tx = obj(r['transaction']);
  const type = typeNameOf(r);
  const m = movementOrNone(type, r);
  const direction = m.from === undefined && m.to === undefined ? 'none' : directionOf(m.from, m.to, viewer);
  const successful = r['transaction_successful'];
  const fee = tx ? digits(tx['fee_charged']) : undefined;
  return {
    id,
    pagingToken: text(r['paging_token']) ?? idText,
    ledger: (tx ? (int(tx['ledger']) ?? int(tx['ledger_attr'])) : undefined) ?? Number(id >> 32n),
    createdAt,
    type,
    txHash: text(r['transaction_hash']) ?? '',
    successful: successful === undefined ? true : successful === true || successful === 'true',
    source: text(r['source_account']) ?? '',
    counterparty: counterpartyOf(direction, m, viewer),
    direction,
    asset: m.asset,
    amount: m.amount,
    sourceAsset: m.sourceAsset,
    sourceAmount: m.sourceAmount,
    memo: tx ? (text(tx['memo']) ?? null) : null,
    memoType: tx ? (text(tx['memo_type']) ?? null) : null,
    fee: fee === undefined ? null : BigInt(fee),
    slot,
  };
}

/** The index rows of a listing page's records, in the page's order. */
export function extractPage(pageText: string, viewer: string): IndexRow[] {
  return embeddedRecords(parseListingFast(pageText)).map((record, slot) => extractRow(record, viewer, slot));
}
