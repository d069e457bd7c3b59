// A decoded contract value (shared/model/sc-value-types.ts, decoded by the app core) as the page
// shows it: accounts are links, integers their exact digits, text isolated in <bdi>, bytes as hex
// with a copy of the whole, vecs and maps inline; what the decoder left out is said.
import type { ReactNode } from 'react';
import { scValueText } from '../../../shared/contract-call';
import { SC_LIMITS, type ContractArgument, type ScValue } from '../../../shared/model/sc-value-types';
import { CopyButton, IdLink } from './id-link';
import { IdText } from './id-text';

const ACCOUNT = /^G[A-Z2-7]{55}$/;
const ADDRESS_KIND: Record<string, string> = {
  C: 'contract',
  M: 'muxed account',
  B: 'claimable balance',
  L: 'liquidity pool',
};

function Address({ address }: { address: string }) {
  if (ACCOUNT.test(address)) return <IdLink kind="account" id={address} />;
  return (
    <span className="id">
      <span className="mono" title={`${ADDRESS_KIND[address[0] ?? ''] ?? 'address'} ${address}`}>
        <IdText id={address} />
      </span>
      <CopyButton text={address} />
    </span>
  );
}

/** Bytes as hex: short ones whole, long ones by their head with a copy of all that was decoded. */
function Hex({ hex, length, kind }: { hex: string; length: number; kind: string }) {
  const whole = hex.length === length * 2;
  if (whole && length <= 32) return <span className="mono wrap" title={`${kind}, ${length} bytes`}>{`0x${hex}`}</span>;
  return (
    <span className="id">
      <span
        className="mono"
        title={`${kind}, ${length} bytes${whole ? '' : ` (the first ${SC_LIMITS.bytes} decoded)`}`}
      >
        0x{hex.slice(0, 16)}… <span className="muted">({length} bytes)</span>
      </span>
      <CopyButton text={hex} label={whole ? 'Copy hex' : `Copy the first ${SC_LIMITS.bytes} bytes as hex`} />
    </span>
  );
}

function Text({ value }: { value: Extract<ScValue, { kind: 'string' | 'symbol' }> }) {
  if (value.text === undefined)
    return <Hex hex={value.hex ?? ''} length={value.length} kind={`${value.kind}, not text`} />;
  const cut = new TextEncoder().encode(value.text).length < value.length;
  const shown = (
    <bdi className={value.kind === 'symbol' ? 'mono' : undefined} title={value.kind}>
      {value.text}
    </bdi>
  );
  return (
    <span className="sc-text">
      {value.kind === 'string' ? <>“{shown}”</> : shown}
      {cut ? <span className="muted"> … ({value.length} bytes)</span> : null}
    </span>
  );
}

const Muted = ({ children, title }: { children: ReactNode; title?: string }) => (
  <span className="muted" title={title}>
    {children}
  </span>
);

function Parts({ value }: { value: Extract<ScValue, { kind: 'vec' | 'map' }> }) {
  const [open, close] = value.kind === 'vec' ? ['[', ']'] : ['{', '}'];
  const parts =
    value.kind === 'vec'
      ? value.items.map((item, i) => <ScValueView key={i} value={item} />)
      : value.entries.map((entry, i) => (
          <span key={i}>
            <ScValueView value={entry.key} />: <ScValueView value={entry.value} />
          </span>
        ));
  return (
    <span className="sc-parts" title={value.none ? `${value.kind} (absent)` : undefined}>
      {open}
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 ? ', ' : null}
          {part}
        </span>
      ))}
      {value.more ? (
        <Muted title={`the app decodes ${SC_LIMITS.nodes} values of an operation`}>
          {parts.length ? ', ' : ''}… {value.more} more
        </Muted>
      ) : null}
      {close}
    </span>
  );
}

export function ScValueView({ value }: { value: ScValue }): ReactNode {
  switch (value.kind) {
    case 'address':
      return <Address address={value.address} />;
    case 'bytes':
      return <Hex hex={value.hex} length={value.length} kind="bytes" />;
    case 'string':
    case 'symbol':
      return <Text value={value} />;
    case 'vec':
    case 'map':
      return <Parts value={value} />;
    case 'cut':
      return (
        <Muted
          title={
            value.reason === 'depth'
              ? `nested deeper than ${SC_LIMITS.depth} levels: not decoded`
              : value.reason === 'budget'
                ? `past the ${SC_LIMITS.nodes} values the app decodes for an operation`
                : 'too large to decode: see the raw parameters'
          }
        >
          {value.reason === 'size' ? '(too large to decode)' : '…'}
        </Muted>
      );
    case 'invalid':
      return <Muted title={value.reason}>(undecodable)</Muted>;
    default:
      return (
        <span className="mono" title={value.kind}>
          {scValueText(value)}
        </span>
      );
  }
}

/** `fn(name: value, …)`: the arguments inline, named where the record names them. */
export function CallView({ fn, args }: { fn: string; args: ContractArgument[] }) {
  return (
    <span className="sc-call" data-testid="contract-call">
      <bdi className="mono">{fn}</bdi>(
      {args.map((arg, i) => (
        <span key={i}>
          {i > 0 ? ', ' : null}
          {arg.name ? <span className="muted">{arg.name}: </span> : null}
          <ScValueView value={arg.value} />
        </span>
      ))}
      )
    </span>
  );
}
