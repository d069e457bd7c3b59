// Submit: drop or paste a signed transaction, read the decoded preview, submit, read the outcome
// and then its final state; past submissions are in the journal. What is sent is what the preview
// shows for the box's text (submit-identity.ts): any change of the box clears the preview, the
// checks and the last result at once.
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Inspection } from '../../../../shared/model';
import type { MergeReport } from '../../../../shared/signatures';
import { RateLimitCountdown } from '../../components/listing-notices';
import { useNetworks } from '../../components/network-status';
import { ViewBoundary } from '../../components/view-boundary';
import { errorCode } from '../../lib/bridge';
import { usePageShortcut } from '../../lib/keys';
import { Untrusted } from '../../components/untrusted';
import { CopiesZone } from './copies-zone';
import { InputZone, type InputZoneHandle } from './input-zone';
import { Journal } from './journal';
import { MemoConfirm, useMemoConfirmation } from './memo-confirm';
import { Preview } from './preview';
import { OUTCOME_TEXT, ResultPanel } from './result-panel';
import { SignaturesPanel } from './signatures-panel';
import { SubmitButtons } from './submit-buttons';
import { INSPECTED_AGAIN, INSPECTED_FIRST, refusal, type Shown } from './submit-identity';
import { useInspectedInput, type Inspected } from './use-inspected';
import { useInspection, useShownEnvelope } from './use-envelope';
import { useMerge } from './use-merge';
import { useSubmission } from './use-submission';

export function SubmitPage() {
  const { selectedId, selectedName } = useSelectedNetwork();
  const { submit, send, report, final } = useSubmission();
  const [refused, setRefused] = useState<string | null>(null);
  const box = useInspectedInput(() => {
    submit.reset();
    setRefused(null);
  });
  const first = useInspection(selectedId, box.inspected?.envelopes[0] ?? '');
  const signatures = useMerge(selectedId, box.inspected, first.isSuccess);
  const merge = signatures.merge;
  const shown = useShownEnvelope(selectedId, first, merge, signatures.checking);
  const heldBack = merge.data?.readiness.reasons.map((r) => r.message) ?? [];
  const memo = useMemoConfirmation(shown.preview);

  /** Sends the envelope the preview shows, or says why not (`anyway`: past the held-back reasons). */
  function trySubmit(anyway: boolean) {
    if (submit.isPending) return;
    const toSend = shown.sendable && { envelope: shown.sendable.envelopeXdr, hash: shown.sendable.hash };
    const why =
      refusal(box.draft, identityOf(box.inspected, first.data), toSend) ??
      memo.refusal ??
      (!anyway && heldBack.length ? `Held back: ${heldBack[0]}. "Submit anyway" sends it regardless.` : null);
    setRefused(why);
    if (!why && toSend) send(toSend);
  }
  const input = useRef<InputZoneHandle>(null);
  usePageShortcut('submit', () => {
    const inspected = !submit.isPending && inspectFirst(box, input.current);
    if (inspected) setRefused(inspected);
    else trySubmit(false);
  });

  return (
    <section className="submit-page" aria-label="Submit">
      <SubmitHeading />
      <InputZone
        key={box.opened?.seq ?? 0}
        onEdit={box.onEdit}
        onInspect={box.onInspect}
        initial={box.opened?.text.trim() ?? ''}
        ref={input}
      />
      {box.opened?.fileName ? <OpenedFile name={box.opened.fileName} /> : null}
      {first.isFetching ? <p role="status">Decoding…</p> : null}
      {first.isError ? <InspectionProblem error={first.error} /> : null}
      {shown.preview ? (
        <ViewBoundary name="The transaction preview">
          <Preview
            inspection={shown.preview}
            merged={shown.merged}
            selectedId={selectedId}
            selectedName={selectedName}
            federation={memo.federation}
          />
        </ViewBoundary>
      ) : null}
      {first.data ? (
        <CopiesZone copies={signatures.copies} onCopies={signatures.setCopies} onDetached={signatures.addDetached} />
      ) : null}
      <SignatureChecks merge={merge} problem={shown.problem} />
      {first.data && !shown.problem ? <MemoConfirm {...memo} /> : null}
      {first.data && !shown.problem ? (
        <SubmitButtons
          pending={submit.isPending}
          // Until the merge of added copies is in and previewed, the button would send another envelope.
          checking={!shown.sendable}
          label={`Submit to ${selectedName ?? 'the selected network'}`}
          heldBack={heldBack}
          onSubmit={() => trySubmit(true)}
          takeFocus={box.takeFocus}
        />
      ) : null}
      <Outcome refused={refused} submit={submit} report={report} final={final} />
      <ViewBoundary name="The journal">
        <Journal />
      </ViewBoundary>
    </section>
  );
}

