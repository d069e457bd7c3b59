// The view of one asset (`#/asset/CODE:G…` or `#/asset/native`, issue #15): its issuer, the
// holders among the accounts this app knows, and its payments in the local history index.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Account } from '../../../../shared/model';
import { CopyButton, IdLink, LabelText } from '../../components/id-link';
import { Untrusted } from '../../components/untrusted';
import { Money } from '../../components/money';
import { TomlClaim } from '../../components/toml-claim';
import { ViewBoundary } from '../../components/view-boundary';
import { parseAssetId, isAsset, type AssetId } from '../../lib/asset-id';
import { call, errorCode } from '../../lib/bridge';
import { entityQuery } from '../../lib/entities';
import { useLabel } from '../../lib/labels';
import { useUi } from '../../lib/store';
import { AssetPayments } from './asset-payments';

type Asset = Extract<AssetId, { ok: true }>;

/** At most this many known accounts are read for their balances (each is one request). */
const MAX_KNOWN = 100;

export function AssetPage({ id }: { id: string }) {
  const asset = parseAssetId(id);
  if (!asset.ok) {
    return (
      <article className="entity" aria-label="Asset">
        <h2>Asset</h2>
        <p className="banner bad" role="alert" data-testid="bad-asset">
          <Untrusted text={asset.message} />
        </p>
      </article>
    );
  }
  return (
    <article className="entity" aria-label={`Asset ${asset.key}`} data-entity="asset">
      <header className="entity-head">
        <h2>
          Asset <span className="mono entity-id">{asset.code}</span> <CopyButton text={asset.key} />
        </h2>
      </header>
      <div className="facts-row">
        <ViewBoundary name="The issuer">
          <IssuerCard asset={asset} />
        </ViewBoundary>
        <ViewBoundary name="The holders">
          <HoldersCard asset={asset} />
        </ViewBoundary>
      </div>
      <ViewBoundary name="The indexed payments">
        <AssetPayments asset={asset} />
      </ViewBoundary>
    </article>
  );
}

function IssuerCard({ asset }: { asset: Asset }) {
  const networkId = useUi((state) => state.networkId);
  const issuer = asset.native ? undefined : asset.issuer;
  const label = useLabel(issuer);
  const query = useQuery({ ...entityQuery('account', issuer ?? '', networkId), enabled: issuer !== undefined });
  const account = query.data as Account | undefined;
  return (
    <section className="card" aria-label="Issuer">
      <h3>Issuer</h3>
      {issuer === undefined ? (
        <p>The native asset (XLM) has no issuer: it is the network's own currency.</p>
      ) : (
        <>
          <p>
            <IdLink kind="account" id={issuer} full />
            {label ? (
              <span className="muted" data-testid="issuer-label">
                {' '}
                <LabelText name={label} />
              </span>
            ) : null}
          </p>
          <TomlClaim subject={{ asset: { code: asset.code, issuer } }} />
          {query.isPending ? <p role="status">Loading the issuer…</p> : null}
          {query.isError ? (
            <p className="muted" role="status">
              {errorCode(query.error) === 'not_found'
                ? 'The issuer account does not exist on this network.'
                : `Could not load the issuer: ${query.error.message}`}
            </p>
          ) : null}
          {account ? (
            <dl className="fields" data-testid="issuer-facts">
              <div className="field">
                <dt>Sequence</dt>
                <dd className="mono">{account.sequence}</dd>
              </div>
              <div className="field">
                <dt>Subentries</dt>
                <dd>{account.subentryCount}</dd>
              </div>
              <div className="field">
                <dt>Flags</dt>
                <dd>
                  {Object.entries(account.flags ?? {})
                    .filter(([, on]) => on)
                    .map(([name]) => name)
                    .join(', ') || 'none'}
                </dd>
              </div>
            </dl>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The accounts this app knows on the selected network: watched, labelled and indexed ones. */
function useKnownAccounts(): { accounts: string[]; pending: boolean } {
  const networkId = useUi((state) => state.networkId);
  const watched = useQuery({
    queryKey: ['stream:list', networkId],
    queryFn: ({ signal }) => call('stream:list', {}, signal),
  });
  const labels = useQuery({ queryKey: ['labels:list'], queryFn: ({ signal }) => call('labels:list', {}, signal) });
  const indexed = useQuery({
    queryKey: ['history:list', networkId],
    queryFn: ({ signal }) => call('history:list', {}, signal),
  });
  const all = new Set<string>();
  for (const w of watched.data?.watched ?? []) if (w.networkId === networkId) all.add(w.account);
  for (const entry of labels.data?.labels ?? []) all.add(entry.account);
  for (const index of indexed.data?.indexes ?? [])
    if (index.networkId === indexed.data?.networkId) all.add(index.account);
  return {
    accounts: [...all].sort().slice(0, MAX_KNOWN),
    pending: watched.isPending || labels.isPending || indexed.isPending,
  };
}

function HoldersCard({ asset }: { asset: Asset }) {
  const networkId = useUi((state) => state.networkId);
  const known = useKnownAccounts();
  const results = useQueries({ queries: known.accounts.map((id) => entityQuery('account', id, networkId)) });
  const holders = results.flatMap((result) => {
    const account = result.data as Account | undefined;
    const balance = account?.balances.find((b) => !b.liquidityPoolId && isAsset(asset, b.currency));
    return account && balance ? [{ account: account.id, balance }] : [];
  });
  const loading = known.pending || results.some((r) => r.isPending);
  const failed = results.filter((r) => r.isError && errorCode(r.error) !== 'not_found').length;
  return (
    <section className="card" aria-label="Holders you can see">
      <h3>Holders you can see</h3>
      <p className="muted small" data-testid="holders-note">
        Only accounts this app knows (watched, labelled or indexed: {known.accounts.length}) are checked; other holders
        of {asset.code} are not listed.
      </p>
      {loading ? <p role="status">Reading balances…</p> : null}
      {failed > 0 ? (
        <p className="muted small" role="status">
          {failed} known account(s) could not be read.
        </p>
      ) : null}
      {holders.length > 0 ? (
        <table className="dense" aria-label="Holders">
          <tbody>
            {holders.map((h) => (
              <tr key={h.account}>
                <td>
                  <IdLink kind="account" id={h.account} />
                </td>
                <td className="end">
                  <Money amount={h.balance.amount} currency={h.balance.currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : loading ? null : (
        <p data-testid="no-holders">None of the accounts this app knows holds {asset.code}.</p>
      )}
    </section>
  );
}
