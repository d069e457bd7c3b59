// One operation record (either dialect, as the server wrote it) to the columns of the history
// index, relative to the indexed account. What a row moved is read as every view reads it: the
// record's typed operation (its source's index format, core/sources/index-format.ts: Horizon's reads with the readers normalize.ts uses) read
// by shared/moves.ts movesOf from the indexed account's side, so a row's direction, asset, amount
// and counterparty are those the operation tables show for that account.
import { parseAmount } from '../../../shared/amount';
import type { HistoryDirection } from '../../../shared/history';
import type { JsonValue } from '../../../shared/json';
import type { Operation } from '../../../shared/model';
import { movedAssetKey, movesOf, type Leg, type MoveDirection } from '../../../shared/moves';
import { parseJsonFast, parseListingFast } from '../../http/json-fast';
import { operationSummary } from '../../../shared/operation-summary';
import type { IndexPageFormat, OperationCommon } from '../../sources/index-format';
import { indexFormat } from '../../sources/index-formats';
import { digits, int, NormalizeError, obj, text, type JsonObject } from '../../http/values';
import { feeStroops, ledgerOfId, recordTime } from './record-rules';

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
  /**
   * Who paid the transaction's fee, as its record names it (`fee_account`: the fee-bump source
   * where there is one, else the transaction's source); null when the record carries no transaction.
   */
  feeAccount: string | null;
  /** Legs beyond the two the columns hold: a pool deposit's second reserve, a contract call's further changes. */
  extra: ExtraLeg[];
  /** The record's place in the page it came in (pages.ts). */
  slot: number;
}

/** A leg of a row beyond its columns' two (successful rows only: a failed one moved nothing). */
export interface ExtraLeg {
  incoming: boolean;
  asset: string;
  /** Stroops; null when the record does not carry the amount. */
  amount: bigint | null;
  party: string | null;
  /** Its number among the row's legs when it has one of its own (a fill's: side-records.ts fillLegNumber), else its place. */
  n?: number;
}

/** The columns of a row that say what it moved (or, for a failed operation, what it tried to move). */
interface Movement {
  extra: ExtraLeg[];
  direction: HistoryDirection;
  counterparty: string | null;
  asset: string | null;
  amount: bigint | null;
  sourceAsset: string | null;
  sourceAmount: bigint | null;
}

const NO_MOVEMENT: Movement = {
  extra: [],
  direction: 'none',
  counterparty: null,
  asset: null,
  amount: null,
  sourceAsset: null,
  sourceAmount: null,
};

/** The index's word for each direction is shared/moves.ts's: "both" is value out and in, in every view. */
const DIRECTION: Record<MoveDirection, HistoryDirection> = { in: 'in', out: 'out', both: 'both', none: 'none' };

const stroops = (leg: Leg | undefined): bigint | null => (leg?.amount === undefined ? null : parseAmount(leg.amount));

/**
 * The columns from the viewer's legs (shared/moves.ts movesOf, the reading every view uses). A row
 * holds one leg of each side: `asset`/`amount` the first that came in (or, with none in, the first
 * that went out), `sourceAsset`/`sourceAmount` the first that went out when something also came
 * in; `extra` every further leg (a pool deposit's second reserve). A failed operation moved nothing: direction none, and the columns hold what it tried.
 */
export function movementOf(op: Operation, viewer: string): Movement {
  const moves = movesOf(op, viewer);
  const legs = moves.legs.length ? moves.legs : (moves.attempted ?? heldFor(op, viewer));
  const firstIn = legs.find((leg) => leg.side === 'in');
  const firstOut = legs.find((leg) => leg.side === 'out');
  const main = firstIn ?? firstOut;
  const source = firstIn ? firstOut : undefined;
  const extra = moves.legs
    .filter((leg) => leg !== firstIn && leg !== firstOut)
    .map((leg) => ({
      incoming: leg.side === 'in',
      asset: movedAssetKey(leg.asset),
      amount: stroops(leg),
      party: leg.counterparty ?? null,
    }));
  return {
    extra,
    direction: DIRECTION[moves.direction],
    counterparty: main?.counterparty ?? null,
    asset: main ? movedAssetKey(main.asset) : null,
    amount: stroops(main),
    sourceAsset: source ? movedAssetKey(source.asset) : null,
    sourceAmount: stroops(source),
  };
}

/**
 * A claimable balance another account created for the viewer moved none of its value (until it
 * claims it): the row's columns hold the balance's amount and asset, its counterparty the
 * creator. Its direction stays `none`, so no total counts it (row-legs.ts: a `none` row has no
 * legs); it says what the operation did and with whom, as a failed row says what it tried.
 */
function heldFor(op: Operation, viewer: string): Leg[] {
  if (op.type !== 'create_claimable_balance' || !op.successful) return [];
  if (!op.claimants.some((claimant) => claimant.destination === viewer)) return [];
  return [
    { side: 'in', asset: { kind: 'asset', currency: op.currency }, amount: op.amount, counterparty: op.sourceAccount },
  ];
}

