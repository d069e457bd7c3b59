// How each operation type reads in a table row: its amount and its parties, every id a link.
import type { ReactNode } from 'react';
import { operationDirection, type Direction } from '../../../shared/direction';
import type { Currency, CurrencyAmount, Operation, OperationOf } from '../../../shared/model';
import { absoluteTime, formatAmount, relativeTime, shortId } from '../lib/format';
import { useLabel } from '../lib/labels';
import { IdLink } from './id-link';

/** Direction of a record relative to the viewed account (the core's, else worked out here). */
export function directionOf(op: Operation, viewed?: string): Direction {
  return op.direction ?? (viewed ? operationDirection(op, viewed) : 'none');
}

/** The "in"/"out"/"self" badge of a row; nothing when the record does not involve the account. */
export function DirectionBadge({ op, viewed }: { op: Operation; viewed: string }) {
  const dir = directionOf(op, viewed);
  return dir === 'none' ? null : <span className={`badge dir-${dir}`}>{dir}</span>;
}

export function Money({ amount, currency }: { amount: string; currency?: Currency | undefined }) {
  // An asset is named by its issuer's label from the address book, when the issuer has one.
  const issuerName = useLabel(currency?.issuer);
  const issuer = currency?.issuer ? (issuerName ? `${issuerName} (${currency.issuer})` : currency.issuer) : '';
  return (
    <span className="money">
      <span className="num">{formatAmount(amount)}</span>{' '}
      <span className="code" title={currency?.issuer ? `${currency.code} issued by ${issuer}` : 'native'} data-issuer-label={issuerName}>
        {currency?.code ?? 'XLM'}
      </span>
    </span>
  );
}

function Amounts({ list }: { list: CurrencyAmount[] }) {
  return (
    <>
      {list.map((item, i) => (
        <span key={i}>
          {i > 0 ? ' + ' : ''}
          <Money amount={item.amount} currency={item.currency} />
        </span>
      ))}
    </>
  );
}

export function amountCell(op: Operation): ReactNode {
  switch (op.type) {
    case 'payment':
    case 'create_claimable_balance':
      return <Money amount={op.amount} currency={op.currency} />;
    case 'create_account':
      return <Money amount={op.startingBalance} />;
    case 'account_merge':
      return op.amount ? <Money amount={op.amount} /> : null;
    case 'liquidity_pool_deposit':
      return <span className="num">{formatAmount(op.sharesReceived)} shares</span>;
    case 'liquidity_pool_withdraw':
      return <span className="num">{formatAmount(op.shares)} shares</span>;
    default:
      return null;
  }
}

const Arrow = () => <span className="muted"> → </span>;

export function detailsCell(op: Operation, inRow = true): ReactNode {
  const acct = (id: string) => <IdLink kind="account" id={id} inRow={inRow} />;
  switch (op.type) {
    case 'payment':
      return <>{acct(op.from)}<Arrow />{acct(op.to)}</>;
    case 'create_account':
      return <>{acct(op.funder)}<Arrow />{acct(op.account)} <span className="muted">created</span></>;
    case 'change_trust':
      return (
        <>
          {acct(op.trustor)} <span className="muted">trusts</span>{' '}
          {op.liquidityPoolId ? <IdLink kind="pool" id={op.liquidityPoolId} inRow={inRow} /> : <span className="code">{op.currency?.code}</span>}{' '}
          <span className="muted">limit {formatAmount(op.limit)}</span>
        </>
      );
    case 'create_claimable_balance':
      return (
        <>
          {op.balanceId ? <IdLink kind="cb" id={op.balanceId} inRow={inRow} /> : null} <span className="muted">for</span>{' '}
          {op.claimants.slice(0, 2).map((c) => <span key={c.destination}>{acct(c.destination)} </span>)}
          {op.claimants.length > 2 ? <span className="muted">+{op.claimants.length - 2}</span> : null}
        </>
      );
    case 'claim_claimable_balance':
      return <>{acct(op.claimant)} <span className="muted">claims</span> <IdLink kind="cb" id={op.balanceId} inRow={inRow} /></>;
    case 'liquidity_pool_deposit':
      return <><IdLink kind="pool" id={op.liquidityPoolId} inRow={inRow} /> <span className="muted">deposit</span> <Amounts list={op.reservesDeposited} /></>;
    case 'liquidity_pool_withdraw':
      return <><IdLink kind="pool" id={op.liquidityPoolId} inRow={inRow} /> <span className="muted">withdraw</span> <Amounts list={op.reservesReceived} /></>;
    case 'manage_data':
      return <span className="mono">{op.name} = {op.value === null ? <span className="muted">(deleted)</span> : op.value}</span>;
    case 'account_merge':
      return <>{acct(op.account)}<Arrow />{acct(op.into)} <span className="muted">merged</span></>;
    case 'bump_sequence':
      return <>{acct(op.sourceAccount)} <span className="muted">bumps to</span> <span className="mono">{op.bumpTo}</span></>;
    case 'set_options':
      return <>{acct(op.sourceAccount)} <span className="muted">{setOptionsText(op)}</span></>;
    case 'other':
      return <span className="muted">{op.typeName}</span>;
  }
}

function setOptionsText(op: OperationOf<'set_options'>): string {
  const parts: string[] = [];
  if (op.homeDomain !== undefined) parts.push(`home domain ${op.homeDomain || '(cleared)'}`);
  if (op.signerKey) parts.push(`signer weight ${op.signerWeight ?? 0}`);
  if (op.masterKeyWeight !== undefined) parts.push(`master weight ${op.masterKeyWeight}`);
  if (op.lowThreshold !== undefined || op.medThreshold !== undefined || op.highThreshold !== undefined) parts.push('thresholds');
  if (op.setFlags?.length) parts.push(`set ${op.setFlags.join(', ')}`);
  if (op.clearFlags?.length) parts.push(`clear ${op.clearFlags.join(', ')}`);
  return parts.join('; ') || 'options';
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
};

export function typeLabel(op: Operation): string {
  return op.type === 'other' ? op.typeName : (SHORT[op.type] ?? op.type.replace(/_/g, ' '));
}

/** Plain-text forms of the cells above, for rows mounted during a fling. */
export function amountText(op: Operation): string {
  const money = (amount: string, currency?: Currency) => `${formatAmount(amount)} ${currency?.code ?? 'XLM'}`;
  switch (op.type) {
    case 'payment':
    case 'create_claimable_balance':
      return money(op.amount, op.currency);
    case 'create_account':
      return money(op.startingBalance);
    case 'account_merge':
      return op.amount ? money(op.amount) : '';
    case 'liquidity_pool_deposit':
      return `${formatAmount(op.sharesReceived)} shares`;
    case 'liquidity_pool_withdraw':
      return `${formatAmount(op.shares)} shares`;
    default:
      return '';
  }
}

export function detailsText(op: Operation): string {
  const s = (id: string) => shortId(id);
  switch (op.type) {
    case 'payment':
      return `${s(op.from)} → ${s(op.to)}`;
    case 'create_account':
      return `${s(op.funder)} → ${s(op.account)} created`;
    case 'account_merge':
      return `${s(op.account)} → ${s(op.into)} merged`;
    case 'claim_claimable_balance':
      return `${s(op.claimant)} claims ${s(op.balanceId.slice(8))}`;
    case 'liquidity_pool_deposit':
    case 'liquidity_pool_withdraw':
      return s(op.liquidityPoolId);
    default:
      return s(op.sourceAccount);
  }
}

export function timeText(iso: string): string {
  return `${absoluteTime(iso).replace(' UTC', '')} ${relativeTime(iso)}`;
}
