// A listing's cache key and its edges (renderer/src/lib/listing.ts), one thing changed at a time:
// each of the network, the target, the order and both toggles makes a key of its own, so ticking
// "Include failed" alone (or changing the order alone) shows that listing and not the cached one;
// and the page before the first kept one exists only past the first page (index 1 refills index 0,
// index 0 has none before it).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OperationTable } from '../../renderer/src/components/operation-table';
import { setBridge } from '../../renderer/src/lib/bridge';
import { listingKey, MAX_PAGES, PAGE_SIZE, useListing, type ListingFilters } from '../../renderer/src/lib/listing';
import { ACCOUNT, fakeBridge, OTHER, paymentsHandler } from './support/fake-bridge';
import { giveTablesASize, renderWith } from './support/render';

const target = { kind: 'payments', account: ACCOUNT } as const;
const filters: ListingFilters = { order: 'desc', includeFailed: false, includeTransactions: false };

beforeAll(() => giveTablesASize());
beforeEach(() => {
  window.location.hash = `#/account/${ACCOUNT}`;
});
afterEach(cleanup);

describe('listingKey', () => {
  it('is the same for the same listing, and differs when exactly one thing differs', () => {
    const key = listingKey(target, filters, 'local');
    expect(listingKey({ ...target }, { ...filters }, 'local')).toEqual(key);
    const one = [
      listingKey(target, filters, 'testnet'),
      listingKey({ kind: 'payments', account: OTHER }, filters, 'local'),
      listingKey({ kind: 'operations', scope: 'account', id: ACCOUNT }, filters, 'local'),
      listingKey(target, { ...filters, order: 'asc' }, 'local'),
      listingKey(target, { ...filters, includeFailed: true }, 'local'),
      listingKey(target, { ...filters, includeTransactions: true }, 'local'),
    ];
    for (const other of one) expect(other).not.toEqual(key);
    expect(new Set(one.map((k) => JSON.stringify(k))).size).toBe(one.length);
  });
});

describe('one toggle at a time', () => {
  const grid = () => screen.getByRole('grid', { name: 'Payments' });
  const loaded = () => screen.getByTestId('loaded-count').textContent ?? '';
  type Query = { order: string; includeFailed: boolean; includeTransactions: boolean };
  const lastQuery = (bridge: ReturnType<typeof fakeBridge>) => (bridge.calls.at(-1)?.args as { query: Query }).query;

  it('"Include failed" alone shows the failed rows, and hides them again', async () => {
    const bridge = fakeBridge({ 'payments:list': paymentsHandler(30) });
    renderWith(bridge, <OperationTable target={target} label="Payments" />);
    await waitFor(() => expect(loaded()).toContain('26 payments loaded (all)'));
    fireEvent.click(screen.getByLabelText('Include failed'));
    await waitFor(() => expect(loaded()).toContain('30 payments loaded (all)'));
    expect(lastQuery(bridge)).toMatchObject({ order: 'desc', includeFailed: true, includeTransactions: false });
    expect(within(grid()).getAllByText('failed').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByLabelText('Include failed'));
    await waitFor(() => expect(loaded()).toContain('26 payments loaded (all)'));
    expect(within(grid()).queryAllByText('failed')).toEqual([]);
  });

  it('the order alone lists the oldest first, and the newest again', async () => {
    const bridge = fakeBridge({ 'payments:list': paymentsHandler(30) });
    renderWith(bridge, <OperationTable target={target} label="Payments" />);
    const firstRow = () => within(grid()).getAllByRole('row')[1]?.textContent ?? '';
    await waitFor(() => expect(firstRow()).toContain('1,029.0000029'));
    fireEvent.click(screen.getByRole('button', { name: /Order: newest first/ }));
    await waitFor(() => expect(firstRow()).toContain('1,000'));
    expect(lastQuery(bridge)).toMatchObject({ order: 'asc', includeFailed: false, includeTransactions: false });
    fireEvent.click(screen.getByRole('button', { name: /Order: oldest first/ }));
    await waitFor(() => expect(firstRow()).toContain('1,029.0000029'));
  });
});

describe('the page before the first kept one', () => {
  it('does not exist for the first page; for page 1 it is page 0, the newest records again', async () => {
    setBridge(fakeBridge({ 'payments:list': paymentsHandler(3_000) }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useListing(target, filters), { wrapper });
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    const newest = result.current.data!.pages[0]!.records.map((r) => r.pagingToken);
    expect(newest).toHaveLength(PAGE_SIZE);
    expect(result.current.hasPreviousPage).toBe(false);
    // One page more than are kept: page 0 is dropped, page 1 is the first kept.
    for (let page = 1; page <= MAX_PAGES; page++) {
      await act(() => result.current.fetchNextPage());
      await waitFor(() => expect(result.current.data?.pages.at(-1)?.index).toBe(page));
    }
    expect(result.current.data!.pages[0]!.index).toBe(1);
    expect(result.current.hasPreviousPage).toBe(true);
    await act(() => result.current.fetchPreviousPage());
    await waitFor(() => expect(result.current.data?.pages[0]?.index).toBe(0));
    expect(result.current.data!.pages[0]!.records.map((r) => r.pagingToken)).toEqual(newest);
    expect(result.current.hasPreviousPage).toBe(false);
  });
});