/**
 * The movement of a record; one whose value-moving fields cannot be read is still indexed, without
 * one. But an amount beyond int64 is no amount a ledger can hold: the record is refused by name and
 * rule (#37.5), never indexed as moving nothing.
 */
function movementOrNone(
  format: IndexPageFormat,
  type: string,
  r: JsonObject,
  common: OperationCommon,
  viewer: string,
  what: string,
): Movement {
  try {
    const op = format.moving(type, r, common);
    return op ? movementOf(op, viewer) : NO_MOVEMENT;
  } catch (error) {
    if (error instanceof Error && error.name === 'AmountError' && error.message.includes('outside int64'))
      throw new NormalizeError(`${what}: its ${error.message}, the most one amount can be`);
    if (error instanceof NormalizeError || (error instanceof Error && error.name === 'AmountError')) return NO_MOVEMENT;
    throw error;
  }
}

/** The index row of one record, read in its page's format; throws NormalizeError (or AmountError) for a record it cannot read. */
export function extractRow(value: JsonValue, viewer: string, slot = 0, format = indexFormat()): IndexRow {
  const r = obj(value);
  if (!r) throw new NormalizeError('an operation record is not an object');
  const idText = digits(r['id']);
  if (!idText) throw new NormalizeError('an operation record has no numeric id');
  const id = BigInt(idText);
  const what = `operation ${idText}`;
  const createdAt = recordTime(r, 'created_at', what);
  const createdText = text(r['created_at'])!;
  const tx = obj(r['transaction']);
  // What the walk holds to check the operation against: its transaction, joined (#37.9).
  const txLedger = tx ? (int(tx['ledger']) ?? int(tx['ledger_attr'])) : undefined;
  const txCreated = tx ? text(tx['created_at']) : undefined;
  if (txCreated !== undefined && Date.parse(txCreated) !== createdAt)
    throw new NormalizeError(
      `${what}: created_at ${JSON.stringify(createdText)} is not its transaction's (${JSON.stringify(txCreated.slice(0, 60))})`,
    );
  const fee = tx ? feeStroops(tx['fee_charged'], `${what}: its transaction's fee_charged`) : undefined;
  const type = format.typeName(r);
  const flag = r['transaction_successful'];
  const successful = flag === undefined ? true : flag === true || flag === 'true';
  const source = text(r['source_account']) ?? '';
  const txHash = text(r['transaction_hash']) ?? '';
  const common: OperationCommon = {
    id: idText,
    pagingToken: '',
    sourceAccount: source,
    transactionHash: txHash,
    successful,
    createdAt: createdText,
  };
  const m = movementOrNone(format, type, r, common, viewer, what);
  return {
    id,
    pagingToken: text(r['paging_token']) ?? idText,
    ledger: txLedger ?? ledgerOfId(id),
    createdAt,
    type,
    txHash,
    successful,
    source,
    counterparty: m.counterparty,
    direction: m.direction,
    asset: m.asset,
    amount: m.amount,
    sourceAsset: m.sourceAsset,
    sourceAmount: m.sourceAmount,
    memo: tx ? (text(tx['memo']) ?? null) : null,
    memoType: tx ? (text(tx['memo_type']) ?? null) : null,
    fee: fee ?? null,
    feeAccount: tx ? (text(tx['fee_account']) ?? text(tx['source_account']) ?? null) : null,
    extra: m.extra,
    slot,
  };
}

/** The index rows of a listing page's records, in the page's order, read in its format. */
export function extractPage(pageText: string, viewer: string, format = indexFormat()): IndexRow[] {
  return format.records(parseListingFast(pageText)).map((record, slot) => extractRow(record, viewer, slot, format));
}

/**
 * What a stored record's operation did, as one sentence (shared/operation-summary.ts, the
 * drawer's and the exports'): for a row whose columns hold no amount (a trust line, a sequence
 * bump, options, an offer), so it is not a blank row. Undefined for a record it cannot read.
 */
export function describeRecord(recordText: string, format = indexFormat()): string | undefined {
  try {
    const r = obj(parseJsonFast(recordText));
    if (!r) return undefined;
    const flag = r['transaction_successful'];
    const common: OperationCommon = {
      id: digits(r['id']) ?? '0',
      pagingToken: '',
      sourceAccount: text(r['source_account']) ?? '',
      transactionHash: text(r['transaction_hash']) ?? '',
      successful: flag === undefined ? true : flag === true || flag === 'true',
      createdAt: text(r['created_at']) ?? '',
    };
    const op = format.described(format.typeName(r), r, common);
    return op ? operationSummary(op) : undefined;
  } catch (error) {
    if (error instanceof NormalizeError || (error instanceof Error && error.name === 'AmountError')) return undefined;
    throw error;
  }
}
