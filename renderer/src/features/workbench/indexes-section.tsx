// "Indexes": the accounts indexed on the selected network with their size, state and the ledger
// from which each is complete, a Remove button each, and "Index every watched account".
import { useState } from 'react';
import type { HistoryIndexInfo } from '../../../../shared/history';
import { coverageText } from '../../../../shared/index-coverage';
import { IdLink } from '../../components/id-link';
import { useWatched } from '../../components/sidebar';
import { absoluteTime } from '../../lib/format';
import { formatBytes, useHistoryActions, useHistoryList } from '../../lib/history';
import { href } from '../../lib/router';

/** Where the index is complete from; a server that pruned its history says so. */
export function completeText(info: Pick<HistoryIndexInfo, 'completeFromLedger'>): string {
  const ledger = info.completeFromLedger;
  if (ledger === null) return 'not known yet';
  if (ledger <= 1) return 'complete (the server keeps all history)';
  return `this server keeps history from ledger ${ledger.toLocaleString('en')}; the index is complete from there`;
}

export function IndexesSection() {
  const list = useHistoryList();
  const watched = useWatched();
  const actions = useHistoryActions();
  const [message, setMessage] = useState<string | null>(null);

  async function indexWatched() {
    const accounts = watched.data?.watched.map((w) => w.account) ?? [];
    const results = await Promise.allSettled(accounts.map((account) => actions.sync(account)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    setMessage(
      `Started ${accounts.length - failed} of ${accounts.length} watched account${accounts.length === 1 ? '' : 's'}${failed ? `; ${failed} failed` : ''}.`,
    );
  }

  async function remove(account: string) {
    setMessage(null);
    await actions.remove(account).catch((error: Error) => setMessage(`Could not remove ${account}: ${error.message}`));
  }

  const indexes = list.data?.indexes ?? [];
  return (
    <section className="card" aria-label="Indexes">
      <h3>
        Indexes{' '}
        <button
          type="button"
          className="small"
          disabled={!watched.data?.watched.length}
          onClick={() => void indexWatched()}
        >
          Index every watched account
        </button>
      </h3>
      <p className="muted small">
        Local copies of accounts' histories on this network, kept on this machine and queried without asking the server
        again
        {list.data ? ` (${formatBytes(list.data.fileBytes)} on disk)` : ''}.
      </p>
      {list.isError ? (
        <p role="alert" className="bad">
          Could not list the indexes: {list.error.message}
        </p>
      ) : null}
      {indexes.length ? (
        <IndexTable indexes={indexes} onRemove={(account) => void remove(account)} />
      ) : (
        <p className="muted">
          {list.isPending
            ? 'Loading…'
            : 'No account is indexed on this network yet: open an account and choose "Index this account".'}
        </p>
      )}
      {message ? (
        <p role="status" className="small">
          {message}
        </p>
      ) : null}
    </section>
  );
}

/** One row per index: account, state, records, size, the days it covers, how complete it is, Workbench and Remove. */
function IndexTable({ indexes, onRemove }: { indexes: HistoryIndexInfo[]; onRemove(account: string): void }) {
  return (
    <div className="table-scroll">
      <table className="dense" aria-label="Indexed accounts">
        <thead>
          <tr>
            <th>Account</th>
            <th>State</th>
            <th className="end">Records</th>
            <th className="end">Size</th>
            <th>Covers</th>
            <th>History</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {indexes.map((info) => (
            <tr key={info.account}>
              <td>
                <IdLink kind="account" id={info.account} />
              </td>
              <td>
                <span className={`index-state st-${info.state}`}>{info.state}</span>
              </td>
              <td className="end num">{info.rows.toLocaleString('en')}</td>
              <td className="end num nowrap">{formatBytes(info.bytes)}</td>
              <td className="small nowrap">
                {info.oldest && info.newest
                  ? `${absoluteTime(info.oldest).slice(0, 10)} – ${absoluteTime(info.newest).slice(0, 10)}`
                  : '—'}
              </td>
              <td className="small">{info.coverage?.partial ? coverageText(info.coverage) : completeText(info)}</td>
              <td>
                <div className="row-actions">
                  <a href={href('history', info.account)}>Workbench</a>
                  <button
                    type="button"
                    onClick={() => onRemove(info.account)}
                    aria-label={`Remove the index of ${info.account}`}
                  >
                    Remove
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
