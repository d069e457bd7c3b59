// The outcome of a submission: result, hash, decoded TransactionResult, explanations and fixes,
// then the final state once the transaction is in a ledger.
import { useEffect, useRef } from 'react';
import type { Explanation, SubmissionReport, TxStatus } from '../../../../shared/model';
import { CopyButton, IdLink } from '../../components/id-link';
import { JsonTree } from '../../components/json-tree';
import { codeList, coreCode } from '../../lib/format';
import { withDetail } from './detail-text';

export const OUTCOME_TEXT: Record<SubmissionReport['result'], string> = {
  received: 'The network accepted the transaction into its queue; it is applied when the next ledger closes.',
  success: 'The transaction was applied.',
  already_finished:
    'This transaction was submitted before: it is already in history or already queued. Nothing new was sent.',
  failed:
    'The network refused the transaction before applying it: nothing was charged and its sequence number was not used. The codes below say why.',
  malformed:
    'This is not a transaction the network can read: it must be a signed TransactionEnvelope as hex or base64 XDR (or a SEP-7 URI / JSON holding one).',
  connection_failed:
    'The service could not reach its core node, so the transaction was not sent. Try again when the network is back; resubmitting the same envelope is safe.',
  timeout:
    'Outcome not yet known: no final answer arrived in time, and the transaction may still be applied. Do not send it again; its status follows below.',
};

/** Codes that say something was applied: before the ledger closes they are only a forecast. */
const APPLIED = new Set([
  'tx_success',
  'op_success',
  'tx_fee_bump_inner_success',
  'txSUCCESS',
  'opSUCCESS',
  'txFEE_BUMP_INNER_SUCCESS',
]);

/** A failure with a ledger number was applied in that ledger: its fee was charged and its sequence used. */
export const APPLIED_FAILED_TEXT =
  'The transaction was applied in a ledger and failed: its fee was charged and its sequence number used. The codes below say why.';

export function outcomeText(report: SubmissionReport): string {
  if (report.result === 'failed')
    return report.ledger !== undefined
      ? `${APPLIED_FAILED_TEXT.replace('in a ledger', `in ledger ${report.ledger}`)}`
      : OUTCOME_TEXT.failed;
  // A timeout's own text already says all the core's message would; any other detail is added
  // without a sentence the text already says (no sentence said twice).
  return report.result === 'timeout' ? OUTCOME_TEXT.timeout : withDetail(OUTCOME_TEXT[report.result], report.message);
}

/** Results after which the network knows the hash, so its transaction view can open. */
const KNOWN = new Set<SubmissionReport['result']>(['received', 'success', 'already_finished']);

