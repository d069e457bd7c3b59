// Submit: drop or paste a signed transaction, read the decoded preview, submit, read the outcome
// and then its final state; past submissions are in the journal.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TxStatus } from '../../../../shared/model';
import { RateLimitCountdown } from '../../components/listing-notices';
import { useNetworks } from '../../components/network-status';
import { call, errorCode, onEvent } from '../../lib/bridge';
import { useUi } from '../../lib/store';
import { InputZone } from './input-zone';
import { looksLikeSecret } from './read-input';
import { Journal } from './journal';
import { Preview } from './preview';
import { OUTCOME_TEXT, ResultPanel } from './result-panel';

export function SubmitPage() {
  const client = useQueryClient();
  const opened = useUi((state) => state.opened);
  const [input, setInput] = useState(() => (opened && !looksLikeSecret(opened.text) ? opened.text.trim() : ''));
  const [seenOpened, setSeenOpened] = useState(opened?.seq ?? 0);
  // A file opened while this page is showing replaces the input (state adjusted during render).
  if (opened && opened.seq !== seenOpened) {
    setSeenOpened(opened.seq);
    setInput(looksLikeSecret(opened.text) ? '' : opened.text.trim());
  }
  const networks = useNetworks();
  const selectedId = networks.data?.selectedId;
  const selectedName = networks.data?.profiles.find((p) => p.id === selectedId)?.name;
  const inspection = useQuery({
    queryKey: ['tx:inspect', selectedId, input],
    queryFn: ({ signal }) => call('tx:inspect', { input }, signal),
    enabled: input !== '',
    retry: false,
    gcTime: 0,
  });
  const submit = useMutation({
    mutationFn: (text: string) => call('tx:submit', { input: text }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['tx:journal'] }),
  });
  const report = submit.data;
  const final = useFinalStatus(report?.hash, report?.following ?? false);

  useEffect(() => {
    if (final && final.state !== 'pending') void client.invalidateQueries({ queryKey: ['tx:journal'] });
  }, [final, client]);

  function onInput(text: string) {
    setInput(text);
    submit.reset();
  }

  const failed = inspection.isError;
  return (
    <section className="submit-page" aria-label="Submit">
      <h2>Submit a signed transaction</h2>
      <p className="muted small">Ledgerscope never asks for a secret key: sign offline, then bring the signed envelope here.</p>
      <InputZone key={opened?.seq ?? 0} onInput={onInput} initial={opened?.text.trim() ?? ''} />
      {opened?.fileName ? <p className="muted small">Opened {opened.fileName}</p> : null}
      {inspection.isFetching ? <p role="status">Decoding…</p> : null}
      {failed ? (
        <section className="card result" aria-label="Inspection problem" data-result="malformed">
          <h3>
            <span className="badge bad" data-testid="inspect-result">{errorCode(inspection.error) === 'secret_key_refused' ? 'secret key refused' : 'malformed'}</span>
          </h3>
          <p>{errorCode(inspection.error) === 'secret_key_refused' ? inspection.error.message : OUTCOME_TEXT.malformed}</p>
          <p className="muted small" data-testid="inspect-message">{inspection.error.message}</p>
        </section>
      ) : null}
      {inspection.data ? <Preview inspection={inspection.data} selectedId={selectedId} selectedName={selectedName} /> : null}
      {inspection.data ? (
        <div className="actions">
          <button type="button" className="primary" disabled={submit.isPending} onClick={() => submit.mutate(inspection.data.envelopeXdr)}>
            {submit.isPending ? 'Submitting…' : `Submit to ${selectedName ?? 'the selected network'}`}
          </button>
        </div>
      ) : null}
      {submit.isPending ? <RateLimitCountdown /> : null}
      {submit.isError ? <p role="alert" className="banner bad">Could not submit: {submit.error.message}</p> : null}
      {report ? <ResultPanel report={report} final={final} /> : null}
      <Journal />
    </section>
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
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'pending' && query.state.data.state !== 'not_found' ? false : 1500),
    retry: false,
  });
  if (done) return pushed;
  const fromPoll = polled.data && polled.data.state !== 'not_found' ? polled.data : undefined;
  return fromPoll ?? pushed;
}
