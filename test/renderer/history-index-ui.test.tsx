// "Index this account" and the Indexes section with a fake bridge: progress events drive the
// panel (and only this network's), the list shows size, state and where history starts.
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryIndexInfo, HistoryProgress } from '../../shared/history';
import { IndexPanel, progressText } from '../../renderer/src/features/workbench/index-panel';
import { IndexesSection } from '../../renderer/src/features/workbench/indexes-section';
import { applyProgress, historyKey } from '../../renderer/src/lib/history';
import { href } from '../../renderer/src/lib/router';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, fakeBridge, OTHER } from './support/fake-bridge';
import { renderWith } from './support/render';

const progress = (state: HistoryProgress['state'], extra: Partial<HistoryProgress> = {}): HistoryProgress => ({
  account: ACCOUNT,
  networkId: 'local',
  state,
  records: 0,
  ratePerSecond: 0,
  oldest: null,
  newest: null,
  completeFromLedger: null,
  ...extra,
});

beforeEach(() => useUi.setState({ networkId: 'local' }));
afterEach(cleanup);

describe('a sync waiting out a rate limit', () => {
  const base: HistoryProgress = {
    account: ACCOUNT,
    networkId: 'local',
    state: 'syncing',
    records: 1200,
    ratePerSecond: 0,
    oldest: null,
    newest: null,
    completeFromLedger: null,
  };
  it('says how long it waits and the most it will wait before the sync stops (issue 37.1)', () => {
    expect(progressText({ ...base, waitingMs: 14_200, waitLimitMs: 300_000 })).toBe(
      '1,200 records · 0/s · rate limited: waiting 15 s (it waits at most 300 s)',
    );
    expect(progressText({ ...base, waitingMs: 14_200 })).toBe('1,200 records · 0/s · rate limited: waiting 15 s');
    // A 503 is the server unavailable, not a rate limit (issue 37.8).
    expect(progressText({ ...base, waitingMs: 14_200, waitingFor: 'unavailable' })).toBe(
      '1,200 records · 0/s · server unavailable (503): retrying in 15 s',
    );
    expect(progressText(base)).toBe('1,200 records · 0/s');
  });
});

