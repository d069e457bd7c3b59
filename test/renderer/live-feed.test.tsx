// The live feed keeps its past: history from stream:feed fills it at start, live records and
// replays land in time order once each, and relative times tick.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useFeedHistory } from '../../renderer/src/features/live/feed-history';
import { LivePage } from '../../renderer/src/features/live/live-page';
import { useLiveEvents } from '../../renderer/src/lib/live';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, fakeBridge, payment } from './support/fake-bridge';
import { giveTablesASize, renderWith } from './support/render';

function Live() {
  useLiveEvents();
  useFeedHistory();
  return <LivePage />;
}

const item = (i: number) => ({ account: ACCOUNT, networkId: 'local', record: payment(i) });
const feedRows = () =>
  within(screen.getByRole('grid', { name: 'Live feed' }))
    .queryAllByRole('row')
    .filter((row) => row.dataset.index !== undefined);
const rowIds = () => feedRows().map((row) => row.querySelector('a[data-kind="op"]')?.textContent);

beforeAll(() => giveTablesASize());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useUi.setState({ feed: [], held: [], paused: false, unread: {}, statuses: {} });
});

function setup() {
  const bridge = fakeBridge({
    'stream:list': () => ({ watched: [{ account: ACCOUNT, networkId: 'local' }], statuses: [] }),
    // History: payments 0, 2, 4, 6, newest first, as the core answers.
    'stream:feed': () => ({ items: [6, 4, 2, 0].map(item), errors: [] }),
  });
  renderWith(bridge, <Live />);
  return bridge;
}

describe('live feed history', () => {
  it('starts with the recent payments, then places live records and replays by time, once each', async () => {
    const bridge = setup();
    await waitFor(() => expect(feedRows()).toHaveLength(4));
    expect(rowIds()).toEqual([6, 4, 2, 0].map((i) => payment(i).id));
    // Not unread: history is not news.
    expect(useUi.getState().unread).toEqual({});
    act(() => {
      bridge.emit('stream:record', { ...item(8), notify: false });
      // A reconnection replays 6 and brings 5, which it had missed.
      bridge.emit('stream:record', { ...item(6), notify: false });
      bridge.emit('stream:record', { ...item(5), notify: false });
    });
    await waitFor(() => expect(feedRows()).toHaveLength(6));
    expect(rowIds()).toEqual([8, 6, 5, 4, 2, 0].map((i) => payment(i).id));
  });

  it('ticks relative times', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse(payment(6).createdAt) + 12_000 });
    setup();
    await waitFor(() => expect(feedRows()).toHaveLength(4));
    const first = () => feedRows()[0]!.querySelector('[data-testid="relative-time"]')!.textContent;
    expect(first()).toMatch(/^1[2-3]s ago$/);
    act(() => vi.advanceTimersByTime(60_000));
    expect(first()).toMatch(/^1m ago$/);
  });
});
