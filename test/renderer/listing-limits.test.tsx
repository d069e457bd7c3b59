// Horizon's limits as a listing shows them (fake bridge): a countdown while the host waits out a
// 429, in the listing and the status bar, and the row that ends a listing at the start of the
// server's history (a 410 answered as a last page with historyStart, never as an error).
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkStatus } from '../../renderer/src/components/network-status';
import { OperationTable } from '../../renderer/src/components/operation-table';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, fakeBridge, payment } from './support/fake-bridge';
import { giveTablesASize, renderWith } from './support/render';

const target = { kind: 'payments', account: ACCOUNT } as const;
const profiles = [
  {
    id: 'local',
    name: 'Local',
    baseUrl: 'http://127.0.0.1:8000',
    passphrase: 'Ledgerscope Local Network ; 2026',
    dialect: 'ledger' as const,
    builtIn: true,
  },
  {
    id: 'testnet',
    name: 'Testnet',
    baseUrl: 'https://horizon-testnet.stellar.org',
    passphrase: 'Test SDF Network ; September 2015',
    dialect: 'horizon' as const,
    builtIn: true,
  },
];
const networkList = () => ({ profiles, selectedId: 'testnet' });
const health = () => ({
  networkId: 'testnet',
  online: true,
  latencyMs: 12,
  rateLimitRemaining: 0,
  latestLedger: 52426905,
  historyElderLedger: 46500001,
  checkedAt: new Date().toISOString(),
});

beforeAll(() => giveTablesASize());
beforeEach(() => {
  // The selected network is in every listing's query key: start from the store's first state (no
  // network yet), whatever a file before this one left in it (the renderer files share modules).
  useUi.setState(useUi.getInitialState(), true);
  window.location.hash = `#/account/${ACCOUNT}`;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('listing limits', () => {
  it('shows no history-start row for a listing that simply ended', async () => {
    const records = [payment(2), payment(1)];
    const bridge = fakeBridge({
      'payments:list': ({ query }) =>
        query.cursor
          ? {
              records: [],
              next: null,
              prev: null,
              historyStart: { ledger: 46500001, closedAt: '2025-03-14T10:12:35Z' },
            }
          : { records, next: records[1]!.pagingToken, prev: null },
    });
    renderWith(bridge, <OperationTable target={target} label="Payments" />);
    // The first page is short, so the table ends there: an end row only comes from a page that carries historyStart.
    await waitFor(() => expect(screen.getByTestId('loaded-count').textContent).toContain('2 payments loaded'));
    expect(screen.queryByTestId('history-start')).toBeNull();
  });

  it('shows the history-start row on the last page and no error', async () => {
    const bridge = fakeBridge({
      'payments:list': () => ({
        records: [payment(1)],
        next: null,
        prev: null,
        historyStart: { ledger: 46500001, closedAt: '2025-03-14T10:12:35Z' },
      }),
    });
    renderWith(bridge, <OperationTable target={target} label="Payments" />);
    const row = await screen.findByTestId('history-start');
    expect(row.textContent).toBe(
      'This server keeps history from ledger 46500001 (2025-03-14); older operations, if any, are not listed. A full-history server has them.',
    );
    expect(screen.getByTestId('loaded-count').textContent).toContain('1 payment loaded (all)');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('oldest first, says where the server’s history starts above the first row, while more pages follow', async () => {
    const bridge = fakeBridge({
      'payments:list': ({ query }) => ({
        records: [payment(1), payment(2)],
        next: payment(2).pagingToken,
        prev: null,
        ...(query.cursor ? {} : { historyStart: { ledger: 46500001 } }),
      }),
    });
    renderWith(bridge, <OperationTable target={target} label="Payments" defaultOrder="asc" />);
    const row = await screen.findByTestId('history-start');
    const grid = screen.getByRole('grid', { name: 'Payments' });
    expect(row.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('counts down a rate-limit wait in the listing and the status bar, then hides it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const bridge = fakeBridge({
      'payments:list': () => new Promise(() => undefined),
      'network:list': networkList,
      'network:health': health,
    });
    renderWith(
      bridge,
      <>
        <NetworkStatus />
        <OperationTable target={target} label="Payments" />
      </>,
    );
    act(() =>
      bridge.emit('network:rate-limit', {
        networkId: 'testnet',
        until: Date.now() + 114_000,
        waitMs: 114_000,
        source: 'Retry-After',
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('rate-limit').map((el) => el.textContent)).toEqual([
        'Rate limited by Testnet: retrying in 1:54',
        'Rate limited by Testnet: retrying in 1:54',
      ]),
    );
    expect(screen.getByTestId('history-elder').textContent).toBe('ledger 46500001');
    act(() => void vi.advanceTimersByTime(4_000));
    expect(screen.getAllByTestId('rate-limit')[0]!.textContent).toBe('Rate limited by Testnet: retrying in 1:50');
    act(() => void vi.advanceTimersByTime(110_000));
    expect(screen.queryByTestId('rate-limit')).toBeNull();
  });
});
