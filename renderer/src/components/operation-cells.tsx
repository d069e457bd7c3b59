// How each operation type reads in a table row: its amount (all seven decimals, right-aligned,
// tabular figures) and its parties (operation-details.tsx), every id a link.
import type { ReactNode } from 'react';
import { displayAmount } from '../../../shared/amount';
import type { Currency, Operation } from '../../../shared/model';
import { absoluteTime, relativeTime } from '../lib/format';
import { fitOf, legsFit, type AmountFit } from './amount-fit';
import { Money, moneyText } from './money';

export { Amounts, Money } from './money';
export { detailsCell } from './operation-details';
export { detailsText } from './operation-details-text';

/**
 * The "in"/"out"/"self" badge of a row; nothing when the record does not involve the account.
 * The direction is the core's (core/normalize.ts), set on records of an account.
 */
export function DirectionBadge({ op }: { op: Operation }) {
  const dir = op.direction ?? 'none';
  return dir === 'none' ? null : <span className={`badge dir-${dir}`}>{dir}</span>;
}

/** The amounts a row shows, as [amount, currency] pairs joined by an arrow (sent → received). */
function amountsOf(op: Operation): { moves: [string, Currency | undefined][]; suffix?: string } | null {
  switch (op.type) {
    case 'payment':
    case 'create_claimable_balance':
    case 'clawback':
      return { moves: [[op.amount, op.currency]] };
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
      return {
        moves: [
          [op.sourceAmount, op.sourceCurrency],
          [op.amount, op.currency],
        ],
      };
    case 'manage_sell_offer':
    case 'manage_offer':
    case 'create_passive_sell_offer':
      return { moves: [[op.amount, op.selling]], suffix: `@ ${displayAmount(op.price)}` };
    case 'manage_buy_offer':
      return { moves: [[op.amount, op.buying]], suffix: `@ ${displayAmount(op.price)}` };
    case 'invoke_host_function': {
      const [first, ...rest] = op.assetBalanceChanges;
      return first
        ? { moves: [[first.amount, first.currency]], ...(rest.length ? { suffix: `+${rest.length}` } : {}) }
        : null;
    }
    case 'create_account':
      return { moves: [[op.startingBalance, undefined]] };
    case 'account_merge':
      return op.amount ? { moves: [[op.amount, undefined]] } : null;
    default:
      return null;
  }
}

/** Pool shares a row shows, for the two pool operations. */
function sharesOf(op: Operation): string | null {
  if (op.type === 'liquidity_pool_deposit') return op.sharesReceived;
  if (op.type === 'liquidity_pool_withdraw') return op.shares;
  return null;
}

/**
 * `inRow` (the default): the asset links stay out of Tab order inside table rows. A suffix (an
 * offer's price, "+2" more changes) comes first, so the amount itself keeps the right edge and
 * lines up with the amounts above and below it.
 */
export function amountCell(op: Operation, inRow = true): ReactNode {
  const shares = sharesOf(op);
  if (shares !== null) return <Money amount={shares} shares />;
  const amounts = amountsOf(op);
  if (!amounts) return null;
  // Several legs (a path payment) stand one above the other in a table, each code in the slot.
  return (
    <span className={amounts.moves.length > 1 ? 'amounts stacked' : 'amounts'}>
      {amounts.suffix ? <span className="muted num">{amounts.suffix} </span> : null}
      {amounts.moves.map(([amount, currency], i) => (
        <span key={i} className="leg">
          {i > 0 ? <span className="muted"> → </span> : null}
          <Money amount={amount} currency={currency} inRow={inRow} />
        </span>
      ))}
    </span>
  );
}

/** Plain-text form of amountCell, for rows mounted during a fling (and for tests). */
export function amountText(op: Operation): string {
  const shares = sharesOf(op);
  if (shares !== null) return moneyText(shares, 'shares');
  const amounts = amountsOf(op);
  if (!amounts) return '';
  const text = amounts.moves.map(([amount, currency]) => moneyText(amount, currency)).join(' → ');
  return amounts.suffix ? `${amounts.suffix} ${text}` : text;
}

/** What amountCell shows, in characters, for the column's width and code slot (amount-fit.ts). */
export function amountFit(op: Operation): AmountFit | null {
  const shares = sharesOf(op);
  if (shares !== null) return fitOf([[shares, 'shares']]);
  const amounts = amountsOf(op);
  if (!amounts) return null;
  const moves = amounts.moves.map(([amount, currency]): [string, string] => [amount, currency?.code ?? 'XLM']);
  return legsFit(moves, amounts.suffix ? amounts.suffix.length + 1 : 0);
}

/** A time: the UTC date and time, then how long ago (which gives way first in a narrow column). */
export function TimeCell({ iso }: { iso: string }) {
  return (
    <time className="time" dateTime={iso} title={iso}>
      <span className="num">{absoluteTime(iso).replace(' UTC', '')}</span>{' '}
      <span className="muted rel">{relativeTime(iso)}</span>
    </time>
  );
}

const SHORT: Record<string, string> = {
  create_claimable_balance: 'create balance',
  claim_claimable_balance: 'claim balance',
  liquidity_pool_deposit: 'pool deposit',
  liquidity_pool_withdraw: 'pool withdraw',
  path_payment_strict_receive: 'path pay (recv)',
  path_payment_strict_send: 'path pay (send)',
  create_passive_sell_offer: 'passive offer',
  clawback_claimable_balance: 'claw back balance',
  begin_sponsoring_future_reserves: 'begin sponsoring',
  end_sponsoring_future_reserves: 'end sponsoring',
  invoke_host_function: 'contract call',
};

export function typeLabel(op: Operation): string {
  return op.type === 'other' ? op.typeName : typeName(op.type);
}

/** An operation type's name as a table shows it: "path pay (recv)" for path_payment_strict_receive. */
export function typeName(type: string): string {
  return SHORT[type] ?? type.replace(/_/g, ' ');
}

export function timeText(iso: string): string {
  return `${absoluteTime(iso).replace(' UTC', '')} ${relativeTime(iso)}`;
}
