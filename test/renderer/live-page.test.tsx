import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StreamStatus } from '../../shared/model';
import { LivePage } from '../../renderer/src/features/live/live-page';
import { useUi } from '../../renderer/src/lib/store';
import { useLiveEvents } from '../../renderer/src/lib/live';
import { ACCOUNT, fakeBridge, payment } from './support/fake-bridge';
import { giveTablesASize, renderWith } from './support/render';

function Live() {
  useLiveEvents();
  return <LivePage />;
}

const status = (state: StreamStatus['state'], extra: Partial<StreamStatus> = {}): StreamStatus => ({
  account: ACCOUNT,
  networkId: 'local',
  state,
  ...extra,
});

function setup() {
  const bridge = fakeBridge({
    'stream:list': () => ({
      watched: [{ account: ACCOUNT, networkId: 'local', minAmounts: { '*': '10' } }],
      statuses: [status('connecting')],
    }),
  });
  renderWith(bridge, <Live />);
  return bridge;
}

const record = (i: number) => ({ account: ACCOUNT, networkId: 'local', record: payment(i * 2), notify: false });
const feedRows = () =>
  within(screen.getByRole('grid', { name: 'Live feed' }))
    .queryAllByRole('row')
    .filter((row) => row.dataset.index !== undefined);

beforeAll(() => giveTablesASize());
afterEach(() => {
  cleanup();
  useUi.setState({ feed: [], held: [], paused: false, unread: {}, statuses: {} });
});

describe('Live page', () => {
  it("shows each watched account's stream state as it changes", async () => {
    const bridge = setup();
    const state = await screen.findByTestId('stream-state');
    expect(state.textContent).toBe('connecting');
    expect(screen.getByRole('table', { name: 'Watched accounts' }).textContent).toContain('10');
    act(() => bridge.emit('stream:status', status('live')));
    expect(state.textContent).toBe('live');
    act(() => bridge.emit('stream:status', status('reconnecting', { attempt: 2 })));
    expect(state.textContent).toBe('reconnecting 2');
    act(() => bridge.emit('stream:status', status('behind', { behindBy: 3 })));
    expect(state.textContent).toBe('behind 3');
  });

  it('lists records newest first, once each, and holds them while paused', async () => {
    const bridge = setup();
    await screen.findByTestId('stream-state');
    act(() => {
      bridge.emit('stream:record', record(1));
      bridge.emit('stream:record', record(2));
      bridge.emit('stream:record', record(2));
    });
    await waitFor(() => expect(feedRows()).toHaveLength(2));
    expect(feedRows()[0]!.textContent).toContain(payment(4).id);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => bridge.emit('stream:record', record(3)));
    expect(screen.getByRole('button', { name: 'Resume (1 new)' })).toBeTruthy();
    expect(feedRows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Resume (1 new)' }));
    await waitFor(() => expect(feedRows()).toHaveLength(3));
    expect(feedRows()[0]!.textContent).toContain(payment(6).id);
  });
});