describe('Index this account', () => {
  it('starts a sync, shows records, rate and reach from progress events, pauses, and links to the workbench when current', async () => {
    const bridge = fakeBridge({
      'history:status': () => progress('idle'),
      'history:sync': () => progress('syncing'),
      'history:pause': () => progress('paused', { records: 400 }),
    });
    const { client } = renderWith(bridge, <IndexPanel account={ACCOUNT} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Index this account' }));
    await waitFor(() => expect(screen.getByTestId('index-state').textContent).toBe('syncing'));
    expect(bridge.calls.find((c) => c.channel === 'history:sync')?.args).toEqual({ account: ACCOUNT });
    act(() =>
      bridge.emit(
        'history:progress',
        progress('syncing', {
          records: 1234,
          ratePerSecond: 310.4,
          oldest: '2026-11-01T00:00:05Z',
          newest: '2026-11-02T10:11:12Z',
        }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('index-progress').textContent).toBe(
        '1,234 records · 310/s · 2026-11-01 00:00:05 – 2026-11-02 10:11:12 UTC',
      ),
    );
    // Another network's sync of the same account is not this one's (the cache is written at once).
    act(() => bridge.emit('history:progress', progress('current', { networkId: 'testnet', records: 9 })));
    expect(client.getQueryData(['history', 'local', 'status', ACCOUNT])).toMatchObject({
      state: 'syncing',
      records: 1234,
    });
    act(() => bridge.emit('history:progress', progress('syncing', { records: 1235, ratePerSecond: 2 })));
    expect(client.getQueryData(['history', 'local', 'status', ACCOUNT])).toMatchObject({
      state: 'syncing',
      records: 1235,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.getByTestId('index-state').textContent).toBe('paused'));
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    act(() =>
      bridge.emit(
        'history:progress',
        progress('current', { records: 5000, oldest: '2026-11-01T00:00:05Z', newest: '2026-11-03T00:00:00Z' }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('index-state').textContent).toBe('current'));
    expect(screen.getByRole('link', { name: 'Open in workbench' }).getAttribute('href')).toBe(href('history', ACCOUNT));
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('shows why a sync stopped', async () => {
    const bridge = fakeBridge({
      'history:status': () => progress('error', { records: 10, message: 'the network is unreachable' }),
    });
    renderWith(bridge, <IndexPanel account={ACCOUNT} />);
    expect(await screen.findByText('the network is unreachable')).toBeTruthy();
    expect(screen.getByTestId('index-state').textContent).toBe('stopped by an error');
  });
});

describe('the Indexes section', () => {
  const info = (account: string, extra: Partial<HistoryIndexInfo>): HistoryIndexInfo => ({
    account,
    networkId: 'local',
    rows: 12_345,
    bytes: 3 * 1024 * 1024,
    oldest: '2026-11-01T00:00:00Z',
    newest: '2026-11-20T00:00:00Z',
    completeFromLedger: 1,
    lastPagingToken: '1',
    state: 'current',
    ...extra,
  });

  it('lists size, state and where history is complete from, indexes every watched account and removes one', async () => {
    let indexes = [info(ACCOUNT, {}), info(OTHER, { completeFromLedger: 60_000_123, state: 'paused' })];
    const bridge = fakeBridge({
      'history:list': () => ({ networkId: 'local', indexes, fileBytes: 7 * 1024 * 1024 }),
      'history:remove': ({ account }) => {
        indexes = indexes.filter((i) => i.account !== account);
        return { removed: true };
      },
      'history:sync': ({ account }) => progress('syncing', { account }),
      'stream:list': () => ({
        watched: [
          { account: ACCOUNT, networkId: 'local' },
          { account: OTHER, networkId: 'local' },
        ],
        statuses: [],
      }),
    });
    renderWith(bridge, <IndexesSection />);
    const table = await screen.findByRole('table', { name: 'Indexed accounts' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first!.textContent).toContain('12,345');
    expect(first!.textContent).toContain('3.0 MiB');
    expect(first!.textContent).toContain('the server keeps all history');
    expect(second!.textContent).toContain('paused');
    expect(second!.textContent).toContain('this server keeps history from ledger 60,000,123');
    expect(screen.getByRole('region', { name: 'Indexes' }).textContent).toContain('7.0 MiB on disk');

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Index every watched account' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Index every watched account' }));
    expect((await screen.findByRole('status')).textContent).toBe('Started 2 of 2 watched accounts.');
    expect(
      bridge.calls.filter((c) => c.channel === 'history:sync').map((c) => (c.args as { account: string }).account),
    ).toEqual([ACCOUNT, OTHER]);

    fireEvent.click(screen.getByRole('button', { name: `Remove the index of ${OTHER}` }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(bridge.calls.find((c) => c.channel === 'history:remove')?.args).toEqual({ account: OTHER });
  });
});

describe('progress events and what was read', () => {
  it('refreshes the rows on a change of state or new records of a followed index, not on every event while syncing', () => {
    const client = new QueryClient();
    const rowsKey = historyKey('local', 'data', ACCOUNT, 'rows', {}, '-time');
    const stale = () => client.getQueryState(rowsKey)?.isInvalidated;
    const reset = () => client.setQueryData(rowsKey, { pages: [], pageParams: [] });
    reset();
    applyProgress(client, 'local', progress('syncing', { records: 10 }));
    expect(stale()).toBe(true);
    reset();
    applyProgress(client, 'local', progress('syncing', { records: 20 }));
    expect(stale()).toBe(false);
    applyProgress(client, 'local', progress('current', { records: 30 }));
    expect(stale()).toBe(true);
    reset();
    applyProgress(client, 'local', progress('current', { records: 30 }));
    expect(stale()).toBe(false);
    applyProgress(client, 'local', progress('current', { records: 31 }));
    expect(stale()).toBe(true);
    reset();
    // Another network's event changes nothing here.
    applyProgress(client, 'local', progress('error', { networkId: 'testnet' }));
    expect(stale()).toBe(false);
    expect(client.getQueryData(historyKey('local', 'status', ACCOUNT))).toMatchObject({
      state: 'current',
      records: 31,
    });
  });
});

describe('a partial or damaged index (#28.2, #28.9)', () => {
  const coverage = { records: 5898, throughLedger: 1234, latestLedger: 5000 };

  it('says what a partial index covers, with the core’s numbers', async () => {
    const bridge = fakeBridge({
      'history:status': () => progress('idle', { records: 5898, coverage: { ...coverage, partial: 'interrupted' } }),
    });
    renderWith(bridge, <IndexPanel account={ACCOUNT} />);
    expect((await screen.findByTestId('index-coverage')).textContent).toBe(
      'partial: indexed 5,898 records through ledger 1,234 of 5,000; interrupted: resume',
    );
    expect(screen.getByRole('button', { name: 'Update index' })).toBeTruthy();
  });

  it('shows a complete index without the partial sentence', async () => {
    const bridge = fakeBridge({
      'history:status': () => progress('current', { records: 5898, coverage: { ...coverage, partial: null } }),
    });
    renderWith(bridge, <IndexPanel account={ACCOUNT} />);
    await waitFor(() => expect(screen.getByTestId('index-state').textContent).toBe('current'));
    expect(screen.queryByTestId('index-coverage')).toBeNull();
  });

  it('names a damaged index, offers only Rebuild, and rebuilds it', async () => {
    const message = `The history index of ${ACCOUNT} is damaged (stored page 3 fails its checksum); nothing is read from it.`;
    const bridge = fakeBridge({
      'history:status': () => progress('error', { message, coverage: { ...coverage, partial: 'damaged' } }),
      'history:rebuild': () => progress('syncing'),
    });
    renderWith(bridge, <IndexPanel account={ACCOUNT} />);
    expect((await screen.findByTestId('index-damaged')).textContent).toBe(message);
    expect(screen.getByTestId('index-state').textContent).toBe('damaged');
    expect(screen.queryByRole('button', { name: 'Update index' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open in workbench' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rebuild' }));
    await waitFor(() => expect(screen.getByTestId('index-state').textContent).toBe('syncing'));
    expect(bridge.calls.find((c) => c.channel === 'history:rebuild')?.args).toEqual({ account: ACCOUNT });
  });
});
