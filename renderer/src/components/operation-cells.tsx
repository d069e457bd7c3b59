// How each operation type reads in a table row: its amount (all seven decimals, right-aligned,
// tabular figures) and its parties (operation-details.tsx), every id a link.
import type { ReactNode } from 'react';
import type { Currency, Operation } from '../../../shared/model';
import { absoluteTime, relativeTime, tableAmount } from '../lib/format';

import { Money } from './money';

export { Amounts, Money } from './money';
export { detailsCell, detailsText } from './operation-details';

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
      return { moves: [[op.amount, op.selling]], suffix: `@ ${tableAmount(op.price)}` };
    case 'manage_buy_offer':
      return { moves: [[op.amount, op.buying]], suffix: `@ ${tableAmount(op.price)}` };
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

/** `inRow` (the default): the asset links stay out of Tab order inside table rows. */
export function amountCell(op: Operation, inRow = true): ReactNode {
  if (op.type === 'liquidity_pool_deposit') return <span className="num">{tableAmount(op.sharesReceived)} shares</span>;
  if (op.type === 'liquidity_pool_withdraw') return <span className="num">{tableAmount(op.shares)} shares</span>;
  const amounts = amountsOf(op);
  if (!amounts) return null;
  return (
    <>
      {amounts.moves.map(([amount, currency], i) => (
        <span key={i}>
          {i > 0 ? <span className="muted"> → </span> : null}
          <Money amount={amount} currency={currency} inRow={inRow} />
        </span>
      ))}
      {amounts.suffix ? <span className="muted num"> {amounts.suffix}</span> : null}
    </>
  );
}

/** Plain-text form of amountCell, for rows mounted during a fling (and for tests). */
export function amountText(op: Operation): string {
  if (op.type === 'liquidity_pool_deposit') return `${tableAmount(op.sharesReceived)} shares`;
  if (op.type === 'liquidity_pool_withdraw') return `${tableAmount(op.shares)} shares`;
  const amounts = amountsOf(op);
  if (!amounts) return '';
  const text = amounts.moves
    .map(([amount, currency]) => `${tableAmount(amount)} ${currency?.code ?? 'XLM'}`)
    .join(' → ');
  return amounts.suffix ? `${text} ${amounts.suffix}` : text;
}

export function TimeCell({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso}>
      {absoluteTime(iso).replace(' UTC', '')} <span className="muted">{relativeTime(iso)}</span>
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
  return op.type === 'other' ? op.typeName : (SHORT[op.type] ?? op.type.replace(/_/g, ' '));
}

export function timeText(iso: string): string {
  return `${absoluteTime(iso).replace(' UTC', '')} ${relativeTime(iso)}`;
}
