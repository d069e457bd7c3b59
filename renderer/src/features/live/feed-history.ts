// The feed's past: when the app starts (or the page reloads) and whenever the watch list changes,
// the core's recent payments of every watched account fill the feed, merged by time with what
// has streamed in meanwhile (lib/store.ts fillFeed).
import { useEffect } from 'react';
import { useWatched } from '../../components/sidebar';
import { call } from '../../lib/bridge';
import { useUi } from '../../lib/store';

export function useFeedHistory(): void {
  const watched = useWatched();
  const accounts = watched.data?.watched.map((w) => `${w.networkId}/${w.account}`).join(',') ?? '';
  useEffect(() => {
    if (!accounts) return;
    const controller = new AbortController();
    call('stream:feed', { limit: 50 }, controller.signal).then(
      ({ items, errors }) => {
        useUi
          .getState()
          .fillFeed(items.map((item) => ({ ...item, receivedAt: Date.parse(item.record.createdAt) || Date.now() })));
        for (const error of errors)
          useUi.getState().addNotice('warning', `Could not read the recent payments of ${error}`);
      },
      () => undefined, // the streams still deliver what is new; the past comes with the next change
    );
    return () => controller.abort();
  }, [accounts]);
}
