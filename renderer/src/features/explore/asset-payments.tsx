// Payments of one asset in the local history index: every indexed account of the selected network
// is asked (`history:query` with the asset filter, docs/history-index.md) and the rows merged,
// newest first, with exact amounts and a link to each account's workbench on this asset. An
// account whose index is partial has its count labelled so (shared/index-coverage.ts).
import { useQueries, useQuery } from '@tanstack/react-query';
import type { HistoryRow } from '../../../../shared/history';
import { IdLink } from '../../components/id-link';
import { PartialNote } from '../workbench/partial-note';
import { Money } from '../../components/money';
import { TimeCell } from '../../components/operation-cells';
import type { AssetId } from '../../lib/asset-id';
import { call } from '../../lib/bridge';
import { href } from '../../lib/router';
import { useUi } from '../../lib/store';

type Asset = Extract<AssetId, { ok: true }>;

/** Rows asked of each account's index; the workbench shows all of them. */
const PER_ACCOUNT = 200;

/** The amount of the row's leg in this asset: a path payment may match on its sending side. */
function legOf(row: HistoryRow, key: string): string | null {
  return row.asset !== key && row.sourceAsset === key ? row.sourceAmount : row.amount;
}

export function AssetPayments({ asset }: { asset: Asset }) {
  const networkId = useUi((state) => state.networkId);
  const list = useQuery({
    queryKey: ['history:list', networkId],
    queryFn: ({ signal }) => call('history:list', {}, signal),
  });
  const accounts = (list.data?.indexes ?? [])
    .filter((index) => index.networkId === list.data?.networkId)
    .map((index) => index.account);
  const pages = useQueries({
    queries: accounts.map((account) => ({
      queryKey: ['asset-payments', networkId, account, asset.key],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call('history:query', { account, filter: { asset: asset.key }, limit: PER_ACCOUNT, summary: true }, signal),
    })),
  });
  let body;
  if (list.isPending) body = <p role="status">Reading the local index…</p>;
  else if (list.isError) body = <p role="alert">Could not read the local index: {list.error.message}</p>;
  else if (accounts.length === 0) {
    body = (
      <p data-testid="nothing-indexed">
        No account is indexed on this network, so no payments of {asset.code} can be shown. Index an account from its
        page (the “Local index” panel) and its payments of this asset appear here.
      </p>
    );
  } else {
    const rows = pages
      .flatMap((page, i) => (page.data?.rows ?? []).map((row) => ({ account: accounts[i]!, row })))
      .sort((a, b) => (a.row.createdAt === b.row.createdAt ? 0 : a.row.createdAt < b.row.createdAt ? 1 : -1));
    body = (
      <>
        <ul className="plain" aria-label="Indexed accounts">
          {accounts.map((account, i) => (
            <li key={account}>
              <IdLink kind="account" id={account} />{' '}
              {pages[i]?.isError ? (
                <span className="muted">could not be read: {pages[i].error.message}</span>
              ) : (
                <span className="muted">
                  {pages[i]?.data?.summary?.count ?? '…'} operation(s) of {asset.code}
                  <PartialNote coverage={pages[i]?.data?.coverage} />
                </span>
              )}{' '}
              <a href={href('history', account, { asset: asset.key })}>Open in the workbench</a>
              {pages[i]?.data?.next ? <span className="muted small"> (the latest {PER_ACCOUNT} are below)</span> : null}
            </li>
          ))}
        </ul>
        {rows.length > 0 ? (
          <PaymentsTable rows={rows} asset={asset} />
        ) : pages.some((p) => p.isPending) ? (
          <p role="status">Querying the index…</p>
        ) : (
          <p data-testid="no-payments">No payments of {asset.code} in the indexed history.</p>
        )}
      </>
    );
  }
  return (
    <section className="card" aria-label="Indexed payments">
      <h3>Payments of {asset.code} in the indexed history</h3>
      {body}
    </section>
  );
}

function PaymentsTable({ rows, asset }: { rows: { account: string; row: HistoryRow }[]; asset: Asset }) {
  return (
    <table className="dense" aria-label={`Payments of ${asset.code}`}>
      <thead>
        <tr>
          <th>Time</th>
          <th>Account</th>
          <th>Direction</th>
          <th className="end">Amount</th>
          <th>Counterparty</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ account, row }) => (
          <tr key={`${account}/${row.id}`}>
            <td>
              <TimeCell iso={row.createdAt} />
            </td>
            <td>
              <IdLink kind="account" id={account} />
            </td>
            <td>
              <span className={`badge dir-${row.direction}`}>{row.direction}</span>
              {row.successful ? null : <span className="badge bad">failed</span>}
            </td>
            <td className="end">
              <Money amount={legOf(row, asset.key) ?? '0'} currency={asset.native ? undefined : asset} />
            </td>
            <td>
              {row.counterparty ? <IdLink kind="account" id={row.counterparty} /> : <span className="muted">—</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
