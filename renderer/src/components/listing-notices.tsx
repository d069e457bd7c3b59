// What a listing (and the status bar) says about Horizon's limits: a countdown while the host
// waits out a 429 ("Rate limited by Testnet: retrying in 1:54", from `network:rate-limit`), and
// the row that ends a listing at the start of the server's history (a 410 is the end of the
// list, never an error).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatCountdown } from '../../../shared/countdown';
import { historyStartMessage, type HistoryStart } from '../../../shared/history-start';
import type { RateLimitNotice } from '../../../shared/ipc';
import { call, onEvent } from '../lib/bridge';

/** The last notice seen by any view, so one that mounts during a wait shows it too. */
let lastNotice: RateLimitNotice | null = null;

/** The current rate-limit wait (null when none), re-rendering every second while it runs. */
export function useRateLimit(): { notice: RateLimitNotice; leftMs: number } | null {
  const [notice, setNotice] = useState<RateLimitNotice | null>(lastNotice);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // onEvent returns the unsubscribe, which is this effect's cleanup.
    return onEvent('network:rate-limit', (next) => {
      lastNotice = next;
      setNotice(next);
      setNow(Date.now());
    });
  }, []);
  const running = notice !== null && notice.until > now;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return running ? { notice, leftMs: notice.until - now } : null;
}

export function RateLimitCountdown() {
  const wait = useRateLimit();
  // The same query as the network picker's (network-status.tsx), so it is asked once.
  const networks = useQuery({
    queryKey: ['network:list'],
    queryFn: ({ signal }) => call('network:list', {}, signal),
    enabled: wait !== null,
  });
  if (!wait) return null;
  const name =
    networks.data?.profiles.find((profile) => profile.id === wait.notice.networkId)?.name ?? wait.notice.networkId;
  return (
    <p
      className="rate-limit"
      role="status"
      data-testid="rate-limit"
      title={`The server asked to wait (${wait.notice.source}); every request to it waits until then.`}
    >
      Rate limited by {name}: retrying in {formatCountdown(wait.leftMs)}
    </p>
  );
}

export function HistoryStartRow({ start }: { start: HistoryStart }) {
  return (
    <p className="history-start muted" role="note" data-testid="history-start">
      {historyStartMessage(start)}
    </p>
  );
}
