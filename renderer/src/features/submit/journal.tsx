// The journal of submissions: each names the hash of the envelope that was sent (core/submission/submit.ts).
import { useQuery } from '@tanstack/react-query';
import type { JournalEntry } from '../../../../shared/model';
import { IdLink } from '../../components/id-link';
import { TimeCell } from '../../components/operation-cells';
import { call } from '../../lib/bridge';
import { codeList } from '../../lib/format';
import { IdText } from '../../components/id-text';

/** Results after which the network knows the hash, so its transaction view can open. */
const ON_NETWORK = new Set<JournalEntry['result']>(['received', 'success', 'already_finished']);

export function Journal() {
  const journal = useQuery({
    queryKey: ['tx:journal'],
    queryFn: ({ signal }) => call('tx:journal', { limit: 100 }, signal),
    retry: false,
  });
  return (
    <section className="card" aria-label="Journal">
      <h3>Journal of submissions</h3>
      {journal.isError ? <p className="muted">Unavailable: {journal.error.message}</p> : null}
      {journal.data && journal.data.entries.length === 0 ? <p className="muted">Nothing submitted yet.</p> : null}
      {journal.data?.entries.length ? (
        <table className="dense">
          <thead>
            <tr>
              <th>When</th>
              <th>Result</th>
              <th>Final</th>
              <th>Transaction</th>
              <th>Codes</th>
              <th>Network</th>
            </tr>
          </thead>
          <tbody>
            {journal.data.entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <TimeCell iso={entry.submittedAt} />
                </td>
                <td>
                  <span className="badge">{entry.result}</span>
                </td>
                <td>
                  {entry.finalState ?? ''}
                  {entry.ledger ? (
                    <>
                      {' '}
                      · <IdLink kind="ledger" id={String(entry.ledger)} full />
                    </>
                  ) : null}
                </td>
                <td data-testid="journal-hash" data-hash={entry.hash}>
                  <SentHash entry={entry} />
                </td>
                <td className="mono small">{codeList([entry.transactionCode, ...(entry.operationCodes ?? [])])}</td>
                <td className="small">{entry.networkId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** The hash sent: a link when the network knows the transaction, else the hash as text. */
function SentHash({ entry }: { entry: JournalEntry }) {
  if (!entry.hash) return <span className="muted">—</span>;
  const known = ON_NETWORK.has(entry.result) || entry.finalState === 'success' || entry.finalState === 'failed';
  if (known) return <IdLink kind="tx" id={entry.hash} />;
  return (
    <span className="mono muted" title={`${entry.hash} (not on the network)`}>
      <IdText id={entry.hash} />
    </span>
  );
}
