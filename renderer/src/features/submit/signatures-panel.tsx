// The merged envelope's signatures and thresholds: each signature's status, each account's need
// met or short (and who could still sign), what the merge dropped, and the export buttons.
import { abbreviateId } from '../../../../shared/ids';
import type { MergeReport, Requirement } from '../../../../shared/signatures';
import { needText } from '../../../../shared/threshold-text';
import { IdLink } from '../../components/id-link';
import { ExportButtons } from './export-buttons';

const DROPPED_TEXT: Record<MergeReport['dropped'][number]['reason'], string> = {
  invalid: 'does not verify',
  unknown_signer: 'not a signer of these accounts',
  duplicate: 'repeated',
  not_needed: 'not needed by any threshold',
};

export function SignaturesPanel({ report }: { report: MergeReport }) {
  const feeBump = report.envelopeType === 'fee_bump';
  return (
    <section className="card signatures" aria-label="Signatures and thresholds">
      <h3>
        Signatures{' '}
        <span className="muted small">
          {report.merged > 1 || report.added
            ? `merged from ${report.merged} cop${report.merged === 1 ? 'y' : 'ies'}${report.added ? ` and ${report.added} detached` : ''}`
            : ''}
        </span>
      </h3>
      <SignatureTable signatures={report.signatures} feeBump={feeBump} />
      <Thresholds requirements={report.requirements} />
      {report.dropped.length ? (
        <ul className="muted small" aria-label="Dropped signatures">
          {report.dropped.map((d, i) => (
            <li key={i}>
              Dropped {d.signer ? abbreviateId(d.signer) : `hint ${d.hint}`}: {DROPPED_TEXT[d.reason]}
            </li>
          ))}
        </ul>
      ) : null}
      {report.readiness.reasons.length ? (
        <ul className="banner warn" aria-label="Held back">
          {report.readiness.reasons.map((r, i) => (
            <li key={i} data-code={r.code}>
              {r.message}
            </li>
          ))}
        </ul>
      ) : null}
      <ExportButtons envelope={report.envelope} hash={report.hash} />
    </section>
  );
}

/** Each signature of the merged envelope: its place (and part, in a fee bump), status, signer and weights. */
function SignatureTable({ signatures, feeBump }: { signatures: MergeReport['signatures']; feeBump: boolean }) {
  return (
    <table className="dense" aria-label="Signature status">
      <thead>
        <tr>
          <th>#</th>
          <th>Status</th>
          <th>Signer</th>
          <th>Weight</th>
        </tr>
      </thead>
      <tbody>
        {signatures.map((s) => (
          <tr key={`${s.part}-${s.index}`} data-status={s.status}>
            <td>
              {s.index + 1}
              {feeBump ? <span className="muted small"> {s.part === 'outer' ? 'fee bump' : 'inner'}</span> : null}
            </td>
            <td>
              <span className={`badge ${s.status === 'valid' ? 'ok' : 'bad'}`}>
                {s.status === 'unknown_signer' ? 'unknown signer' : s.status}
              </span>
            </td>
            <td>
              {s.signer ? (
                s.signer.startsWith('G') ? (
                  <IdLink kind="account" id={s.signer} grouped />
                ) : (
                  <span className="mono">{s.signer}</span>
                )
              ) : (
                <span className="mono muted">hint {s.hint}</span>
              )}
            </td>
            <td className="num">{s.weights.map((w) => w.weight).join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The level and the weight against the need, when the account could be read. A threshold of 0
 * asks for no weight: any signer of the account meets it (a signature of weight above zero).
 */
export function thresholdText(r: Pick<Requirement, 'level' | 'status' | 'weight' | 'needed'>): string {
  if (r.status !== 'met' && r.status !== 'short') return `${r.level} threshold`;
  const need = needText(r.weight, r.needed);
  return r.needed === 0 ? `${r.level}: ${need}` : `${r.level} threshold (${need})`;
}

/** Each threshold an account needs met: met or short (by how much), and who could still sign. */
function Thresholds({ requirements }: { requirements: MergeReport['requirements'] }) {
  return (
    <ul className="requirements" aria-label="Thresholds">
      {requirements.map((r) => (
        <li key={`${r.part}-${r.account}-${r.level}`} data-status={r.status}>
          <span className={`badge ${r.status === 'met' ? 'ok' : 'bad'}`}>
            {r.status === 'short' ? `short by ${r.short}` : r.status === 'no_account' ? 'no account' : r.status}
          </span>{' '}
          {r.neededBy.join(', ')}: <IdLink kind="account" id={r.account} /> {thresholdText(r)}
          {r.couldSign.length ? (
            <span className="muted small">
              {' '}
              could still sign: {r.couldSign.map((c) => `${abbreviateId(c.key)} (${c.weight})`).join(', ')}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