function SubmitHeading() {
  return (
    <>
      <h2>Submit a signed transaction</h2>
      <p className="muted small">
        Ledgerscope never asks for a secret key: sign offline, then bring the signed envelope here.
      </p>
    </>
  );
}

/**
 * Ctrl+Enter sends only what a preview shows: on a box not (or no longer) inspected it presses
 * Inspect instead. The sentence saying that nothing was sent, or null when the box is inspected
 * (or empty, or refused by Inspect): then the shortcut submits, or says why it does not.
 */
function inspectFirst(box: ReturnType<typeof useInspectedInput>, input: InputZoneHandle | null): string | null {
  if (box.inspected || !box.draft.trim()) return null;
  const again = box.inspectedOnce;
  return input?.inspect() ? (again ? INSPECTED_AGAIN : INSPECTED_FIRST) : null;
}

/** The signature checks: their answer, or why there is none. */
function SignatureChecks({ merge, problem }: { merge: UseQueryResult<MergeReport>; problem: Error | null }) {
  return (
    <>
      {merge.isError ? (
        <p className="banner warn" data-testid="merge-problem">
          Signatures not checked: {merge.error.message}
        </p>
      ) : null}
      {problem ? (
        <p className="banner bad" role="alert" data-testid="merged-problem">
          The merged envelope could not be read, so it is not offered to send: {problem.message}
        </p>
      ) : null}
      {merge.data ? (
        <ViewBoundary name="The signatures">
          <SignaturesPanel report={merge.data} />
        </ViewBoundary>
      ) : null}
    </>
  );
}

/** What came of the last submit press: why nothing was sent, the wait, the error or the result. */
function Outcome({
  refused,
  submit,
  report,
  final,
}: Pick<ReturnType<typeof useSubmission>, 'submit' | 'report' | 'final'> & { refused: string | null }) {
  return (
    <>
      {refused ? (
        <p role="alert" className="banner warn" data-testid="submit-refused">
          {refused}
        </p>
      ) : null}
      {submit.isPending ? <RateLimitCountdown /> : null}
      {submit.isError ? (
        <p role="alert" className="banner bad">
          Could not submit: {submit.error.message}
        </p>
      ) : null}
      {report ? (
        <ViewBoundary name="The submission result">
          <ResultPanel report={report} final={final} />
        </ViewBoundary>
      ) : null}
    </>
  );
}

/** What the page shows for the inspected text: that text and the hash in its preview. */
function identityOf(inspected: Inspected | null, first: Inspection | undefined): Shown | null {
  return inspected ? { text: inspected.text, hash: first?.hash } : null;
}

function useSelectedNetwork() {
  const networks = useNetworks();
  const selectedId = networks.data?.selectedId;
  const selectedName = networks.data?.profiles.find((p) => p.id === selectedId)?.name;
  return { selectedId, selectedName };
}

/** Why the input could not be inspected: malformed, or a secret key refused. */
function InspectionProblem({ error }: { error: Error }) {
  const secret = errorCode(error) === 'secret_key_refused';
  return (
    <section className="card result" aria-label="Inspection problem" data-result="malformed">
      <h3>
        <span className="badge bad" data-testid="inspect-result">
          {secret ? 'secret key refused' : 'malformed'}
        </span>
      </h3>
      <p>{secret ? error.message : OUTCOME_TEXT.malformed}</p>
      <p className="muted small" data-testid="inspect-message">
        {error.message}
      </p>
    </section>
  );
}

/** The name of the file the envelope came from: untrusted text. */
function OpenedFile({ name }: { name: string }) {
  return (
    <p className="muted small">
      Opened <Untrusted text={name} />
    </p>
  );
}