export function Explanations({ list }: { list: Explanation[] }) {
  if (list.length === 0) return null;
  return (
    <ul className="explanations" aria-label="Explanations">
      {list.map((item, i) => (
        <li key={`${item.code}-${i}`}>
          <span className="mono badge" title={item.code}>
            {coreCode(item.code)}
          </span>{' '}
          {item.scope === 'operation' ? (
            <span className="muted">operation {(item.operationIndex ?? 0) + 1}</span>
          ) : (
            <span className="muted">transaction</span>
          )}{' '}
          <strong>{item.title}</strong>
          <p>{item.explanation}</p>
          <p className="fix">
            <strong>Fix:</strong> {item.fix}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ResultPanel({ report, final }: { report: SubmissionReport; final?: TxStatus | undefined }) {
  const ref = useRef<HTMLElement>(null);
  // A block body: scrollIntoView returns a Promise in current Chromium, and whatever an effect
  // returns React calls as its cleanup ("l is not a function" blanked the app).
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [report.journalId]);
  const tone = resultTone(report.result);
  const codes = codeList([report.transactionCode, ...(report.operationCodes ?? [])]);
  // "received" is queued, not applied: explanations saying an operation was applied wait for the
  // ledger (the final state says it then, once), and the codes are labelled as a forecast.
  const queued = report.result === 'received' && final?.state !== 'success';
  const explanations =
    report.result === 'received' ? report.explanations.filter((e) => !APPLIED.has(e.code)) : report.explanations;
  const json = report.resultJson === undefined ? null : JSON.stringify(report.resultJson, null, 2);
  return (
    <section className="card result" aria-label="Submission result" data-result={report.result} ref={ref}>
      <h3>
        Result:{' '}
        <span className={`badge ${tone}`} data-testid="submit-result">
          {report.result}
        </span>
      </h3>
      <p>{outcomeText(report)}</p>
      {report.hash ? <TransactionHash hash={report.hash} result={report.result} /> : null}
      {codes ? (
        <p>
          {queued ? <span className="muted small">Checked on arrival, not yet applied: </span> : null}
          <span className="mono" data-testid="result-codes">
            {codes}
          </span>
        </p>
      ) : null}
      <Explanations list={explanations} />
      {final ? (
        <FinalState status={final} shown={explanations} />
      ) : report.following ? (
        <p role="status" className="muted">
          Waiting for the transaction to be in a ledger…
        </p>
      ) : null}
      {report.resultXdr || json ? <ResultCopies xdr={report.resultXdr} json={json} /> : null}
      {report.resultJson !== undefined ? (
        <details>
          <summary>TransactionResult</summary>
          <JsonTree value={report.resultJson} label="result" />
        </details>
      ) : null}
    </section>
  );
}

/** A timeout is not a failure: the outcome is unknown until the followed hash says (FinalState). */
function resultTone(result: SubmissionReport['result']): 'ok' | 'pending' | 'bad' {
  return result === 'received' || result === 'success' || result === 'already_finished'
    ? 'ok'
    : result === 'timeout'
      ? 'pending'
      : 'bad';
}

/** The hash: a link when the network knows it, else the hash to copy and why there is no link. */
function TransactionHash({ hash, result }: { hash: string; result: SubmissionReport['result'] }) {
  return (
    <p>
      Transaction{' '}
      {KNOWN.has(result) ? (
        <IdLink kind="tx" id={hash} full />
      ) : (
        <span className="mono">
          {hash} <CopyButton text={hash} />{' '}
          <span className="muted small">{result === 'timeout' ? '(not in a ledger yet)' : '(not on the network)'}</span>
        </span>
      )}
    </p>
  );
}

function ResultCopies({ xdr, json }: { xdr: SubmissionReport['resultXdr']; json: string | null }) {
  return (
    <div className="actions">
      {xdr ? (
        <span>
          Result XDR <CopyButton text={xdr} label="Copy result XDR" />
        </span>
      ) : null}
      {json ? (
        <span>
          Result JSON <CopyButton text={json} label="Copy result JSON" />
        </span>
      ) : null}
    </div>
  );
}

function FinalState({ status, shown }: { status: TxStatus; shown: Explanation[] }) {
  // What the panel already explains above is not said twice.
  const fresh = status.explanations?.filter(
    (e) => !shown.some((s) => s.code === e.code && s.operationIndex === e.operationIndex),
  );
  const text: Record<TxStatus['state'], string> = {
    pending: 'Still pending…',
    success: 'Final: success',
    failed: 'Final: failed when applied (the fee was charged and the sequence used)',
    not_found: 'Final: not found on the network',
    timeout: 'Final: not in a ledger before the deadline',
    error: 'Final: could not be checked',
  };
  return (
    <div
      className={`final ${status.state === 'success' ? 'ok' : status.state === 'pending' ? '' : 'bad'}`}
      role="status"
      data-testid="final-state"
      data-state={status.state}
    >
      <strong>{text[status.state]}</strong>
      {status.ledger ? (
        <>
          {' '}
          in ledger <IdLink kind="ledger" id={String(status.ledger)} full />
        </>
      ) : null}
      {status.resultCodes ? (
        <span className="mono"> {codeList([status.resultCodes.transaction, ...status.resultCodes.operations])}</span>
      ) : null}
      {status.message ? <p className="small">{status.message}</p> : null}
      {fresh ? <Explanations list={fresh} /> : null}
    </div>
  );
}
