// What an operation moved: the one reading of every operation type that the tables, the drawer,
// the live feed, the notifications, the history index, the exports and the command line all use.
//
// `transfersOf` says what the operation moved between parties, whoever looks: each transfer leaves
// one party (`debit`) and reaches another (`credit`); a side the record does not name (the market a
// path payment crossed, a pool, a claimable balance) is left out and named as `via`. `movesOf` reads
// those transfers from one account: its legs (what left it, what reached it, each with the other
// party), and a direction — in, out, both (a conversion, a pool deposit, a payment to itself) or
// none (the operation moved no value of this account). An operation of a failed transaction moved
// nothing: its legs are empty and `attempted` says what it tried.
//
// Only types: this module loads no schema library, so the history index's worker can use it.
import type { Currency } from './model/base';
import type { Operation, OperationOf } from './model/operations';

/**
 * What a leg holds: an asset, shares of a liquidity pool, or whatever a claimable balance held
 * (a Horizon claim record names the balance, not its asset and amount).
 */
export type MovedAsset =
  { kind: 'asset'; currency: Currency } | { kind: 'shares'; pool: string } | { kind: 'balance'; balance: string };

export interface Transfer {
  asset: MovedAsset;
  /** Exact decimal string; absent when the record does not carry it (a Horizon claim, an old merge). */
  amount?: string;
  /** The account the value leaves; absent for the market, a pool or a balance. */
  debit?: string;
  /** The account the value reaches; absent for the market, a pool or a balance. */
  credit?: string;
  /** The other side when it is not an account: a pool id, a claimable balance id, the other party of a path payment. */
  via?: string;
}

export type LegSide = 'in' | 'out';

export interface Leg {
  side: LegSide;
  asset: MovedAsset;
  amount?: string;
  /** The other party: an account, a pool, or a claimable balance. */
  counterparty?: string;
}

export type MoveDirection = 'in' | 'out' | 'both' | 'none';

/** A path payment's bound: the most the sender would pay, or the least the receiver would get. */
export interface PathLimit {
  kind: 'source_max' | 'destination_min';
  asset: MovedAsset;
  amount: string;
}

export interface Moves {
  direction: MoveDirection;
  /** What moved, for the viewer; empty when nothing did (a failed operation, a type that moves no value). */
  legs: Leg[];
  /** A failed operation: what it would have moved. */
  attempted?: Leg[];
  limit?: PathLimit;
  /** The party the viewer dealt with (the first leg's), for a one-column view. */
  counterparty?: string;
  /** Why a type that can move value shows none here (an offer's fills are trades, not in the record). */
  note?: string;
}

const NATIVE: Currency = { code: 'XLM' };
const asset = (currency: Currency): MovedAsset => ({ kind: 'asset', currency });
const shares = (pool: string): MovedAsset => ({ kind: 'shares', pool });

/** The key of a moved asset: "native", "CODE:ISSUER", "pool:ID" for pool shares, "balance:ID" for a balance's contents. */
export function movedAssetKey(moved: MovedAsset): string {
  if (moved.kind === 'shares') return `pool:${moved.pool}`;
  if (moved.kind === 'balance') return `balance:${moved.balance}`;
  const { code, issuer } = moved.currency;
  if (!issuer && (code === 'XLM' || code === 'native')) return 'native';
  return issuer ? `${code}:${issuer}` : code;
}

/** The code of an asset key (movedAssetKey): "USD" from "USD:G…", "XLM" for native, "pool shares" for "pool:…". */
export function assetCodeOf(asset: string): string {
  if (asset === 'native') return 'XLM';
  if (asset.startsWith('pool:')) return 'pool shares';
  return asset.split(':')[0] ?? asset;
}

export const OFFER_NOTE = 'an offer moves value only when it is filled: its fills are trades, not in this record';

function pathTransfers(op: OperationOf<'path_payment_strict_receive' | 'path_payment_strict_send'>): Transfer[] {
  return [
    { asset: asset(op.sourceCurrency), amount: op.sourceAmount, debit: op.from, via: op.to },
    { asset: asset(op.currency), amount: op.amount, credit: op.to, via: op.from },
  ];
}

