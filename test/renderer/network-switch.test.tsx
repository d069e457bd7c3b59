import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NetworkHealth } from '../../shared/ipc';
import { NetworkStatus } from '../../renderer/src/components/network-status';
import { EntityPage } from '../../renderer/src/features/explore/entity-page';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, fakeBridge, payment } from './support/fake-bridge';
import { renderWith } from './support/render';

const PROFILES = [
  {
    id: 'local',
    name: 'Local',
    baseUrl: 'http://127.0.0.1:8000',
    passphrase: 'a',
    dialect: 'ledger' as const,
    builtIn: true,
  },
  {
    id: 'elsewhere',
    name: 'Elsewhere',
    baseUrl: 'http://127.0.0.1:9',
    passphrase: 'b',
    dialect: 'horizon' as const,
    builtIn: false,
  },
];

function health(networkId: string, online: boolean): NetworkHealth {
  return {
    networkId,
    online,
    latencyMs: online ? 3 : null,
    rateLimitRemaining: null,
    latestLedger: online ? 60_000_100 : null,
    checkedAt: new Date().toISOString(),
  };
}

beforeEach(() => {
  useUi.setState({ networkId: null, feed: [], held: [], unread: {}, statuses: {} });
  window.location.hash = '';
});
afterEach(cleanup);

describe('switching networks', () => {
  it("empties the feed, unread counts and stream states, and ignores the old network's late records", () => {
    const ui = useUi.getState();
    ui.switchNetwork('local');
    ui.addRecord({ account: ACCOUNT, networkId: 'local', record: payment(1), receivedAt: 1 }, true);
    ui.setStatus({ account: ACCOUNT, networkId: 'local', state: 'live' });
    expect(useUi.getState().feed).toHaveLength(1);
    expect(useUi.getState().unread).toEqual({ [ACCOUNT]: 1 });

    useUi.getState().switchNetwork('elsewhere');
    expect(useUi.getState()).toMatchObject({ networkId: 'elsewhere', feed: [], held: [], unread: {}, statuses: {} });
    useUi.getState().addRecord({ account: ACCOUNT, networkId: 'local', record: payment(2), receivedAt: 2 }, true);
    useUi.getState().setStatus({ account: ACCOUNT, networkId: 'local', state: 'live' });
    expect(useUi.getState()).toMatchObject({ feed: [], unread: {}, statuses: {} });
    useUi.getState().addRecord({ account: ACCOUNT, networkId: 'elsewhere', record: payment(3), receivedAt: 3 }, false);
    expect(useUi.getState().feed).toHaveLength(1);
    // Selecting the same network again keeps what is there.
    useUi.getState().switchNetwork('elsewhere');
    expect(useUi.getState().feed).toHaveLength(1);
  });

  it("a view shows nothing of the previous network under the new one's name", async () => {
    let selected = 'local';
    const bridge = fakeBridge({
      'network:list': () => ({ profiles: PROFILES, selectedId: selected }),
      'network:select': ({ id }) => {
        selected = id;
        return { selectedId: id };
      },
      'network:health': () => health(selected, selected === 'local'),
      'ledger:get': ({ sequence }) => ({
        sequence: Number(sequence),
        hash: `${selected}-hash`,
        closedAt: '2026-11-01T00:00:00Z',
        transactionCount: 0,
        operationCount: 0,
        raw: '{}',
      }),
      'ledger:transactions': () => ({ records: [], truncated: false }),
      'operations:list': () => ({ records: [], next: null, prev: null }),
    });
    useUi.getState().switchNetwork('local');
    renderWith(
      bridge,
      <>
        <NetworkStatus />
        <EntityPage kind="ledger" id="60000001" />
      </>,
    );
    expect(await screen.findByText(/local-hash/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('network-state').textContent).toBe('online'));
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Network' }), { target: { value: 'elsewhere' } });
    });
    await waitFor(() => expect(useUi.getState().networkId).toBe('elsewhere'));
    expect(await screen.findByText(/elsewhere-hash/)).toBeTruthy();
    expect(screen.queryByText(/local-hash/)).toBeNull();
    // The old network's health is not shown as the new one's.
    await waitFor(() => expect(screen.getByTestId('network-state').textContent).toBe('offline'));
    expect(bridge.calls.filter((c) => c.channel === 'ledger:get')).toHaveLength(2);
  });

  it("a selection changed elsewhere (Settings removing the selected profile) refetches under the new network's key", async () => {
    let selected = 'elsewhere';
    const bridge = fakeBridge({
      'network:list': () => ({ profiles: PROFILES, selectedId: selected }),
      'ledger:get': ({ sequence }) => ({
        sequence: Number(sequence),
        hash: `${selected}-hash`,
        closedAt: '2026-11-01T00:00:00Z',
        transactionCount: 0,
        operationCount: 0,
        raw: '{}',
      }),
      'ledger:transactions': () => ({ records: [], truncated: false }),
      'operations:list': () => ({ records: [], next: null, prev: null }),
    });
    useUi.getState().switchNetwork('elsewhere');
    const { client } = renderWith(bridge, <EntityPage kind="ledger" id="60000001" />);
    expect(await screen.findByText(/elsewhere-hash/)).toBeTruthy();
    // No cache clearing here: only the selected id changes (app.tsx follows network:list).
    selected = 'local';
    act(() => useUi.getState().switchNetwork('local'));
    expect(await screen.findByText(/local-hash/)).toBeTruthy();
    expect(screen.queryByText(/elsewhere-hash/)).toBeNull();
    expect(client.getQueryCache().findAll({ queryKey: ['entity', 'local'] })).toHaveLength(1);
  });
});
