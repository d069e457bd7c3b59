// The submission, its report and the followed final state; the journal is refreshed as they land.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TxStatus } from '../../../../shared/model';
import { call, onEvent } from '../../lib/bridge';
import type { ToSend } from './submit-identity';

export function useSubmission() {
  const client = useQueryClient();
  const submit = useMutation({
    // The core refuses an envelope whose hash is not the one shown (hash_mismatch): nothing is sent.
    mutationFn: ({ envelope, hash }: ToSend) => call('tx:submit', { input: envelope, expectedHash: hash }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['tx:journal'] }),
  });
  // The envelopes on their way. The mutation's pending state reaches the page a tick after the
  // click (the query client notifies on a timer), so a second click before "Submitting…" shows
  // would send again: an envelope already on its way is not sent twice. Once its answer is in,
  // sending it again is the person's choice (resubmitting the same envelope is safe).
  const sending = useRef(new Set<string>());
  function send(toSend: ToSend) {
    if (sending.current.has(toSend.envelope)) return;
    sending.current.add(toSend.envelope);
    // The error is shown from the mutation's state; this promise only marks the end of the send.
    void submit
      .mutateAsync(toSend)
      .catch(() => undefined)
      .finally(() => sending.current.delete(toSend.envelope));
  }
  const report = submit.data;
  const final = useFinalStatus(report?.hash, report?.following ?? false);

  useEffect(() => {
    if (final && final.state !== 'pending') void client.invalidateQueries({ queryKey: ['tx:journal'] });
  }, [final, client]);
  // In a ledger (success or failed, either way its sequence number is used): the preview's sequence
  // check read the account before, so it is read again and says what holds now.
  const includedIn = final?.ledger ?? report?.ledger;
  useEffect(() => {
    if (includedIn !== undefined) void client.invalidateQueries({ queryKey: ['tx:inspect'] });
  }, [includedIn, client]);
  return { submit, send, report, final };
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