function poolTransfers(op: OperationOf<'liquidity_pool_deposit' | 'liquidity_pool_withdraw'>): Transfer[] {
  const pool = op.liquidityPoolId;
  const source = op.sourceAccount;
  if (op.type === 'liquidity_pool_deposit') {
    return [
      ...op.reservesDeposited.map((r) => ({ asset: asset(r.currency), amount: r.amount, debit: source, via: pool })),
      { asset: shares(pool), amount: op.sharesReceived, credit: source, via: pool },
    ];
  }
  return [
    { asset: shares(pool), amount: op.shares, debit: source, via: pool },
    ...op.reservesReceived.map((r) => ({ asset: asset(r.currency), amount: r.amount, credit: source, via: pool })),
  ];
}

/**
 * Claimable balances: creating one takes the amount from its creator; claiming one gives its
 * contents to the claimant. Clawing one back moves no account's balance (the issuer's own asset
 * is not a balance it holds), so it has no transfer.
 */
function claimTransfers(op: Operation): Transfer[] | undefined {
  switch (op.type) {
    case 'create_claimable_balance':
      return [{ asset: asset(op.currency), amount: op.amount, debit: op.sourceAccount, ...via(op.balanceId) }];
    case 'claim_claimable_balance': {
      const held: MovedAsset = op.currency ? asset(op.currency) : { kind: 'balance', balance: op.balanceId };
      return [{ asset: held, ...amount(op.amount), credit: op.claimant, via: op.balanceId }];
    }
    default:
      return undefined;
  }
}

const via = (id: string | undefined) => (id ? { via: id } : {});
const amount = (value: string | undefined) => (value === undefined ? {} : { amount: value });

/** What the operation moved between parties, whoever looks (a failed operation's too: what it would have). */
export function transfersOf(op: Operation): Transfer[] {
  switch (op.type) {
    case 'payment':
      return [{ asset: asset(op.currency), amount: op.amount, debit: op.from, credit: op.to }];
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
      return pathTransfers(op);
    case 'create_account':
      return [{ asset: asset(NATIVE), amount: op.startingBalance, debit: op.funder, credit: op.account }];
    case 'account_merge':
      return [{ asset: asset(NATIVE), ...amount(op.amount), debit: op.account, credit: op.into }];
    case 'clawback':
      return [{ asset: asset(op.currency), amount: op.amount, debit: op.from, credit: op.sourceAccount }];
    case 'liquidity_pool_deposit':
    case 'liquidity_pool_withdraw':
      return poolTransfers(op);
    case 'invoke_host_function':
      return op.assetBalanceChanges.map((change) => ({
        asset: asset(change.currency),
        amount: change.amount,
        ...(change.from ? { debit: change.from } : {}),
        ...(change.to ? { credit: change.to } : {}),
      }));
    default:
      return claimTransfers(op) ?? [];
  }
}

const withoutAmount = ({ asset, debit, credit, via }: Transfer): Transfer => ({
  asset,
  ...(debit ? { debit } : {}),
  ...(credit ? { credit } : {}),
  ...(via ? { via } : {}),
});

/**
 * What a failed operation asked to move. Its record carries zeros where a path payment's or a pool
 * operation's result would be (there was none), so the bound the sender set stands for the amount
 * it bounds: at most `sourceMax` left (strict receive), at least `destinationMin` to arrive (strict
 * send), at most `reservesMax` to deposit (the shares unknown), at least `reservesMin` to receive.
 */
export function askedTransfers(op: Operation): Transfer[] {
  const transfers = transfersOf(op);
  const [first, second] = transfers;
  switch (op.type) {
    case 'path_payment_strict_receive':
      return op.sourceMax === undefined || !first || !second ? transfers : [{ ...first, amount: op.sourceMax }, second];
    case 'path_payment_strict_send':
      return op.destinationMin === undefined || !first || !second
        ? transfers
        : [first, { ...second, amount: op.destinationMin }];
    case 'liquidity_pool_deposit':
      return poolTransfers({ ...op, reservesDeposited: op.reservesMax }).map((t) =>
        t.asset.kind === 'shares' ? withoutAmount(t) : t,
      );
    case 'liquidity_pool_withdraw':
      return poolTransfers({ ...op, reservesReceived: op.reservesMin });
    default:
      return transfers;
  }
}

