// The decoded envelope before submission: network, source, sequence, fee, time bounds, operations.
import { useEffect, useState } from 'react';
import type { Inspection } from '../../../../shared/model';
import { Fact } from '../../components/fields';
import { CopyButton, IdLink } from '../../components/id-link';
import { JsonTree } from '../../components/json-tree';
import { Fee } from '../../components/fee';
import { Untrusted } from '../../components/untrusted';

export function networkWarning(
  inspection: Inspection,
  selectedId: string | undefined,
  selectedName: string | undefined,
): string | null {
  if (!selectedId) return null;
  if (inspection.signedFor.includes(selectedId)) return null;
  const names = inspection.networks.filter((n) => inspection.signedFor.includes(n.networkId)).map((n) => n.name);
  if (names.length > 0)
    return `Signed for ${names.join(', ')}, not for the selected network (${selectedName ?? selectedId}): the server will refuse it (txBAD_AUTH).`;
  return `No signature verifies for the selected network (${selectedName ?? selectedId}) or any known one: the server will likely refuse it (txBAD_AUTH).`;
}

function Countdown({ maxTime }: { maxTime: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (maxTime === '0') return <span className="muted">no upper bound</span>;
  const left = Number(maxTime) - Math.floor(now / 1000);
  const date = new Date(Number(maxTime) * 1000);
  // A bound past the year 275760 (uint64 allows it) has no Date: show the seconds themselves.
  const at = Number.isNaN(date.getTime()) ? `${maxTime} s after 1970` : date.toISOString().replace('.000Z', 'Z');
  if (left <= 0)
    return (
      <span className="bad">
        expired {Math.abs(left)} s ago ({at})
      </span>
    );
  const m = Math.floor(left / 60);
  return (
    <span className={left < 60 ? 'warn' : undefined} data-testid="countdown">
      valid for {m > 0 ? `${m} min ` : ''}
      {left % 60} s (until {at})
    </span>
  );
}

interface PreviewProps {
  inspection: Inspection;
  /** The envelope shown is the merge of several signed copies (or detached signatures). */
  merged?: boolean;
  selectedId?: string | undefined;
  selectedName?: string | undefined;
  /** By operation index, what a federation record the destination was reached by asks of it (SEP-2). */
  federation?: ReadonlyMap<number, { message: string }> | undefined;
}

export function Preview({ inspection, merged = false, selectedId, selectedName, federation }: PreviewProps) {
  const warning = networkWarning(inspection, selectedId, selectedName);
  return (
    <section className="card preview" aria-label="Transaction preview">
      <h3>
        Preview{' '}
        <span className="muted small" data-testid="preview-of">
          {merged
            ? `the merged ${inspection.envelopeType} envelope, as it will be sent`
            : `${inspection.envelopeType} envelope, ${inspection.encoding}`}
        </span>
      </h3>
      {warning ? (
        <p className="banner warn" role="alert" data-testid="network-warning">
          {warning}
        </p>
      ) : null}
      {inspection.warnings
        .filter((w) => !(warning && /signature|network/i.test(w)))
        .map((w) => (
          <p key={w} className="banner warn">
            {w}
          </p>
        ))}
      <PreviewFacts inspection={inspection} />
      <OperationsTable operations={inspection.operations} federation={federation} />
      <details>
        <summary>Envelope as JSON</summary>
        <JsonTree value={inspection.json} label="envelope" open={false} />
      </details>
    </section>
  );
}

/** The networks whose signatures verify, with how many; or that none does. */
function detectedNetworks(inspection: Inspection): string {
  return (
    inspection.networks
      .filter((n) => n.verifiedSignatures > 0)
      .map((n) => `${n.name} (${n.verifiedSignatures} signature${n.verifiedSignatures === 1 ? '' : 's'})`)
      .join(', ') || 'no signature verifies for a known network'
  );
}

function PreviewFacts({ inspection }: { inspection: Inspection }) {
  return (
    <dl className="fields">
      <Fact term="Network" testId="detected-network">
        {detectedNetworks(inspection)}
      </Fact>
      <Fact term="Hash" className="mono wrap">
        {inspection.hash} <CopyButton text={inspection.hash} />{' '}
        <CopyButton text={inspection.envelopeXdr} label="Copy envelope XDR" />
      </Fact>
      <Fact term="Source">
        <IdLink kind="account" id={inspection.source} grouped />
      </Fact>
      {inspection.feeSource ? (
        <Fact term="Fee source">
          <IdLink kind="account" id={inspection.feeSource} grouped />
        </Fact>
      ) : null}
      <Fact term="Sequence">
        <SequenceCheck inspection={inspection} />
      </Fact>
      <Fact term="Max fee">
        <Fee stroops={inspection.fee} />
        {inspection.innerFee ? (
          <>
            {' '}
            (inner <Fee stroops={inspection.innerFee} />)
          </>
        ) : null}
      </Fact>
      <Fact term="Time bounds">
        {inspection.timeBounds ? (
          <Countdown maxTime={inspection.timeBounds.maxTime} />
        ) : (
          <span className="muted">none</span>
        )}
      </Fact>
      <Fact term="Memo" className="mono">
        {inspection.memo.type === 'none' ? (
          <span className="muted">none</span>
        ) : (
          <>
            {inspection.memo.type}: <Untrusted text={inspection.memo.value ?? ''} />
          </>
        )}
      </Fact>
      <Fact term="Signatures">
        {inspection.signatures.map((s) =>
          s.signer ? (
            <div key={s.hint}>
              <IdLink kind="account" id={s.signer} grouped />
            </div>
          ) : (
            <div key={s.hint} className="mono muted">
              hint {s.hint}
            </div>
          ),
        )}
      </Fact>
    </dl>
  );
}

/** The envelope's sequence number, and what the source account's current one says of it. */
function SequenceCheck({ inspection }: { inspection: Inspection }) {
  const seq = inspection.sequenceCheck;
  return (
    <>
      <span className="mono">{inspection.sequence}</span>{' '}
      <span
        className={seq.status === 'ok' ? 'ok' : seq.status === 'unknown' ? 'muted' : 'bad'}
        data-testid="sequence-check"
      >
        {seq.current ? `account is at ${seq.current}: ` : ''}
        {seq.message}
      </span>
    </>
  );
}

function OperationsTable({
  operations,
  federation,
}: {
  operations: Inspection['operations'];
  federation?: ReadonlyMap<number, { message: string }> | undefined;
}) {
  return (
    <table className="dense ops" aria-label="Operations">
      <thead>
        <tr>
          <th>#</th>
          <th>Type</th>
          <th>Summary</th>
          <th>Source</th>
        </tr>
      </thead>
      <tbody>
        {operations.map((op) => (
          <tr key={op.index}>
            <td>{op.index + 1}</td>
            <td>{op.type}</td>
            <td
              title={Object.entries(op.details)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n')}
            >
              <Untrusted text={op.summary} />
              {op.memoCheck ? (
                <div
                  className={`memo-check small ${op.memoCheck.status === 'required' ? 'warn' : 'muted'}`}
                  data-testid="memo-check"
                >
                  <Untrusted text={op.memoCheck.message} />
                </div>
              ) : null}
              {federation?.get(op.index) ? (
                <div className="memo-check small warn" data-testid="federation-memo-check">
                  <Untrusted text={federation.get(op.index)!.message} />
                </div>
              ) : null}
            </td>
            <td>
              {op.source ? <IdLink kind="account" id={op.source} /> : <span className="muted">transaction's</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
