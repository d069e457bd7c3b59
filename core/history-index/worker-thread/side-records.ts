// What an account's transactions and trades add to its history index beyond its operations
// (issue #27). Horizon lists an operation for its participants only (its source and the accounts
// it names), so two kinds of balance change never reach the operations walk: the fee an account
// pays as the fee-bump source (or the source) of a transaction none of whose operations is its
// own, and the fills of its offers by other accounts' operations. The sync reads them from
// /accounts/{id}/transactions and /accounts/{id}/trades (sync-sides.ts); this file reads one
// record of each as the index's rows and legs, from the indexed account's side.
import { AmountError, parseAmount } from '../../../shared/amount';
import type { JsonValue } from '../../../shared/json';
import { movedAssetKey } from '../../../shared/moves';
import { currencyOf, digits, int, NormalizeError, obj, text, type JsonObject } from '../../http/values';
import type { ExtraLeg, IndexRow } from './extract';
import { feeStroops, ledgerOfId, recordTime } from './record-rules';

/** The listings a sync walks beside the account's operations. */
export type { SideKind } from '../protocol';

/** The row type of a transaction's fee the account paid where the index holds none of its operations. */
export const FEE_ROW = 'transaction_fee';
/** The row type of the fills of the account's offers by another account's operation. */
export const TRADE_ROW = 'trade';

/** A transaction's TOID's operation index bits: its operations' ids are the TOID plus 1 to 4095. */
export const OP_INDEX_SPAN = 4096n;

/**
 * What a row read from a trade says of its fee: nothing to charge (the operation that filled the
 * offer is another account's, and a fee the account paid for it is read from its transactions).
 * Not null, which would count the row as one whose fee payer is unknown (roll-up.ts `nofee`).
 */
export const NO_FEE_HERE = '';

/** A transaction record's paging token (its TOID). */
export function transactionToken(r: JsonObject): string {
  const token = digits(r['paging_token']);
  if (!token) throw new NormalizeError('a transaction record has no numeric paging_token');
  return token;
}

/**
 * The row of a transaction's fee when `viewer` paid it (`fee_account`: the fee-bump source where
 * there is one, else the transaction's source), else null. Its id is the transaction's TOID,
 * which no operation has (theirs are the TOID plus their index), so it sorts just before them.
 */
export function feeRowOf(value: JsonValue, viewer: string, slot = 0): IndexRow | null {
  const r = obj(value);
  if (!r) throw new NormalizeError('a transaction record is not an object');
  const token = transactionToken(r);
  const source = text(r['source_account']) ?? '';
  const payer = text(r['fee_account']) ?? source;
  if (payer !== viewer) return null;
  const hash = text(r['hash']) ?? text(r['id']);
  if (!hash) throw new NormalizeError(`transaction ${token} has no hash`);
  const fee = feeStroops(r['fee_charged'], `transaction ${token}: fee_charged`);
  if (fee === undefined) throw new NormalizeError(`transaction ${token} has no fee_charged`);
  const flag = r['successful'];
  const id = BigInt(token);
  const ledger = int(r['ledger']) ?? ledgerOfId(id);
  if (ledger !== ledgerOfId(id))
    throw new NormalizeError(
      `transaction ${token}: ledger ${ledger} is not the ledger its id names (${ledgerOfId(id)})`,
    );
  return {
    id,
    pagingToken: token,
    ledger,
    createdAt: recordTime(r, 'created_at', `transaction ${token}`),
    type: FEE_ROW,
    txHash: hash,
    successful: flag === undefined ? true : flag === true || flag === 'true',
    source,
    // Whose transaction the fee paid for, when it was another's.
    counterparty: source !== viewer ? source : null,
    direction: 'none',
    asset: null,
    amount: null,
    sourceAsset: null,
    sourceAmount: null,
    memo: text(r['memo']) ?? null,
    memoType: text(r['memo_type']) ?? null,
    fee,
    feeAccount: payer,
    extra: [],
    slot,
  };
}

/** One trade from the indexed account's side. */
export interface TradeFill {
  token: string;
  /** The operation whose application made the trade. */
  opId: bigint;
  /** The trade's place among that operation's trades. */
  order: number;
  createdAt: number;
  /** The account took the trade (its own operation crossed the other side's offer or pool). */
  taker: boolean;
  /** What the account gave, then what it got, each with the other side as party. */
  legs: [ExtraLeg, ExtraLeg];
}

