// What a home domain says about an account or an asset in its stellar.toml (SEP-1, issue 40), as
// the core reads it (`conventions:toml`): the domain's claim, shown beside the asset or account
// (never in the user's labels, which always come first), every word of it untrusted text
// (<Untrusted>: isolated, invisible and direction characters drawn as code points). "verified" is
// said only when the core says so; otherwise the reason is. The currency's image is never loaded:
// only the host it would come from is said. The reading's age, and a Refresh that reads it again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TomlClaim as Claim } from '../../../shared/ipc-conventions';
import { call } from '../lib/bridge';
import { relativeTime } from '../lib/format';
import { useUi } from '../lib/store';
import { useNow } from '../lib/use-now';
import { Untrusted } from './untrusted';

export type ClaimSubject = { asset: { code: string; issuer: string } } | { account: string };

const keyOf = (networkId: string | null, subject: ClaimSubject) =>
  [
    'conventions:toml',
    networkId ?? '',
    'asset' in subject ? `${subject.asset.code}:${subject.asset.issuer}` : subject.account,
  ] as const;

/**
 * The claim of one asset or account. `compact` (a balance row): the currency's name, the domain and
 * the mark, the reading's time on hover, and nothing at all when no home domain is set (nothing is
 * claimed); otherwise every case is said in a sentence, with the reading's age and a Refresh.
 */
export function TomlClaim({ subject, compact = false }: { subject: ClaimSubject; compact?: boolean }) {
  const networkId = useUi((state) => state.networkId);
  const client = useQueryClient();
  const key = keyOf(networkId, subject);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call('conventions:toml', { subject, refresh: false }, signal),
    staleTime: 60_000,
  });
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      client.setQueryData(key, await call('conventions:toml', { subject, refresh: true }));
    } catch {
      await query.refetch();
    } finally {
      setRefreshing(false);
    }
  };
  if (query.isPending)
    return compact ? null : (
      <p className="toml-claim muted small" role="status">
        Reading the home domain's stellar.toml…
      </p>
    );
  if (query.isError)
    return (
      <div className="toml-claim muted small" data-testid="toml-claim" data-verified="false">
        stellar.toml not read: <Untrusted text={query.error.message} />
      </div>
    );
  const claim = query.data;
  if (claim.domain === null && compact) return null;
  const Tag = compact ? 'div' : 'section';
  return (
    <Tag
      className={compact ? 'toml-claim small' : 'toml-claim'}
      data-testid="toml-claim"
      data-verified={String(claim.verified)}
      {...(compact
        ? // A balance row keeps to one line: the reading's time on hover, its age and Refresh on the asset's page.
          { title: claim.fetchedAt === null ? undefined : `read ${new Date(claim.fetchedAt).toISOString()}` }
        : { 'aria-label': 'What its home domain says' })}
    >
      <ClaimWords claim={claim} asset={'asset' in subject} compact={compact} />
      {claim.domain !== null ? ' ' : null}
      <Mark claim={claim} />
      {claim.fetchedAt !== null && !compact ? (
        <>
          {' '}
          <Age at={claim.fetchedAt} />{' '}
          <button type="button" className="link-button" onClick={() => void refresh()} disabled={refreshing}>
            {refreshing ? 'Reading…' : 'Refresh'}
          </button>
        </>
      ) : null}
      {!compact && claim.currency?.desc ? (
        <p className="toml-desc">
          <Untrusted text={claim.currency.desc} />
        </p>
      ) : null}
      {!compact && claim.currency?.image ? <ImageNote url={claim.currency.image} /> : null}
    </Tag>
  );
}

/** “Demo US dollar” of “Ledgerscope local network” — according to localhost, each part untrusted. */
function ClaimWords({ claim, asset, compact }: { claim: Claim; asset: boolean; compact: boolean }) {
  if (claim.domain === null) return null;
  const name = asset ? claim.currency?.name : claim.orgName;
  // A balance row names the currency only; the organisation is on the asset's and the issuer's pages.
  const org = asset && claim.currency && !compact ? claim.orgName : undefined;
  return (
    <span className="toml-words">
      {name ? (
        <>
          “<Untrusted text={name} className="toml-name" />”{' '}
        </>
      ) : null}
      {org ? (
        <span className="muted">
          of “<Untrusted text={org} />”{' '}
        </span>
      ) : null}
      <span className="muted">
        {/* Nothing named: no "according to", only whose domain it is. */}
        {name ? '— according to ' : 'home domain '}
        <Untrusted text={claim.domain} className="mono" />
        {name ? '' : ':'}
      </span>
    </span>
  );
}

/** "verified" only when the core says so; otherwise "not verified: <why>". */
function Mark({ claim }: { claim: Claim }) {
  if (claim.verified)
    return (
      <span
        className="toml-mark verified"
        title={`${claim.domain}'s stellar.toml lists this exact ${claim.currency ? 'code and issuer' : 'account'}`}
      >
        ✓ verified
      </span>
    );
  return (
    <span className="toml-mark unverified">
      not verified: <Untrusted text={claim.reason ?? 'no reason given'} />
    </span>
  );
}

function Age({ at }: { at: number }) {
  const now = useNow();
  const iso = new Date(at).toISOString();
  return (
    <span className="muted" title={`read ${iso}`}>
      · read {relativeTime(iso, now)}
    </span>
  );
}

/** The currency's image is not loaded: a remote image would tell its host who looks, and when. */
function ImageNote({ url }: { url: string }) {
  const host = URL.canParse(url) ? new URL(url).host : null;
  if (host === null) return null;
  return (
    <p className="muted small" data-testid="toml-image">
      The toml names an image at <Untrusted text={host} className="mono" />; it is not loaded (a remote image would tell
      that host you looked).
    </p>
  );
}
