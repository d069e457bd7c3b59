// Submit: drop or paste a signed transaction, read the decoded preview, submit, read the outcome
// and then its final state; past submissions are in the journal.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TxStatus } from '../../../../shared/model';
import { RateLimitCountdown } from '../../components/listing-notices';
import { useNetworks } from '../../components/network-status';
import { ViewBoundary } from '../../components/view-boundary';
import { Untrusted } from '../../components/untrusted';
import { call, errorCode, onEvent } from '../../lib/bridge';
import { useUi } from '../../lib/store';
import { CopiesZone } from './copies-zone';
import { InputZone } from './input-zone';
import { looksLikeSecret } from './read-input';
import { Journal } from './journal';
import { Preview } from './preview';
import { OUTCOME_TEXT, ResultPanel } from './result-panel';
import { SignaturesPanel } from './signatures-panel';
import { useMerge } from './use-merge';

export function SubmitPage() {
  const { opened, input, setInput } = useOpenedInput();
  const { selectedId, selectedName } = useSelectedNetwork();
  const inspection = useQuery({
    queryKey: ['tx:inspect', selectedId, input],
    queryFn: ({ signal }) => call('tx:inspect', { input }, signal),
    enabled: input !== '',
    retry: false,
    gcTime: 0,
  });
  const signatures = useMerge(selectedId, input, inspection.isSuccess);
  const merge = signatures.merge;
  const { submit, send, report, final } = useSubmission();

  function onInput(text: string) {
    setInput(text);
    signatures.reset();
    submit.reset();
  }

  return (
    <section className="submit-page" aria-label="Submit">
      <h2>Submit a signed transaction</h2>
      <p className="muted small">
        Ledgerscope never asks for a secret key: sign offline, then bring the signed envelope here.
      </p>
      <InputZone
        key={opened?.seq ?? 0}
        onInput={onInput}
        onMore={signatures.setCopies}
        initial={opened?.text.trim() ?? ''}
      />
      {opened?.fileName ? <OpenedFile name={opened.fileName} /> : null}
      {inspection.isFetching ? <p role="status">Decoding…</p> : null}
      {inspection.isError ? <InspectionProblem error={inspection.error} /> : null}
      {inspection.data ? (
        <ViewBoundary name="The transaction preview">
          <Preview inspection={inspection.data} selectedId={selectedId} selectedName={selectedName} />
        </ViewBoundary>
      ) : null}
      {inspection.data ? (
        <CopiesZone copies={signatures.copies} onCopies={signatures.setCopies} onDetached={signatures.addDetached} />
      ) : null}
      {merge.isError ? (
        <p className="banner warn" data-testid="merge-problem">
          Signatures not checked: {merge.error.message}
        </p>
      ) : null}
      {merge.data ? (
        <ViewBoundary name="The signatures">
          <SignaturesPanel report={merge.data} />
        </ViewBoundary>
      ) : null}
      {inspection.data ? (
        <SubmitButtons
          pending={submit.isPending}
          // Until the merge of added copies is in, the button would send the envelope without them.
          checking={signatures.checking}
          label={`Submit to ${selectedName ?? 'the selected network'}`}
          heldBack={merge.data?.readiness.reasons.map((r) => r.message) ?? []}
          onSubmit={() => send(merge.data?.envelope ?? inspection.data.envelopeXdr)}
        />
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
      <ViewBoundary name="The journal">
        <Journal />
      </ViewBoundary>
    </section>
  );
}

/** The text being inspected; a file opened from the shell (never a secret key) replaces it. */
function useOpenedInput() {
  const opened = useUi((state) => state.opened);
  const [input, setInput] = useState(() => (opened && !looksLikeSecret(opened.text) ? opened.text.trim() : ''));
  const [seenOpened, setSeenOpened] = useState(opened?.seq ?? 0);
  // A file opened while this page is showing replaces the input (state adjusted during render).
  if (opened && opened.seq !== seenOpened) {
    setSeenOpened(opened.seq);
    setInput(looksLikeSecret(opened.text) ? '' : opened.text.trim());
  }
  return { opened, input, setInput };
}

function useSelectedNetwork() {
  const networks = useNetworks();
  const selectedId = networks.data?.selectedId;
  const selectedName = networks.data?.profiles.find((p) => p.id === selectedId)?.name;
  return { selectedId, selectedName };
}

/** The submission, its report and the followed final state; the journal is refreshed as they land. */
function useSubmission() {
  const client = useQueryClient();
  const submit = useMutation({
    mutationFn: (text: string) => call('tx:submit', { input: text }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['tx:journal'] }),
  });
  // The envelopes on their way. The mutation's pending state reaches the page a tick after the
  // click (the query client notifies on a timer), so a second click before "Submitting…" shows
  // would send again: an envelope already on its way is not sent twice. Once its answer is in,
  // sending it again is the person's choice (resubmitting the same envelope is safe).
  const sending = useRef(new Set<string>());
  function send(text: string) {
    if (sending.current.has(text)) return;
    sending.current.add(text);
    // The error is shown from the mutation's state; this promise only marks the end of the send.
    void submit
      .mutateAsync(text)
      .catch(() => undefined)
      .finally(() => sending.current.delete(text));
  }
  const report = submit.data;
  const final = useFinalStatus(report?.hash, report?.following ?? false);

  useEffect(() => {
    if (final && final.state !== 'pending') void client.invalidateQueries({ queryKey: ['tx:journal'] });
  }, [final, client]);
  return { submit, send, report, final };
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

/** Submit, or, when the checks say the network would refuse it, the reason and "submit anyway". */
function SubmitButtons({
  pending,
  checking,
  label,
  heldBack,
  onSubmit,
}: {
  pending: boolean;
  checking: boolean;
  label: string;
  heldBack: string[];
  onSubmit(): void;
}) {
  if (pending || checking)
    return (
      <div className="actions">
        <button type="button" className="primary" disabled>
          {pending ? 'Submitting…' : 'Checking signatures…'}
        </button>
      </div>
    );
  if (heldBack.length === 0)
    return (
      <div className="actions">
        <button type="button" className="primary" onClick={onSubmit}>
          {label}
        </button>
      </div>
    );
  return (
    <div className="actions">
      <button type="button" className="primary" disabled title={heldBack.join('\n')} data-testid="held-back">
        Held back: {heldBack[0]}
      </button>
      <button type="button" onClick={onSubmit}>
        Submit anyway
      </button>
    </div>
  );
}

/** The followed transaction's state: pushed on `tx:status`, polled as a fallback. */
function useFinalStatus(hash: string | undefined, following: boolean): TxStatus | undefined {
  const [latest, setLatest] = useState<TxStatus | undefined>();
  useEffect(() => {
    if (!hash) return;
    return onEvent('tx:status', (status) => {
      if (status.hash === hash) setLatest(status);
    });
  }, [hash]);
  const pushed = latest && latest.hash === hash ? latest : undefined;
  const done = pushed && pushed.state !== 'pending';
  const polled = useQuery({
    queryKey: ['tx:status', hash],
    queryFn: ({ signal }) => call('tx:status', { hash: hash! }, signal),
    enabled: !!hash && following && !done,
    refetchInterval: (query) =>
      query.state.data && query.state.data.state !== 'pending' && query.state.data.state !== 'not_found' ? false : 1500,
    retry: false,
  });
  if (done) return pushed;
  const fromPoll = polled.data && polled.data.state !== 'not_found' ? polled.data : undefined;
  return fromPoll ?? pushed;
}

/** The name of the file the envelope came from: untrusted text. */
function OpenedFile({ name }: { name: string }) {
  return (
    <p className="muted small">
      Opened <Untrusted text={name} />
    </p>
  );
}
