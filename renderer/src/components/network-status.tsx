// The network picker and the selected network's live status: online or offline, latency,
// latest ledger, rate limit left. Health is polled and also pushed by the host.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showHidden } from '../../../shared/visible-text';
import { call, onEvent } from '../lib/bridge';
import { reloadLabels } from '../lib/labels';
import { useUi } from '../lib/store';
import { RateLimitCountdown } from './listing-notices';
import { Untrusted } from './untrusted';

export function useNetworks() {
  return useQuery({ queryKey: ['network:list'], queryFn: ({ signal }) => call('network:list', {}, signal) });
}

export function useHealth() {
  const client = useQueryClient();
  useEffect(() => {
    return onEvent('network:health', (health) => client.setQueryData(['network:health'], health));
  }, [client]);
  const networkId = useUi((state) => state.networkId);
  const query = useQuery({
    queryKey: ['network:health'],
    queryFn: ({ signal }) => call('network:health', {}, signal),
    refetchInterval: 5_000,
    retry: false,
  });
  // A reading of the previous network (pushed or fetched before the switch) says nothing of this one.
  const current = query.data && (networkId === null || query.data.networkId === networkId) ? query.data : undefined;
  return { ...query, data: current };
}

export function NetworkStatus() {
  const client = useQueryClient();
  const networks = useNetworks();
  const health = useHealth();
  const selected = networks.data?.profiles.find((profile) => profile.id === networks.data?.selectedId);
  const status = health.data && health.data.networkId === selected?.id ? health.data : undefined;
  const state = !status ? 'checking' : status.online ? 'online' : 'offline';

  async function select(id: string) {
    const { selectedId } = await call('network:select', { id });
    // Everything cached belongs to the previous network: stop what is in flight, drop it, and
    // key what follows by the new one (views remount under it: app.tsx).
    await client.cancelQueries();
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app:info' });
    useUi.getState().switchNetwork(selectedId);
    // The network's own names (the local network's demo accounts) go and come with it.
    void reloadLabels().catch(() => undefined);
    await client.invalidateQueries();
  }

  return (
    <section className="network-status" aria-label="Network status" data-state={state}>
      <label className="network-pick">
        <span className="sr-only">Network</span>
        <select
          value={networks.data?.selectedId ?? ''}
          onChange={(event) => void select(event.target.value)}
          aria-label="Network"
        >
          {networks.data?.profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {showHidden(profile.name)}
            </option>
          ))}
        </select>
      </label>
      <div className="network-name">
        <span className={`dot dot-${state}`} aria-hidden="true" />
        {/* A long name (a host:port given by --network) ellipsizes; the state after it always shows. */}
        <span className="network-label" title={selected ? showHidden(selected.name) : undefined}>
          {selected ? <Untrusted text={selected.name} /> : 'Network'}
        </span>
        <span className="network-state-text">
          · <span data-testid="network-state">{state}</span>
        </span>
      </div>
      <RateLimitCountdown />
      {status?.online ? (
        <dl className="network-facts">
          <dt>Latency</dt>
          <dd>{status.latencyMs} ms</dd>
          <dt>Ledger</dt>
          <dd data-testid="latest-ledger">{status.latestLedger ?? '—'}</dd>
          <dt>Rate limit left</dt>
          <dd>{status.rateLimitRemaining ?? '—'}</dd>
          {status.historyElderLedger !== undefined && status.historyElderLedger > 1 ? (
            <>
              <dt>History from</dt>
              <dd
                data-testid="history-elder"
                title="This server keeps only recent history; older records need a full-history server."
              >
                ledger {status.historyElderLedger}
              </dd>
            </>
          ) : null}
        </dl>
      ) : status ? (
        <p className="muted small clip2" title={status.error}>
          {status.error}
        </p>
      ) : null}
    </section>
  );
}
