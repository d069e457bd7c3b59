// How each operation type reads in a table row: its amounts (moved-amounts.tsx, from
// shared/moves.ts), its parties (operation-details.tsx), every id a link; its time and type name.
import type { Operation } from '../../../shared/model';
import { absoluteTime, relativeTime } from '../lib/format';

export { Amounts, Money } from './money';
export { amountCell, amountFit, amountText, DirectionBadge } from './moved-amounts';
export { detailsCell } from './operation-details';
export { detailsText } from './operation-details-text';

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
  // Rows of the history index read from the account's trades and transactions (issue #27).
  trade: 'offer filled',
  transaction_fee: 'fee paid',
};

/** The type's name, and a "failed" badge for an operation of a failed transaction. */
export function TypeCell({ op }: { op: Operation }) {
  return (
    <span className="type-cell">
      {typeLabel(op)}
      {op.successful ? null : <span className="badge bad">failed</span>}
    </span>
  );
}

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
