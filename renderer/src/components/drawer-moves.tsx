// The drawer's "Moved" block: what the operation moved, read from shared/moves.ts from the side of
// the account the table is seen from (without one, its source's): one line per leg, its side, its
// amount and asset (with what its issuer's stellar.toml claims of it), the other party; a path payment's bound; an offer's note. A failed operation
// moved nothing: the block says so and lists what it tried, uncoloured.
import { displayMoney } from '../../../shared/amount';
import type { Operation } from '../../../shared/model';
import { AMOUNT_UNKNOWN } from '../../../shared/operation-summary';
import { movesOf, type Leg, type MovedAsset } from '../../../shared/moves';
import { IdLink } from './id-link';
import { Money } from './money';
import { TomlClaim } from './toml-claim';

function LegAmount({ asset, amount, side }: { asset: MovedAsset; amount?: string | undefined; side?: Leg['side'] }) {
  if (amount === undefined || asset.kind === 'balance') return <span className="muted">{AMOUNT_UNKNOWN}</span>;
  if (asset.kind === 'shares') return <Money amount={amount} shares direction={side} />;
  return <Money amount={amount} currency={asset.currency} direction={side} />;
}

function Party({ id }: { id: string }) {
  const kind = id.startsWith('G') || id.startsWith('M') ? 'account' : /^[0-9a-f]{64}$/.test(id) ? 'pool' : 'cb';
  return <IdLink kind={kind} id={id} />;
}

function LegLine({ leg, tried }: { leg: Leg; tried: boolean }) {
  return (
    <li data-side={tried ? undefined : leg.side}>
      <span className="muted">
        {tried ? 'would have ' : ''}
        {leg.side === 'out' ? 'sent' : 'received'}
      </span>{' '}
      <LegAmount asset={leg.asset} amount={leg.amount} {...(tried ? {} : { side: leg.side })} />
      {leg.counterparty ? (
        <>
          {' '}
          <span className="muted">{leg.side === 'out' ? 'to' : 'from'}</span> <Party id={leg.counterparty} />
        </>
      ) : null}
      {leg.asset.kind === 'asset' && leg.asset.currency.issuer ? (
        <TomlClaim compact subject={{ asset: { code: leg.asset.currency.code, issuer: leg.asset.currency.issuer } }} />
      ) : null}
    </li>
  );
}

export function DrawerMoves({ op, viewer }: { op: Operation; viewer?: string | undefined }) {
  const moves = movesOf(op, viewer ?? op.sourceAccount);
  const tried = !op.successful;
  const legs = tried ? (moves.attempted ?? []) : moves.legs;
  const limit = moves.limit;
  return (
    <section className="drawer-moves" data-testid="op-moves" data-direction={moves.direction}>
      <h3>
        Moved{' '}
        {moves.direction === 'none' ? null : <span className={`badge dir-${moves.direction}`}>{moves.direction}</span>}
      </h3>
      {tried ? <p className="bad">Nothing moved: the transaction failed.</p> : null}
      {legs.length ? (
        <ul className="plain">
          {legs.map((leg, i) => (
            <LegLine key={i} leg={leg} tried={tried} />
          ))}
        </ul>
      ) : tried ? null : (
        <p className="muted">{moves.note ?? 'No value moved for this account.'}</p>
      )}
      {limit && limit.asset.kind === 'asset' ? (
        <p className="muted">
          {limit.kind === 'source_max' ? 'Send at most ' : 'Receive at least '}
          {displayMoney(limit.amount, limit.asset.currency.code)}
        </p>
      ) : null}
    </section>
  );
}
