// A listing's cache key (renderer/src/lib/listing.ts), one thing changed at a time: each of the
// network, the target, the order and both toggles makes a key of its own, so ticking "Include
// failed" alone shows that listing and not the cached one.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OperationTable } from '../../renderer/src/components/operation-table';
import { listingKey, type ListingFilters } from '../../renderer/src/lib/listing';
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
});
