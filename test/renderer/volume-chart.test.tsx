// The account page's payment volume covers a fixed window of its own (the newest 200 payments),
// says so, and does not change when the payments table loads more rows or scrolls.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OperationTable } from '../../renderer/src/components/operation-table';
import { PAGE_SIZE } from '../../renderer/src/lib/listing';
import { VolumeChart, WINDOW } from '../../renderer/src/features/explore/volume-chart';
import { ACCOUNT, fakeBridge, paymentsHandler } from './support/fake-bridge';
import { giveTablesASize, renderWith } from './support/render';

beforeAll(() => giveTablesASize());
afterEach(cleanup);

const figures = () => screen.getByRole('region', { name: 'Payment volume' }).textContent;

describe('payment volume', () => {
  it('asks for the newest 200 payments itself and says it covers them', async () => {
    const bridge = fakeBridge({ 'payments:list': paymentsHandler(1_000) });
    renderWith(bridge, <VolumeChart account={ACCOUNT} />);
    await waitFor(() => expect(figures()).toContain(`The newest ${WINDOW} payments`));
    expect(bridge.calls.map((c) => c.args)).toEqual([
      { account: ACCOUNT, query: { limit: WINDOW, order: 'desc', includeFailed: false, includeTransactions: false } },
    ]);
  });

  it('says "all N payments" when the account has fewer than the window, and one more is a window', async () => {
    renderWith(fakeBridge({ 'payments:list': paymentsHandler(WINDOW - 1) }), <VolumeChart account={ACCOUNT} />);
    // paymentsHandler hides every seventh (failed) one: the chart counts what it was given.
    await waitFor(() => expect(figures()).toMatch(/All \d+ payments/));
    cleanup();
    renderWith(fakeBridge({ 'payments:list': paymentsHandler(2 * WINDOW) }), <VolumeChart account={ACCOUNT} />);
    await waitFor(() => expect(figures()).toContain(`The newest ${WINDOW} payments`));
  });

  it('keeps its figures while the table beside it loads further pages', async () => {
    const bridge = fakeBridge({ 'payments:list': paymentsHandler(1_000) });
    renderWith(
      bridge,
      <>
        <VolumeChart account={ACCOUNT} />
        <OperationTable target={{ kind: 'payments', account: ACCOUNT }} label="Payments" viewed={ACCOUNT} />
      </>,
    );
    await waitFor(() => expect(figures()).toContain('The newest'));
    const before = figures();
    await waitFor(() => expect(screen.getByTestId('loaded-count').textContent).toContain(`${PAGE_SIZE} payments`));
    const grid = screen.getByRole('grid', { name: 'Payments' });
    for (let page = 1; page <= 3; page++) {
      grid.scrollTop = page * PAGE_SIZE * 30;
      fireEvent.scroll(grid);
      await waitFor(() =>
        expect(screen.getByTestId('loaded-count').textContent).toContain(`${(page + 1) * PAGE_SIZE} payments`),
      );
    }
    const tablePages = () =>
      bridge.calls.filter((c) => (c.args as { query: { limit: number } }).query.limit !== WINDOW).length;
    expect(tablePages()).toBe(4);
    expect(figures()).toBe(before);
  });
});
