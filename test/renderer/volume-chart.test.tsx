// The account page's payment volume covers a fixed window of its own (the newest 200 payments),
// says so, and does not change when the payments table loads more rows or scrolls.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OperationTable } from '../../renderer/src/components/operation-table';
import { PAGE_SIZE } from '../../renderer/src/lib/listing';
import { VolumeChart, WINDOW } from '../../renderer/src/features/explore/volume-chart';
import type { Operation } from '../../shared/model';
import { buildSeries } from '../../renderer/src/features/explore/volume-chart';
import { ACCOUNT, OTHER, fakeBridge, payment, paymentsHandler } from './support/fake-bridge';
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

describe('the opening deposit', () => {
  /** The account's funding: 1,000,000 XLM, then nine small XLM payments of about 1,000 XLM. */
  const history = (): Operation[] => {
    const funding = payment(0);
    const opening: Operation = {
      type: 'create_account',
      id: funding.id,
      pagingToken: funding.pagingToken,
      sourceAccount: OTHER,
      transactionHash: funding.transactionHash,
      successful: true,
      createdAt: funding.createdAt,
      funder: OTHER,
      account: ACCOUNT,
      startingBalance: '1000000.0000000',
      direction: 'in',
    } as Operation;
    const rest = Array.from({ length: 30 }, (_, i) => payment(i + 1)).filter(
      (op) => op.successful && op.type === 'payment' && op.currency.code === 'XLM',
    );
    return [opening, ...rest];
  };

  it('is counted apart from the flows in the series', () => {
    const { series } = buildSeries(history(), ACCOUNT);
    const xlm = series.find((s) => s.label === 'XLM')!;
    expect(xlm.opening.reduce((a, b) => a + b, 0n)).toBe(10_000_000_000_000n);
    expect(xlm.inbound.reduce((a, b) => a + b, 0n)).toBeLessThan(100_000_000_000n);
    // A create_account that funded someone else is an ordinary out-flow of the funder.
    const { series: funder } = buildSeries(history().slice(0, 1), OTHER);
    expect(funder[0]!.opening.every((v) => v === 0n)).toBe(true);
    expect(funder[0]!.outbound.reduce((a, b) => a + b, 0n)).toBe(10_000_000_000_000n);
  });

  it('is drawn as a marker, said in words, and the axis fits the flows after it', async () => {
    const records = history();
    renderWith(
      fakeBridge({ 'payments:list': () => ({ records: [...records].reverse(), next: null, prev: null }) }),
      <VolumeChart account={ACCOUNT} />,
    );
    await waitFor(() => expect(screen.getByTestId('volume-readout').textContent).toContain('opening deposit'));
    expect(screen.getByTestId('volume-readout').textContent).toMatch(
      /opening deposit 1,000,000\.0000000 XLM \(drawn apart, not to scale\)/,
    );
    expect(screen.getAllByTestId('opening-marker')).toHaveLength(1);
    // The value axis' labels are those of the small flows, not of a million.
    const axis = document.querySelector('.value-axis')!.textContent!;
    expect(axis).not.toMatch(/1,000,000|1m/i);
    expect(axis).toBe('XLM02k2k');
  });
});
