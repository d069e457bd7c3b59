// A contract call in the drawer and the operation view: the call with its decoded arguments, what
// it moved of which asset (Horizon's asset balance changes), what it returned when the record
// says, and the parameters as Horizon wrote them (base64) one click away.
import type { AssetBalanceChange, OperationOf } from '../../../shared/model';
import { hostFunctionName } from '../../../shared/operation-summary';
import { Fact } from './fields';
import { CopyButton, IdLink } from './id-link';
import { Money } from './money';
import { CallView, ScValueView } from './sc-value-view';

const ACCOUNT = /^G[A-Z2-7]{55}$/;

function Party({ address }: { address: string }) {
  return ACCOUNT.test(address) ? (
    <IdLink kind="account" id={address} />
  ) : (
    <ScValueView value={{ kind: 'address', address }} />
  );
}

/** "transfer 50.0000000 USDC from G… to G…". */
function Moved({ change }: { change: AssetBalanceChange }) {
  return (
    <span data-testid="contract-moved">
      {change.kind} <Money amount={change.amount} currency={change.currency} />
      {change.from ? (
        <>
          {' '}
          <span className="muted">from</span> <Party address={change.from} />
        </>
      ) : null}
      {change.to ? (
        <>
          {' '}
          <span className="muted">to</span> <Party address={change.to} />
        </>
      ) : null}
      {change.destinationMuxedId ? <span className="muted"> (muxed id {change.destinationMuxedId})</span> : null}
    </span>
  );
}

/** The parameters exactly as the server wrote them, folded away until asked for. */
export function RawParameters({ parameters }: { parameters: { type: string; value: string }[] }) {
  return (
    <details className="raw-json" data-testid="raw-parameters">
      <summary>Raw parameters (base64 XDR, as the server wrote them)</summary>
      <ol className="field-list">
        {parameters.map((p, i) => (
          <li key={i}>
            <span className="muted">{p.type}</span> <span className="mono wrap">{p.value}</span>{' '}
            <CopyButton text={p.value} label="Copy base64" />
          </li>
        ))}
      </ol>
    </details>
  );
}

export function ContractCallFacts({ op }: { op: OperationOf<'invoke_host_function'> }) {
  const args = op.arguments;
  return (
    <section className="contract-facts" aria-label="Contract call">
      <dl className="fields">
        <Fact term="Function">{hostFunctionName(op.hostFunction)}</Fact>
        {op.contract ? (
          <Fact term="Contract">
            <ScValueView value={{ kind: 'address', address: op.contract }} />
          </Fact>
        ) : null}
        {args && (op.functionName !== undefined || args.length > 0) ? (
          <Fact term={op.functionName !== undefined ? 'Call' : 'Arguments'}>
            <CallView fn={op.functionName ?? '?'} args={args} />
          </Fact>
        ) : null}
        {op.assetBalanceChanges.map((change, i) => (
          <Fact key={i} term={i === 0 ? 'Moved' : ''}>
            <Moved change={change} />
          </Fact>
        ))}
        {op.returnValue ? (
          <Fact term="Returned" testId="contract-returned">
            <ScValueView value={op.returnValue} />
          </Fact>
        ) : null}
      </dl>
      {op.parameters.length > 0 ? <RawParameters parameters={op.parameters} /> : null}
    </section>
  );
}