/** The viewer's legs of the transfers: out where it is debited, in where it is credited. */
function legsFor(transfers: Transfer[], viewer: string): Leg[] {
  const legs: Leg[] = [];
  for (const t of transfers) {
    const base = { asset: t.asset, ...(t.amount === undefined ? {} : { amount: t.amount }) };
    const outParty = t.credit ?? t.via;
    const inParty = t.debit ?? t.via;
    if (t.debit === viewer) legs.push({ side: 'out', ...base, ...(outParty ? { counterparty: outParty } : {}) });
    if (t.credit === viewer) legs.push({ side: 'in', ...base, ...(inParty ? { counterparty: inParty } : {}) });
  }
  return legs;
}

function directionOf(legs: Leg[]): MoveDirection {
  const sides = new Set(legs.map((leg) => leg.side));
  return sides.size === 2 ? 'both' : sides.has('in') ? 'in' : sides.has('out') ? 'out' : 'none';
}

function limitOf(op: Operation): PathLimit | undefined {
  if (op.type === 'path_payment_strict_receive' && op.sourceMax !== undefined) {
    return { kind: 'source_max', asset: asset(op.sourceCurrency), amount: op.sourceMax };
  }
  if (op.type === 'path_payment_strict_send' && op.destinationMin !== undefined) {
    return { kind: 'destination_min', asset: asset(op.currency), amount: op.destinationMin };
  }
  return undefined;
}

/** The types that place or change an offer (with Horizon's names before protocol 11): their fills are trades. */
export const OFFER_TYPES: ReadonlySet<string> = new Set([
  'manage_sell_offer',
  'manage_buy_offer',
  'manage_offer',
  'create_passive_sell_offer',
  'create_passive_offer',
]);

/**
 * The operation read from `viewer`'s side. Without a viewer (a ledger's or a transaction's
 * operations), the source account's side.
 */
export function movesOf(op: Operation, viewer: string = op.sourceAccount): Moves {
  const legs = legsFor(op.successful ? transfersOf(op) : askedTransfers(op), viewer);
  const limit = limitOf(op);
  const extras = {
    ...(limit ? { limit } : {}),
    ...(OFFER_TYPES.has(op.type) && op.sourceAccount === viewer ? { note: OFFER_NOTE } : {}),
  };
  if (!op.successful) {
    return { direction: 'none', legs: [], ...(legs.length ? { attempted: legs } : {}), ...extras };
  }
  const counterparty = legs.find((leg) => leg.counterparty !== undefined)?.counterparty;
  return { direction: directionOf(legs), legs, ...(counterparty ? { counterparty } : {}), ...extras };
}

/** One line of what an operation moved, as a table cell shows it. */
export interface MovedLine {
  /** One amount, or several that left for (or came from) the same place: a pool deposit's reserves. */
  items: { asset: MovedAsset; amount?: string }[];
  /** The viewer's side: out (left it), in (reached it), both (from it to itself); absent when it is not a party. */
  side?: MoveDirection;
}

/**
 * What the operation moved between parties (transfersOf), one line per transfer, those of one
 * shape joined (what left for one pool, what came from it): a path payment reads what left above
 * what arrived, a pool deposit its reserves above its shares. Each line carries the viewer's side,
 * the sides movesOf reads; without a viewer, none. A failed operation's lines are what it tried.
 */
export function movedLines(op: Operation, viewer?: string): MovedLine[] {
  const lines: (MovedLine & { key: string })[] = [];
  for (const t of op.successful ? transfersOf(op) : askedTransfers(op)) {
    const [out, into] = [viewer !== undefined && t.debit === viewer, viewer !== undefined && t.credit === viewer];
    const side: MoveDirection | undefined = out && into ? 'both' : out ? 'out' : into ? 'in' : undefined;
    const item = { asset: t.asset, ...(t.amount === undefined ? {} : { amount: t.amount }) };
    const key = `${t.debit ?? ''}>${t.credit ?? ''}@${t.via ?? ''}`;
    const last = lines[lines.length - 1];
    const oneSided = (t.debit === undefined) !== (t.credit === undefined);
    if (last && oneSided && last.key === key) last.items.push(item);
    else lines.push({ key, items: [item], ...(side ? { side } : {}) });
  }
  return lines.map(({ items, side }) => ({ items, ...(side ? { side } : {}) }));
}
