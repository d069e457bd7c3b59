// The "Details" cell of a table row per operation type: who moved what to whom, every id a link;
// and its plain-text form for rows mounted during a fling.
import type { ReactNode } from 'react';
import type { Currency, Operation, OperationOf } from '../../../shared/model';
import { operationSummary } from '../../../shared/operation-summary';
import { assetHref } from '../lib/asset-id';
import { formatAmount, shortId } from '../lib/format';
import { IdLink } from './id-link';
import { Amounts } from './money';

const Arrow = () => <span className="muted"> → </span>;
const Muted = ({ children }: { children: ReactNode }) => <span className="muted">{children}</span>;

/** An asset code, a link to the asset's view (out of Tab order inside table rows, like IdLink). */
function Code({ currency, inRow }: { currency: Currency | undefined; inRow: boolean }) {
  const title = currency?.issuer ? `${currency.code} issued by ${currency.issuer}` : 'native';
  if (!currency)
    return (
      <span className="code" title="unknown asset">
        ?
      </span>
    );
  return (
    <a className="code" href={assetHref(currency)} title={title} tabIndex={inRow ? -1 : undefined}>
      {currency.code}
    </a>
  );
}

export function detailsCell(op: Operation, inRow = true): ReactNode {
  const acct = (id: string) => <IdLink kind="account" id={id} inRow={inRow} />;
  return transferCell(op, acct) ?? holdingCell(op, acct, inRow) ?? issuerCell(op, acct, inRow) ?? otherCell(op, acct);
}

type Acct = (id: string) => ReactNode;

/** Value from one account to another: payments, path payments, account creation and merge. */
function transferCell(op: Operation, acct: Acct): ReactNode | undefined {
  switch (op.type) {
    case 'payment':
      return (
        <>
          {acct(op.from)}
          <Arrow />
          {acct(op.to)}
        </>
      );
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
      return (
        <>
          {acct(op.from)}
          <Arrow />
          {acct(op.to)} <Muted>{[op.sourceCurrency, ...op.path, op.currency].map((c) => c.code).join(' → ')}</Muted>
        </>
      );
    case 'create_account':
      return (
        <>
          {acct(op.funder)}
          <Arrow />
          {acct(op.account)} <Muted>created</Muted>
        </>
      );
    case 'account_merge':
      return (
        <>
          {acct(op.account)}
          <Arrow />
          {acct(op.into)} <Muted>merged</Muted>
        </>
      );
    default:
      return undefined;
  }
}

/** Trust lines, claimable balances and liquidity pools. */
function holdingCell(op: Operation, acct: Acct, inRow: boolean): ReactNode | undefined {
  switch (op.type) {
    case 'change_trust':
      return (
        <>
          {acct(op.trustor)} <Muted>trusts</Muted>{' '}
          {op.liquidityPoolId ? (
            <IdLink kind="pool" id={op.liquidityPoolId} inRow={inRow} />
          ) : (
            <Code inRow={inRow} currency={op.currency} />
          )}{' '}
          <Muted>limit {formatAmount(op.limit)}</Muted>
        </>
      );
    case 'create_claimable_balance':
      return (
        <>
          {op.balanceId ? <IdLink kind="cb" id={op.balanceId} inRow={inRow} /> : null} <Muted>for</Muted>{' '}
          {op.claimants.slice(0, 2).map((c) => (
            <span key={c.destination}>{acct(c.destination)} </span>
          ))}
          {op.claimants.length > 2 ? <Muted>+{op.claimants.length - 2}</Muted> : null}
        </>
      );
    case 'claim_claimable_balance':
      return (
        <>
          {acct(op.claimant)} <Muted>claims</Muted> <IdLink kind="cb" id={op.balanceId} inRow={inRow} />
        </>
      );
    case 'liquidity_pool_deposit':
      return (
        <>
          <IdLink kind="pool" id={op.liquidityPoolId} inRow={inRow} /> <Muted>deposit</Muted>{' '}
          <Amounts list={op.reservesDeposited} inRow={inRow} />
        </>
      );
    case 'liquidity_pool_withdraw':
      return (
        <>
          <IdLink kind="pool" id={op.liquidityPoolId} inRow={inRow} /> <Muted>withdraw</Muted>{' '}
          <Amounts list={op.reservesReceived} inRow={inRow} />
        </>
      );
    default:
      return undefined;
  }
}

