import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OperationTable } from '../../renderer/src/components/operation-table';
import { listingKey, MAX_PAGES, PAGE_SIZE } from '../../renderer/src/lib/listing';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, FakeError, fakeBridge, operationHandler, paymentsHandler } from './support/fake-bridge';
import { giveTablesASize, renderWith } from './support/render';

const target = { kind: 'payments', account: ACCOUNT } as const;

function grid() {
  return screen.getByRole('grid', { name: 'Payments' });
}

function scrollTo(top: number) {
  act(() => {
    grid().scrollTop = top;
    fireEvent.scroll(grid());
  });
}

beforeAll(() => giveTablesASize());
beforeEach(() => {
  // The selected network is in every listing's query key: start from the store's first state (no
  // network yet), whatever a file before this one left in it (the renderer files share modules).
  useUi.setState(useUi.getInitialState(), true);
  window.location.hash = `#/account/${ACCOUNT}`;
});
afterEach(cleanup);

describe('OperationTable', () => {
  it('shows the first page newest first, with exact grouped amounts, direction and failed rows hidden', async () => {
    const bridge = fakeBridge({ 'payments:list': paymentsHandler(30) });
    renderWith(bridge, <OperationTable target={target} label="Payments" viewed={ACCOUNT} />);
    // The 30 - 4 successful payments, all loaded; only a screenful (20 + overscan 4) is in the DOM.
    await waitFor(() => expect(screen.getByTestId('loaded-count')?.textContent).toContain('26 payments loaded (all)'));
    expect(within(grid()).getAllByRole('row')).toHaveLength(1 + 24);
    const rows = within(grid()).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('1,029.0000029');
    expect(rows[1]?.textContent).toContain('out');
    expect(rows[2]?.textContent).toContain('in');
    const call = bridge.calls.find((c) => c.channel === 'payments:list');
    expect(call?.args).toMatchObject({
      query: { order: 'desc', includeFailed: false, includeTransactions: false, limit: PAGE_SIZE },
    });
  });

  it('shows the direction the core decided, and works none out itself', async () => {
    const handler = paymentsHandler(4);
    const bridge = fakeBridge({
      'payments:list': (args: Parameters<typeof handler>[0]) => {
        const page = handler(args);
        // The newest record arrives with the core's direction swapped, the next one without any.
        const [first, second, ...rest] = page.records;
        return {
          ...page,
          records: [{ ...first!, direction: 'both' as const }, { ...second!, direction: undefined }, ...rest],
        };
      },
    });
    renderWith(bridge, <OperationTable target={target} label="Payments" viewed={ACCOUNT} />);
    await waitFor(() => expect(within(grid()).getAllByRole('row')).toHaveLength(1 + 3));
    const rows = within(grid()).getAllByRole('row');
    expect(rows[1]?.querySelector('.badge[class*="dir-"]')?.textContent).toBe('both');
    expect(rows[2]?.querySelector('.badge[class*="dir-"]')).toBeNull();
    expect(rows[3]?.querySelector('.badge[class*="dir-"]')?.textContent).toBe('in');
  });

  it('fetches the next page when the loader row scrolls into view, and bounds memory', async () => {
    const bridge = fakeBridge({ 'payments:list': paymentsHandler(3000) });
    const { client } = renderWith(bridge, <OperationTable target={target} label="Payments" />);
    await waitFor(() => expect(screen.getByTestId('loaded-count')?.textContent).toContain(`${PAGE_SIZE} payments`));
    for (let page = 1; page <= MAX_PAGES + 3; page++) {
      scrollTo(page * PAGE_SIZE * 30);
      await waitFor(() =>
        expect(screen.getByTestId('loaded-count')?.textContent).toContain(
          `${((page + 1) * PAGE_SIZE).toLocaleString('en')} payments`,
        ),
      );
    }
    // Pages before the kept window were dropped: at most MAX_PAGES are in memory.
    const kept = client.getQueryData<{ pages: unknown[] }>(
      listingKey(target, { order: 'desc', includeFailed: false, includeTransactions: false }),
    );
    expect(kept?.pages).toHaveLength(MAX_PAGES);
    // The first rows are placeholders again, fetched backwards (reversed order) when seen.
    scrollTo(0);
    await waitFor(() =>
      expect(
        bridge.calls.filter(
          (c) => c.channel === 'payments:list' && (c.args as { query: { order: string } }).query.order === 'asc',
        ).length,
      ).toBeGreaterThan(0),
    );
  });

  it('counts what was read, not what is kept: scrolling back to the top keeps "N loaded (all)"', async () => {
    const total = (MAX_PAGES + 5) * PAGE_SIZE - 7; // a seventh are failed and hidden: still past the kept pages
    const bridge = fakeBridge({ 'payments:list': paymentsHandler(total) });
    renderWith(bridge, <OperationTable target={target} label="Payments" />);
    const count = () => screen.getByTestId('loaded-count')?.textContent ?? '';
    await waitFor(() => expect(count()).toContain(`${PAGE_SIZE} payments`));
    for (let page = 1; !count().includes('(all)'); page++) {
      const before = count();
      scrollTo(page * PAGE_SIZE * 30);
      await waitFor(() => expect(count()).not.toBe(before));
      if (page > MAX_PAGES + 5) throw new Error(`never reached the end: ${count()}`);
    }
    const all = count();
    expect(all).toMatch(/^1,451 payments loaded \(all\) · [\d,]+ kept in memory$/);
    // Back to the top: the first pages are read again and the last ones dropped; the count holds.
    scrollTo(0);
    await waitFor(() =>
      expect(
        bridge.calls.filter(
          (c) => c.channel === 'payments:list' && (c.args as { query: { order: string } }).query.order === 'asc',
        ).length,
      ).toBeGreaterThan(0),
    );
    await waitFor(() => expect(count().split(' · ')[0]).toBe(all.split(' · ')[0]));
  });

  it('shows an error row with a retry that loads the page', async () => {
    const handler = paymentsHandler(400);
    let fail = true;
    const bridge = fakeBridge({
      'payments:list': (args) => {
        if (args.query.cursor && fail) throw new FakeError('unreachable', 'the network is unreachable');
        return handler(args);
      },
    });
    renderWith(bridge, <OperationTable target={target} label="Payments" />);
    await waitFor(() => expect(screen.getByTestId('loaded-count')?.textContent).toContain(`${PAGE_SIZE} payments`));
    scrollTo(PAGE_SIZE * 30);
    const alert = await screen.findByRole('alert');
    expect(alert?.textContent).toContain('the network is unreachable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('loaded-count')?.textContent).toContain(`${2 * PAGE_SIZE} payments`));
  });

  it('shows an empty state', async () => {
    renderWith(
      fakeBridge({ 'payments:list': paymentsHandler(0) }),
      <OperationTable target={target} label="Payments" />,
    );
    expect(await screen.findByText(/No payments/)).toBeTruthy();
  });

  it('puts order and toggles in the query and the address', async () => {
    const bridge = fakeBridge({ 'payments:list': paymentsHandler(30) });
    renderWith(bridge, <OperationTable target={target} label="Payments" />);
    await within(grid()).findAllByRole('row');
    fireEvent.click(screen.getByRole('button', { name: /Order: newest first/ }));
    await waitFor(() => expect(window.location.hash).toContain('order=asc'));
    fireEvent.click(screen.getByLabelText('Include failed'));
    fireEvent.click(screen.getByLabelText('Include transactions'));
    await waitFor(() =>
      expect(bridge.calls.at(-1)?.args).toMatchObject({
        query: { order: 'asc', includeFailed: true, includeTransactions: true },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('loaded-count')?.textContent).toContain('30 payments loaded (all)'));
    expect(within(grid()).getAllByRole('row')[1]?.textContent).toContain('1,000');
    expect(screen.getByRole('columnheader', { name: 'Memo' })).toBeTruthy();
    expect(within(grid()).getAllByText('failed').length).toBeGreaterThan(0);
  });

  it('moves with j/k, opens the drawer with Enter and closes it with Escape', async () => {
    const bridge = fakeBridge({ 'payments:list': paymentsHandler(30), 'operation:get': operationHandler(30) });
    renderWith(bridge, <OperationTable target={target} label="Payments" />);
    await waitFor(() => expect(within(grid()).getAllByRole('row').length).toBeGreaterThan(20));
    grid().focus();
    fireEvent.keyDown(grid(), { key: 'j' });
    fireEvent.keyDown(grid(), { key: 'j' });
    fireEvent.keyDown(grid(), { key: 'k' });
    const selected = within(grid())
      .getAllByRole('row')
      .filter((row) => row.getAttribute('aria-selected') === 'true');
    expect(selected).toHaveLength(1);
    expect(selected[0]!.dataset.index).toBe('0');
    fireEvent.keyDown(grid(), { key: 'Enter' });
    const drawer = await screen.findByRole('dialog');
    // The raw JSON, fetched when the drawer opens, keeps ids above 2^53 digit for digit.
    await waitFor(() =>
      expect(drawer.querySelector('pre')?.textContent).toContain(`"id": ${((60_000_029n << 32n) | 4097n).toString()}`),
    );
    expect(bridge.calls.filter((c) => c.channel === 'operation:get')).toEqual([
      { channel: 'operation:get', args: { id: ((60_000_029n << 32n) | 4097n).toString() } },
    ]);
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
