// The "Details" cell of a table row per operation type: who moved what to whom, every id a link;
// and its plain-text form for rows mounted during a fling.
import type { ReactNode } from 'react';
import { displayLimit } from '../../../shared/amount';
import type { Currency, Operation } from '../../../shared/model';
import { movesOf } from '../../../shared/moves';
import { isZero, operationSummary } from '../../../shared/operation-summary';
import { DataValue } from './data-entry';
import { labelOf } from '../lib/labels';
import { IdLink } from './id-link';
import { flagText, setOptionsText } from './operation-details-text';
import { Amounts, AssetCode, Money, moneyText } from './money';
import { Untrusted } from './untrusted';

const Arrow = () => <span className="muted"> → </span>;
const Muted = ({ children }: { children: ReactNode }) => <span className="muted">{children}</span>;

/** An asset code, a link to the asset's view (out of Tab order inside table rows, like IdLink). */
function Code({ currency, inRow }: { currency: Currency | undefined; inRow: boolean }) {
  if (!currency)
    return (
      <span className="code" title="unknown asset">
        ?
      </span>
    );
  return <AssetCode currency={currency} inRow={inRow} />;
}

/**
 * The cell's parts in a row that gives way in its ids (shortened in the middle) before its words.
 * `viewed`: the account whose page or feed this is; its own id gives way first, so the other party
 * stays readable in a narrow window.
 */
export function detailsCell(op: Operation, inRow = true, viewed?: string): ReactNode {
  const link = (kind: 'account' | 'pool' | 'cb') => (id: string) => (
    <IdLink kind={kind} id={id} inRow={inRow} self={id === viewed} />
  );
  const ids: Ids = { acct: link('account'), pool: link('pool'), balance: link('cb'), inRow };
  return (
    <span className="details">
      {transferCell(op, ids) ?? holdingCell(op, ids) ?? issuerCell(op, ids) ?? otherCell(op, ids.acct)}
      {op.successful ? null : <span className="muted clip-end nothing-moved"> · nothing moved</span>}
    </span>
  );
}

type Acct = (id: string) => ReactNode;
/** How the cell links its ids: accounts, pools and balances, and whether inside a table row. */
interface Ids {
  acct: Acct;
  pool: Acct;
  balance: Acct;
  inRow: boolean;
}

/** A path payment's bound, as the sender asked it: the most it would pay, the least to arrive. */
function PathLimitText({ op, inRow }: { op: Operation; inRow: boolean }) {
  const limit = movesOf(op).limit;
  if (!limit || limit.asset.kind !== 'asset') return null;
  return (
    <span className="muted clip-end path-limit">
      {limit.kind === 'source_max' ? 'send at most' : 'receive at least'}{' '}
      <Money amount={limit.amount} currency={limit.asset.currency} inRow={inRow} />
    </span>
  );
}

/** Value from one account to another: payments, path payments, account creation and merge. */
function transferCell(op: Operation, ids: Ids): ReactNode | undefined {
  const acct = ids.acct;
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
          {acct(op.to)}{' '}
          <Muted>
            <Untrusted text={[op.sourceCurrency, ...op.path, op.currency].map((c) => c.code).join(' → ')} />
          </Muted>{' '}
          <PathLimitText op={op} inRow={ids.inRow} />
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
function holdingCell(op: Operation, ids: Ids): ReactNode | undefined {
  const { acct, inRow } = ids;
  switch (op.type) {
    case 'change_trust':
      return (
        <>
          {acct(op.trustor)} <Muted>trusts</Muted>{' '}
          {op.liquidityPoolId ? ids.pool(op.liquidityPoolId) : <Code inRow={inRow} currency={op.currency} />}{' '}
          <span className="muted clip-end">{isZero(op.limit) ? 'removed' : `limit ${displayLimit(op.limit)}`}</span>
        </>
      );
    case 'create_claimable_balance':
      return (
        <>
          {op.balanceId ? ids.balance(op.balanceId) : null} <Muted>for</Muted>{' '}
          {op.claimants.slice(0, 2).map((c) => (
            <span key={c.destination}>{acct(c.destination)} </span>
          ))}
          {op.claimants.length > 2 ? <Muted>+{op.claimants.length - 2}</Muted> : null}
        </>
      );
    case 'claim_claimable_balance':
      return (
        <>
          {acct(op.claimant)} <Muted>claims</Muted> {ids.balance(op.balanceId)}
        </>
      );
    case 'liquidity_pool_deposit':
      return (
        <>
          {ids.pool(op.liquidityPoolId)} <Muted>deposit</Muted>{' '}
          <span
            className="muted clip-end"
            title={op.reservesDeposited.map((r) => moneyText(r.amount, r.currency)).join(' + ')}
          >
            <Amounts list={op.reservesDeposited} inRow={inRow} />
          </span>
        </>
      );
    case 'liquidity_pool_withdraw':
      return (
        <>
          {ids.pool(op.liquidityPoolId)} <Muted>withdraw</Muted>{' '}
          <span
            className="muted clip-end"
            title={op.reservesReceived.map((r) => moneyText(r.amount, r.currency)).join(' + ')}
          >
            <Amounts list={op.reservesReceived} inRow={inRow} />
          </span>
        </>
      );
    default:
      return undefined;
  }
}

function issuerCell(op: Operation, ids: Ids): ReactNode | undefined {
  const { acct, inRow } = ids;
  switch (op.type) {
    case 'manage_sell_offer':
    case 'manage_buy_offer':
    case 'manage_offer':
    case 'create_passive_sell_offer':
      return (
        <>
          {acct(op.sourceAccount)}{' '}
          <Muted>{isZero(op.amount) ? 'deletes' : op.type === 'manage_buy_offer' ? 'buys' : 'sells'}</Muted>{' '}
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
          {acct(op.sourceAccount)} <Muted>claws back</Muted> {ids.balance(op.balanceId)}
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
      return (
        <span className="muted clip-end">
          <Untrusted text={operationSummary(op, labelOf)} />
        </span>
      );
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
            <Muted>{operationSummary(op, labelOf)}</Muted>
          )}
        </>
      );
    case 'manage_data':
      return (
        <span>
          <Untrusted text={op.name} /> = <DataValue op={op} />
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
          {acct(op.sourceAccount)}{' '}
          <span className="muted clip-end">
            <Untrusted text={setOptionsText(op)} />
          </span>
        </>
      );
    case 'other':
      return <Muted>{op.typeName}</Muted>;
    default:
      return (
        <>
          {acct(op.sourceAccount)}{' '}
          <span className="muted clip-end">
            <Untrusted text={operationSummary(op, labelOf)} />
          </span>
        </>
      );
  }
}