function issuerCell(op: Operation, acct: Acct, inRow: boolean): ReactNode | undefined {
  switch (op.type) {
    case 'manage_sell_offer':
    case 'manage_buy_offer':
    case 'manage_offer':
    case 'create_passive_sell_offer':
      return (
        <>
          {acct(op.sourceAccount)} <Muted>{op.type === 'manage_buy_offer' ? 'buys' : 'sells'}</Muted>{' '}
          <Code inRow={inRow} currency={op.type === 'manage_buy_offer' ? op.buying : op.selling} />
          <Muted>/</Muted>
          <Code inRow={inRow} currency={op.type === 'manage_buy_offer' ? op.selling : op.buying} />{' '}
          <Muted>{'offerId' in op && op.offerId && op.offerId !== '0' ? `offer ${op.offerId}` : 'new offer'}</Muted>
        </>
      );
    case 'allow_trust':
      return (
        <>
          {acct(op.trustee)}{' '}
          <Muted>
            {op.authorize ? 'authorises' : op.authorizeToMaintainLiabilities ? 'limits to liabilities' : 'deauthorises'}
          </Muted>{' '}
          {acct(op.trustor)} <Code inRow={inRow} currency={op.currency} />
        </>
      );
    case 'set_trust_line_flags':
      return (
        <>
          {acct(op.trustor)} <Code inRow={inRow} currency={op.currency} />{' '}
          <Muted>{flagText(op.setFlags, op.clearFlags)}</Muted>
        </>
      );
    case 'clawback':
      return (
        <>
          {acct(op.from)} <Muted>clawed back by</Muted> {acct(op.sourceAccount)}
        </>
      );
    case 'clawback_claimable_balance':
      return (
        <>
          {acct(op.sourceAccount)} <Muted>claws back</Muted> <IdLink kind="cb" id={op.balanceId} inRow={inRow} />
        </>
      );
    case 'begin_sponsoring_future_reserves':
      return (
        <>
          {acct(op.sourceAccount)} <Muted>sponsors</Muted> {acct(op.sponsoredId)}
        </>
      );
    case 'end_sponsoring_future_reserves':
      return (
        <>
          {acct(op.sourceAccount)} <Muted>ends sponsorship by</Muted> {acct(op.beginSponsor)}
        </>
      );
    case 'revoke_sponsorship':
      return <Muted>{operationSummary(op)}</Muted>;
    default:
      return undefined;
  }
}

function otherCell(op: Operation, acct: Acct): ReactNode {
  switch (op.type) {
    case 'invoke_host_function':
      return (
        <>
          {op.contract ? (
            <>
              <span className="mono">{op.functionName ?? '?'}</span> <Muted>on</Muted> {acct(op.contract)}
            </>
          ) : (
            <Muted>{operationSummary(op)}</Muted>
          )}
        </>
      );
    case 'manage_data':
      return (
        <span className="mono">
          {op.name} = {op.value === null ? <Muted>(deleted)</Muted> : op.value}
        </span>
      );
    case 'bump_sequence':
      return (
        <>
          {acct(op.sourceAccount)} <Muted>bumps to</Muted> <span className="mono">{op.bumpTo}</span>
        </>
      );
    case 'set_options':
      return (
        <>
          {acct(op.sourceAccount)} <Muted>{setOptionsText(op)}</Muted>
        </>
      );
    case 'other':
      return <Muted>{op.typeName}</Muted>;
    default:
      return (
        <>
          {acct(op.sourceAccount)} <Muted>{operationSummary(op)}</Muted>
        </>
      );
  }
}

function flagText(set?: string[], clear?: string[]): string {
  return (
    [set?.length ? `set ${set.join(', ')}` : '', clear?.length ? `clear ${clear.join(', ')}` : '']
      .filter(Boolean)
      .join('; ') || 'flags'
  );
}

function setOptionsText(op: OperationOf<'set_options'>): string {
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

/** Plain-text forms of the cells above. */
export function detailsText(op: Operation): string {
  const s = (id: string) => shortId(id);
  switch (op.type) {
    case 'payment':
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
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
    case 'change_trust':
    case 'create_claimable_balance':
    case 'manage_data':
    case 'bump_sequence':
    case 'set_options':
      return s(op.sourceAccount);
    default:
      return operationSummary(op);
  }
}