/** A trade's id, "operation-order" (Horizon's), split. */
export function tradeToken(r: JsonObject): { token: string; opId: bigint; order: number } {
  const token = text(r['paging_token']) ?? text(r['id']) ?? '';
  const match = /^(\d{1,19})-(\d{1,9})$/.exec(token);
  if (!match) throw new NormalizeError('a trade record has no "operation-order" paging_token');
  return { token, opId: BigInt(match[1]!), order: Number(match[2]) };
}

/** One side's amount of a trade: within int64 (one amount, as the ledger holds it), else an error naming the trade and the rule. */
function fillAmount(token: string, prefix: 'base' | 'counter', amount: string): bigint {
  try {
    return parseAmount(amount);
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    const rule = /outside int64/.test(error.message) ? ', the most one amount can be' : '';
    throw new NormalizeError(`trade ${token}: its ${prefix}_amount ${error.message.replace(/^amount /, '')}${rule}`);
  }
}

/**
 * A trade record read from `viewer`'s side, or null when the account is neither side. The base
 * party gives `base_amount` of the base asset and gets `counter_amount` of the counter asset
 * (Horizon orders the two assets, so either party may be base); `base_is_seller` says whether the
 * base party is the seller, the offer's owner (else the counter side's offer or pool was crossed
 * by the base party's operation: it took the trade).
 */
export function tradeOf(value: JsonValue, viewer: string): TradeFill | null {
  const r = obj(value);
  if (!r) throw new NormalizeError('a trade record is not an object');
  const { token, opId, order } = tradeToken(r);
  const base = text(r['base_account']);
  const counter = text(r['counter_account']);
  if (base !== viewer && counter !== viewer) return null;
  const side = base === viewer ? 'base' : 'counter';
  const other = side === 'base' ? 'counter' : 'base';
  const baseIsSeller = r['base_is_seller'] === true || r['base_is_seller'] === 'true';
  const party = text(r[`${other}_account`]) ?? text(r[`${other}_liquidity_pool_id`]) ?? null;
  const leg = (prefix: 'base' | 'counter', incoming: boolean): ExtraLeg => {
    const currency = currencyOf(r, `${prefix}_`);
    const amount = text(r[`${prefix}_amount`]);
    if (!currency || amount === undefined) throw new NormalizeError(`trade ${token} has no ${prefix} asset or amount`);
    return {
      incoming,
      asset: movedAssetKey({ kind: 'asset', currency }),
      amount: fillAmount(token, prefix, amount),
      party,
    };
  };
  return {
    token,
    opId,
    order,
    createdAt: recordTime(r, 'ledger_close_time', `trade ${token}`),
    taker: side === 'base' ? !baseIsSeller : baseIsSeller,
    legs: [leg(side, false), leg(other, true)],
  };
}

/** Legs of fills are numbered from here (a row's own further legs count from 0). */
export const FILL_LEG_BASE = 1000;

/**
 * A fill's leg's number among its operation's row's legs, from the fill's identity (its place
 * among the operation's trades), so that a fill written twice (two syncs at once, a page walked
 * again) is one leg: `legs` is keyed by it (issue 37.2).
 */
export const fillLegNumber = (fill: TradeFill, i: number) => FILL_LEG_BASE + 2 * fill.order + i;

/**
 * The row of the fills one operation of another account made of the indexed account's offers: a
 * conversion (what the account gave went out, what it got came in), further fills its legs.
 * Its id is the operation's, which the account's own operations never share (else the fills
 * would be added to that row: side-writer.ts).
 */
export function tradeRowOf(fills: TradeFill[], slot: number): IndexRow {
  const [first] = fills;
  if (!first) throw new NormalizeError('a trade row needs at least one fill');
  const [gave, got] = first.legs;
  return {
    id: first.opId,
    pagingToken: first.token,
    ledger: Number(first.opId >> 32n),
    createdAt: first.createdAt,
    type: TRADE_ROW,
    txHash: '',
    successful: true,
    source: '',
    counterparty: got.party,
    direction: 'both',
    asset: got.asset,
    amount: got.amount,
    sourceAsset: gave.asset,
    sourceAmount: gave.amount,
    memo: null,
    memoType: null,
    fee: null,
    feeAccount: NO_FEE_HERE,
    // The first fill is the columns' (its token the row's), each further one legs under its own numbers.
    extra: fills.slice(1).flatMap((fill) => fill.legs.map((leg, i) => ({ ...leg, n: fillLegNumber(fill, i) }))),
    slot,
  };
}
