// The transactions of a ledger in application order: hash, source, operation count, fee, result.
import { useQuery } from '@tanstack/react-query';
import { Fee } from '../../components/fee';
import { IdLink } from '../../components/id-link';
import { call } from '../../lib/bridge';
import { codeList } from '../../lib/format';
import { useUi } from '../../lib/store';

export function LedgerTransactions({ sequence, expected }: { sequence: number; expected: number }) {
  const networkId = useUi((state) => state.networkId);
  const query = useQuery({
    queryKey: ['ledger:transactions', networkId ?? '', sequence],
    queryFn: ({ signal }) => call('ledger:transactions', { sequence }, signal),
    enabled: expected > 0,
    staleTime: Infinity,
  });
  let body;
  if (expected === 0) body = <p className="muted">This ledger holds no transactions.</p>;
  else if (query.isPending) body = <p role="status">Loading transactions…</p>;
  else if (query.isError)
    body = (
      <div className="vt-state vt-error" role="alert">
        <span>Could not load the transactions: {query.error.message}</span>
        <button type="button" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  else
    body = (
      <div className="table-scroll">
        <table className="dense ledger-txs" aria-label="Ledger transactions">
          <thead>
            <tr>
              <th>#</th>
              <th>Hash</th>
              <th>Source</th>
              <th>Operations</th>
              <th className="end">Fee</th>
              <th>Result</th>
            </tr>
          </thead>
          <tbody>
            {query.data.records.map((tx, i) => (
              <tr key={tx.hash} className={tx.successful ? undefined : 'failed'}>
                <td className="num">{i + 1}</td>
                <td>
                  <IdLink kind="tx" id={tx.hash} />
                </td>
                <td>
                  <IdLink kind="account" id={tx.sourceAccount} />
                </td>
                <td className="num">{tx.operationCount}</td>
                <td className="end">
                  <Fee stroops={tx.feeCharged} />
                </td>
                <td>
                  {tx.successful ? (
                    <span className="badge ok">success</span>
                  ) : (
                    <span className="badge bad">failed</span>
                  )}{' '}
                  {tx.resultCodes && !tx.successful ? (
                    <span className="mono small">
                      {codeList([tx.resultCodes.transaction, ...tx.resultCodes.operations])}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {query.data.truncated ? (
          <p className="muted small">
            The first {query.data.records.length} of {expected} transactions are listed; the operations below hold them
            all.
          </p>
        ) : null}
      </div>
    );
  return (
    <section className="card" aria-label="Transactions">
      <h3>Transactions ({expected})</h3>
      {body}
    </section>
  );
}
