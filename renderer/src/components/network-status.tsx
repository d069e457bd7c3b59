import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/bridge';

/** The selected network's live status: online or offline, latency, latest ledger, rate limit left. */
export function NetworkStatus() {
  const networks = useQuery({ queryKey: ['network:list'], queryFn: ({ signal }) => call('network:list', {}, signal) });
  const health = useQuery({
    queryKey: ['network:health'],
    queryFn: ({ signal }) => call('network:health', {}, signal),
    refetchInterval: 5_000,
  });
  const selected = networks.data?.profiles.find((profile) => profile.id === networks.data?.selectedId);
  const status = health.data;
  const state = !status ? 'checking' : status.online ? 'online' : 'offline';
  return (
    <section className="network-status" aria-label="Network status" data-state={state}>
      <div className="network-name">
        <span className={`dot dot-${state}`} aria-hidden="true" />
        {selected?.name ?? 'Network'} · <span data-testid="network-state">{state}</span>
      </div>
      {status?.online ? (
        <dl className="network-facts">
          <dt>Latency</dt>
          <dd>{status.latencyMs} ms</dd>
          <dt>Ledger</dt>
          <dd>{status.latestLedger ?? '—'}</dd>
          <dt>Rate limit left</dt>
          <dd>{status.rateLimitRemaining ?? '—'}</dd>
        </dl>
      ) : status ? (
        <p className="muted small" title={status.error}>
          {status.error}
        </p>
      ) : null}
    </section>
  );
}
