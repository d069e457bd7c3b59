import { useQuery } from '@tanstack/react-query';
import { IdLink } from '../../components/id-link';
import { TimeCell } from '../../components/operation-cells';
import { call } from '../../lib/bridge';
import { codeList } from '../../lib/format';

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
                <td>{entry.hash ? <IdLink kind="tx" id={entry.hash} /> : <span className="muted">—</span>}</td>
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
