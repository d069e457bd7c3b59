import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatched } from '../../components/sidebar';
import { call } from '../../lib/bridge';

/** Watch (or stop watching) the viewed account from its page. */
export function WatchButton({ account }: { account: string }) {
  const client = useQueryClient();
  const watched = useWatched();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const watching = watched.data?.watched.some((w) => w.account === account) ?? false;
  async function toggle() {
    setBusy(true);
    try {
      if (watching) await call('stream:unwatch', { account });
      else await call('stream:watch', { account });
      setProblem(null);
      await client.invalidateQueries({ queryKey: ['stream:list'] });
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="small"
      onClick={() => void toggle()}
      disabled={busy || watched.isPending}
      aria-pressed={watching}
      title={problem ?? undefined}
    >
      {watching ? '★ Watching' : '☆ Watch'}
    </button>
  );
}
