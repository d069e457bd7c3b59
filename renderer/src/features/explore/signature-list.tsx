// A transaction's signatures as its envelope carries them: hint, signature, and the account whose
// key hint matches (a likely signer, not a verification).
import type { EnvelopeSignature, TransactionDetail } from '../../../../shared/model';
import { CopyButton, IdLink } from '../../components/id-link';

const PART: Record<EnvelopeSignature['part'], string> = {
  transaction: 'transaction',
  fee_bump: 'fee bump',
  inner: 'inner transaction',
};

export function SignatureList({ tx }: { tx: TransactionDetail }) {
  const list = tx.envelopeSignatures;
  if (!list) {
    if (!tx.signatures?.length) return null;
    return (
      <section className="card" aria-label="Signatures">
        <h3>Signatures</h3>
        <p className="muted small">
          The envelope did not decode, so the hints are unknown; the signatures as the server lists them:
        </p>
        <ol className="mono small wrap">
          {tx.signatures.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ol>
      </section>
    );
  }
  const bumped = list.some((s) => s.part !== 'transaction');
  return (
    <section className="card" aria-label="Signatures">
      <h3>Signatures ({list.length})</h3>
      {list.length === 0 ? (
        <p className="muted">The envelope carries no signatures.</p>
      ) : (
        <table className="dense signatures">
          <thead>
            <tr>
              <th>#</th>
              {bumped ? <th>Signs</th> : null}
              <th>Hint</th>
              <th>Hint matches</th>
              <th>Signature (base64)</th>
            </tr>
          </thead>
          <tbody>
            {list.map((s, i) => (
              <tr key={`${s.part}-${i}`}>
                <td className="num">{i + 1}</td>
                {bumped ? <td>{PART[s.part]}</td> : null}
                <td className="mono">{s.hint}</td>
                <td>
                  {s.hintMatches ? (
                    <IdLink kind="account" id={s.hintMatches} />
                  ) : (
                    <span className="muted">another key</span>
                  )}
                </td>
                <td className="mono wrap sig">
                  {s.signature} <CopyButton text={s.signature} label={`Copy signature ${i + 1}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
