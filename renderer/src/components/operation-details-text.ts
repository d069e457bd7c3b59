// The plain-text forms of the Details cell (operation-details.tsx): for rows mounted during a
// fling, for hover titles and for tests; and the words both forms share.
import { displayMoney } from '../../../shared/amount';
import { movesOf } from '../../../shared/moves';
import type { Operation, OperationOf } from '../../../shared/model';
import { operationSummary, shortener, type NameOf } from '../../../shared/operation-summary';
import { showHidden } from '../../../shared/visible-text';
import { labelOf } from '../lib/labels';

export function flagText(set?: string[], clear?: string[]): string {
  return (
    [set?.length ? `set ${set.join(', ')}` : '', clear?.length ? `clear ${clear.join(', ')}` : '']
      .filter(Boolean)
      .join('; ') || 'flags'
  );
}

export function setOptionsText(op: OperationOf<'set_options'>): string {
  const parts: string[] = [];
  if (op.homeDomain !== undefined) parts.push(`home domain ${op.homeDomain || '(cleared)'}`);
  if (op.signerKey) parts.push(`signer weight ${op.signerWeight ?? 0}`);
  if (op.masterKeyWeight !== undefined) parts.push(`master weight ${op.masterKeyWeight}`);
  if (op.lowThreshold !== undefined || op.medThreshold !== undefined || op.highThreshold !== undefined)
    parts.push('thresholds');
  if (op.setFlags?.length) parts.push(`set ${op.setFlags.join(', ')}`);
  if (op.clearFlags?.length) parts.push(`clear ${op.clearFlags.join(', ')}`);
  return parts.join('; ') || 'options';
}

/** Plain-text forms of the cells above; a failed operation's ends "· nothing moved", as its cell does. */
/** Plain-text forms of the cells above; accounts by their address-book names (hidden characters written out); a
 * failed operation's ends "· nothing moved", as its cell does. */
export function detailsText(op: Operation, nameOf: NameOf = labelOf): string {
  const text = partiesText(op, nameOf);
  return op.successful ? text : `${text} · nothing moved`;
}

/** A path payment's bound, as the Details cell shows it. */
export function pathLimitText(op: Operation): string {
  const limit = movesOf(op).limit;
  if (!limit || limit.asset.kind !== 'asset') return '';
  const bound = limit.kind === 'source_max' ? 'send at most' : 'receive at least';
  return `${bound} ${displayMoney(limit.amount, limit.asset.currency.code)}`;
}

function partiesText(op: Operation, nameOf: NameOf): string {
  const short = shortener(nameOf);
  const s = (id: string) => showHidden(short(id));
  switch (op.type) {
    case 'payment':
      return `${s(op.from)} → ${s(op.to)}`;
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
      return [`${s(op.from)} → ${s(op.to)}`, pathLimitText(op)].filter(Boolean).join(' ');
    case 'create_account':
      return `${s(op.funder)} → ${s(op.account)} created`;
    case 'account_merge':
      return `${s(op.account)} → ${s(op.into)} merged`;
    case 'claim_claimable_balance':
      return `${s(op.claimant)} claims ${s(op.balanceId)}`;
    case 'liquidity_pool_deposit':
    case 'liquidity_pool_withdraw':
      return s(op.liquidityPoolId);
    default:
      return showHidden(operationSummary(op, nameOf));
  }
}
