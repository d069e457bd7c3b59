// The workbench with a fake bridge: the address drives the filter the core receives, amounts are
// refused with 8 decimals or as words, totals and chart readouts are the index's exact strings.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryRow, TotalsRow } from '../../shared/history';
import { FEES_RULE } from '../../shared/fees-rule';
import { NOT_APPLIED } from '../../renderer/src/lib/history-filters';
import type { RequestArgs } from '../../shared/ipc';
import { WorkbenchPage } from '../../renderer/src/features/workbench/workbench-page';
import { href, useRoute } from '../../renderer/src/lib/router';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, fakeBridge, FakeError, OTHER, type FakeHandlers } from './support/fake-bridge';
import { giveTablesASize, renderWith } from './support/render';

const USD = `USD:${OTHER}`;
// Beyond 2^53 stroops: a float would round these.
const BIG_IN = '922337203685.4775807';
const BIG_OUT = '900719925474.0993001';
const BIG_NET = '21617278211.3782806';

function row(i: number): HistoryRow {
  return {
    id: String(258_000_000_000_000_000n + BigInt(i)),
    pagingToken: String(258_000_000_000_000_000n + BigInt(i)),
    ledger: 60_000_000 + i,
    createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
    type: 'payment',
    transactionHash: (i + 1).toString(16).padStart(64, '0'),
    successful: true,
    source: OTHER,
    counterparty: OTHER,
    direction: i % 2 ? 'out' : 'in',
    asset: USD,
    amount: `${i}.0000001`,
    sourceAsset: null,
    sourceAmount: null,
    memo: i === 1 ? 'rent <b>' : null,
    memoType: i === 1 ? 'text' : null,
    fee: '100',
    feePaid: null,
  };
}

const periods: TotalsRow[] = [
  {
    key: '2026-11-02',
    asset: USD,
    in: BIG_IN,
    out: BIG_OUT,
    fees: '0',
    net: BIG_NET,
    count: 7,
    volume: '1',
    first: null,
    last: null,
  },
  {
    key: '2026-11-16',
    asset: USD,
    in: '0.0000001',
    out: '0',
    fees: '0',
    net: '0.0000001',
    count: 1,
    volume: '0.0000001',
    first: null,
    last: null,
  },
  {
    key: '2026-11-02',
    asset: 'native',
    in: '5',
    out: '0',
    fees: '0',
    net: '5',
    count: 1,
    volume: '5',
    first: null,
    last: null,
  },
];

function handlers(extra: FakeHandlers = {}): FakeHandlers {
  return {
    'history:status': ({ account }) => ({
      account,
      networkId: 'local',
      state: 'current',
      records: 3,
      ratePerSecond: 0,
      oldest: row(0).createdAt,
      newest: row(2).createdAt,
      completeFromLedger: 1,
    }),
    'history:query': ({ cursor }) => ({
      rows: cursor ? [] : [row(0), row(1), row(2)],
      next: null,
      summary: cursor
        ? null
        : { count: 3, totals: [{ asset: USD, in: BIG_IN, out: BIG_OUT, fees: '0', net: BIG_NET, count: 3 }] },
    }),
    // This history holds no create_account: the charts' opening-deposit query finds none.
    'history:totals': ({ by, filter }) => ({
      rows:
        filter?.types?.join() === 'create_account'
          ? []
          : by === 'counterparty'
            ? [
                {
                  key: OTHER,
                  asset: USD,
                  in: BIG_IN,
                  out: '0',
                  fees: '0',
                  net: BIG_IN,
                  count: 2,
                  volume: BIG_IN,
                  first: '2026-11-01T00:00:00Z',
                  last: '2026-11-03T00:00:00Z',
                },
              ]
            : periods,
    }),
    'history:flow': () => ({
      points: [
        { day: '2026-11-01', net: '-0.0000001', cumulative: '-0.0000001' },
        { day: '2026-11-03', net: BIG_IN, cumulative: '922337203685.4775806' },
      ],
    }),
    ...extra,
  };
}

function Routed() {
  const route = useRoute();
  return <WorkbenchPage account={route.id} />;
}

function open(params: Record<string, string> | string = {}, extra: FakeHandlers = {}) {
  window.location.hash = typeof params === 'string' ? params : href('history', ACCOUNT, params);
  const bridge = fakeBridge(handlers(extra));
  renderWith(bridge, <Routed />);
  return bridge;
}

const queries = (bridge: ReturnType<typeof fakeBridge>) =>
  bridge.calls.filter((c) => c.channel === 'history:query').map((c) => c.args as RequestArgs<'history:query'>);

beforeAll(() => giveTablesASize());
beforeEach(() => useUi.setState({ networkId: 'local' }));
afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('the workbench', () => {
  it('asks the core for the filter in the address and shows the count and exact totals', async () => {
    const bridge = open({ asset: USD, min: '0.0000001', max: BIG_IN, dir: 'in', sort: '-amount' });
    expect(await screen.findByText('3 records match')).toBeTruthy();
    // Beside the count of operations, what the legs count and what net is.
    expect(screen.getByTestId('legs-note').textContent).toMatch(
      /^Records are counted \(operations, and the fees paid and offer fills .*\); legs are the amounts summed.*Net is in − out − fees\. Fees: .*matched\.$/,
    );
    // Issue #36: which fees a filtered set's totals carry is said beside them.
    expect(screen.getByTestId('legs-note').textContent).toContain(FEES_RULE);
    const filter = { asset: USD, minAmount: '0.0000001', maxAmount: BIG_IN, direction: 'in' };
    // The count and totals: one row asked for, with the summary of the whole set.
    expect(queries(bridge).find((q) => q.summary)).toEqual({ account: ACCOUNT, filter, limit: 1, summary: true });
    await waitFor(() =>
      expect(queries(bridge).find((q) => !q.summary)).toEqual({
        account: ACCOUNT,
        filter,
        sort: '-amount',
        limit: 200,
      }),
    );
    const totals = screen.getByRole('table', { name: 'Totals by asset' });
    const cells = within(totals)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Every amount with its code (shared/amount.ts displayAmount, money.tsx).
    expect(cells).toEqual([
      'USD',
      '922,337,203,685.4775807 USD',
      // Fees are the native asset's: none under a USD row's out.
      '900,719,925,474.0993001 USD',
      '21,617,278,211.3782806 USD',
      '3',
    ]);
    expect(screen.queryByRole('alert', { name: 'Address problems' })).toBeNull();
  });

  it('labels the count and every analysis of a partial index partial, with the core’s numbers (#28.2)', async () => {
    const coverage = { partial: 'syncing' as const, records: 3, throughLedger: 77, latestLedger: 90 };
    const base = handlers();
    const bridge = open(
      { view: 'analyse' },
      {
        'history:query': async (args) => ({ ...(await base['history:query']!(args)), coverage }),
        'history:totals': async (args) => ({ ...(await base['history:totals']!(args)), coverage }),
        'history:flow': async (args) => ({ ...(await base['history:flow']!(args)), coverage }),
      },
    );
    const sentence = '(partial: indexed 3 records through ledger 77 of 90; syncing)';
    // The count, the volume, the net flow and the counterparties.
    await waitFor(() => expect(screen.getAllByTestId('partial-note')).toHaveLength(4));
    for (const note of screen.getAllByTestId('partial-note')) expect(note.textContent?.trim()).toBe(sentence);
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByTestId('partial-note')).toBeTruthy();
    expect(bridge.calls.some((c) => c.channel === 'history:flow')).toBe(true);
  });

  it('shows hostile address values as problems and queries without them', async () => {
    const bridge = open(`#/history/${ACCOUNT}?min=1e9&max=0.12345678&asset=%3Cimg%20src%3Dx%3E&cp=nobody&memo=rent`);
    const problems = await screen.findByRole('alert', { name: 'Address problems' });
    expect(problems.textContent).toContain('Min amount “1e9” is not a non-negative decimal');
    expect(problems.textContent).toContain('Max amount “0.12345678” has more than 7 decimals');
    expect(problems.textContent).toContain('Asset “<img src=x>” is not an asset');
    expect(problems.textContent).toContain('Counterparty “nobody” is not an account id');
    expect(problems.querySelector('img')).toBeNull();
    // Issue #36: the field's label, never the address's internal key.
    expect(problems.textContent).not.toMatch(/"(cp|min|max|asset)"/);
    await screen.findByText('3 records match');
    expect(queries(bridge)[0]!.filter).toEqual({ memo: 'rent' });
  });

  it('says so for an account id that is not one, and for an account not indexed yet', async () => {
    open('#/history/not-an-account');
    expect((await screen.findByRole('alert')).textContent).toContain('“not-an-account” is not an account id');
    cleanup();
    open(
      {},
      {
        'history:query': () => {
          throw new FakeError('not_found', 'not indexed');
        },
      },
    );
    expect((await screen.findByTestId('workbench-error')).textContent).toContain('not indexed on this network yet');
    cleanup();
    // A sync started but with nothing written yet (a lake sync waiting for its turn): said, not asked for again.
    open(
      {},
      {
        'history:query': () => {
          throw new FakeError('not_found', 'not indexed');
        },
        'history:status': async (args) => ({
          ...(await handlers()['history:status']!(args)),
          state: 'syncing',
          records: 0,
        }),
      },
    );
    expect((await screen.findByTestId('workbench-error')).textContent).toBe(
      'This account is being indexed: its rows appear here as they are read.',
    );
  });

  it('refuses amounts with 8 decimals or that are not numbers, and applies valid ones to the address', async () => {
    open();
    await screen.findByText('3 records match');
    const min = screen.getByRole('textbox', { name: 'Min amount' });
    const max = screen.getByRole('textbox', { name: 'Max amount' });
    fireEvent.change(min, { target: { value: '1.00000001' } });
    fireEvent.change(max, { target: { value: 'ten' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const problems = screen.getByRole('alert', { name: 'Filter problems' });
    expect(problems.textContent).toContain('has more than 7 decimals');
    expect(problems.textContent).toContain('Max amount “ten” is not a non-negative decimal');
    // Issue #36: the count and totals below are not those of the fields as typed, and it says so.
    expect(problems.textContent).toContain(NOT_APPLIED);
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(window.location.hash).not.toContain('min=');
    fireEvent.change(min, { target: { value: '1.0000001' } });
    fireEvent.change(max, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(window.location.hash).toBe(href('history', ACCOUNT, { min: '1.0000001', max: '2' })));
    expect(screen.queryByRole('alert', { name: 'Filter problems' })).toBeNull();
  });

  it('exports the filtered set from the index, and says why an export failed', async () => {
    let fail = false;
    const bridge = open(
      { asset: 'XLM', sort: 'amount' },
      {
        'history:export': ({ format }) => {
          if (fail) throw new FakeError('invalid_input', 'the export directory is not writable');
          return { path: `/downloads/history.${format}`, rows: 1234 };
        },
      },
    );
    await screen.findByText('3 records match');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByTestId('export-result')).textContent).toBe('Exported 1,234 operations as history.csv');
    expect(bridge.calls.find((c) => c.channel === 'history:export')?.args).toEqual({
      account: ACCOUNT,
      filter: { asset: 'XLM' },
      sort: 'amount',
      format: 'csv',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export for accounting' }));
    await waitFor(() =>
      expect(bridge.calls.filter((c) => c.channel === 'history:export').at(-1)?.args).toMatchObject({
        format: 'accounting',
      }),
    );
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Export NDJSON' }));
    await waitFor(() =>
      expect(screen.getByTestId('export-result').textContent).toBe(
        'Export failed: the export directory is not writable',
      ),
    );
  });

  it("shows the file's full path only in the desktop app, and the message only for the filters it was made for", async () => {
    useUi.setState({ host: 'electron' });
    try {
      open({ asset: 'XLM' }, { 'history:export': () => ({ path: '/home/me/exports/history.csv', rows: 3 }) });
      await screen.findByText('3 records match');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect((await screen.findByTestId('export-result')).textContent).toBe(
        'Exported 3 operations to /home/me/exports/history.csv',
      );
      act(() => {
        window.location.hash = href('history', ACCOUNT, { asset: USD });
      });
      await waitFor(() => expect(screen.queryByTestId('export-result')).toBeNull());
      act(() => {
        window.location.hash = href('history', ACCOUNT, { asset: 'XLM' });
      });
      // Back on the filters it was made for, it describes them again.
      expect((await screen.findByTestId('export-result')).textContent).toContain('history.csv');
    } finally {
      useUi.setState({ host: null });
    }
  });

  it('lists the types the index holds for the account, the most frequent first with their counts', async () => {
    open(
      { type: 'clawback' },
      {
        'history:types': () => ({
          types: [
            { type: 'payment', count: 1812 },
            { type: 'liquidity_pool_deposit', count: 3 },
          ],
        }),
      },
    );
    const types = screen.getByRole('group', { name: 'Operation types' });
    await waitFor(() => expect(within(types).getAllByRole('checkbox')).toHaveLength(3));
    // The account's own types with their counts, then the one the address asks for (it has none).
    expect(
      within(types)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual([' payment (1,812)', ' liquidity pool deposit (3)', ' clawback']);
    expect(within(types).queryByRole('checkbox', { name: /^create account/ })).toBeNull();
  });

  it('the Types list closes when the person moves on: a press outside it, Escape, or focus leaving it', async () => {
    open();
    await screen.findByText('3 records match');
    const picker = screen.getByRole('group', { name: 'Operation types' }).closest('details')!;
    const summary = picker.querySelector('summary')!;
    const openIt = async () => {
      fireEvent.click(summary);
      await waitFor(() => expect(picker.open).toBe(true));
    };
    await openIt();
    // A press inside (a checkbox) keeps it open; one on Apply closes it.
    fireEvent.pointerDown(within(picker).getByRole('checkbox', { name: 'payment' }));
    expect(picker.open).toBe(true);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(picker.open).toBe(false));
    await openIt();
    fireEvent.keyDown(within(picker).getByRole('checkbox', { name: 'payment' }), { key: 'Escape' });
    await waitFor(() => expect(picker.open).toBe(false));
    expect(document.activeElement).toBe(summary);
    await openIt();
    fireEvent.blur(summary, { relatedTarget: screen.getByRole('textbox', { name: 'Asset' }) });
    await waitFor(() => expect(picker.open).toBe(false));
  });

  it('combines operation types, direction and status into the address and the query', async () => {
    const bridge = open();
    await screen.findByText('3 records match');
    const types = screen.getByRole('group', { name: 'Operation types' });
    fireEvent.click(within(types).getByRole('checkbox', { name: 'payment' }));
    fireEvent.click(within(types).getByRole('checkbox', { name: 'create account' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Direction' }), { target: { value: 'out' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'From day' }), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(queries(bridge).at(-1)!.filter).toEqual({
        types: ['payment', 'create_account'],
        direction: 'out',
        status: 'failed',
        from: Date.UTC(2026, 10, 1),
      }),
    );
    expect(window.location.hash).toBe(
      href('history', ACCOUNT, { type: 'payment,create_account', dir: 'out', from: '2026-11-01', status: 'failed' }),
    );
    expect(screen.getByText('payment, create account')).toBeTruthy();
  });

  it('lists the rows in the virtual table', async () => {
    open();
    const grid = await screen.findByRole('grid', { name: 'Indexed operations' });
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('row')
          .filter((r) => r.dataset.index !== undefined),
      ).toHaveLength(3),
    );
    expect(grid.textContent).toContain('2.0000001 USD');
    expect(grid.textContent).toContain(row(2).id);
    // A memo is shown (as text) when a row has one.
    expect(within(grid).getByRole('columnheader', { name: 'Memo' })).toBeTruthy();
    expect(grid.textContent).toContain('rent <b>');
    expect(grid.querySelector('b')).toBeNull();
  });

  it('shows exact values on hover over the volume and flow charts', async () => {
    open({ view: 'analyse', by: 'week' });
    const volume = await screen.findByRole('region', { name: 'Volume' });
    const bar = await waitFor(() => {
      const found = volume.querySelector('rect.hit[data-period="2026-11-02"]');
      expect(found).not.toBeNull();
      return found!;
    });
    // One bar per period of the chosen asset (the native row is another asset's).
    expect(volume.querySelectorAll('rect.hit')).toHaveLength(2);
    fireEvent.mouseEnter(bar);
    expect(screen.getByTestId('period-readout').textContent).toBe(
      `Week of 2026-11-02: in ${'922,337,203,685.4775807'} USD · out 900,719,925,474.0993001 USD · net 21,617,278,211.3782806 USD · 7 legs`,
    );
    // The same figures from the keyboard: End is the last period, ArrowLeft the one before.
    const chart = screen.getByLabelText('Volume chart: arrow keys move between periods');
    fireEvent.keyDown(chart, { key: 'End' });
    expect(screen.getByTestId('period-readout').textContent).toBe(
      'Week of 2026-11-16: in 0.0000001 USD · out 0.0000000 USD · net 0.0000001 USD · 1 leg',
    );
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(screen.getByTestId('period-readout').textContent).toMatch(
      /^Week of 2026-11-02: in 922,337,203,685.4775807 USD/,
    );
    const flow = screen.getByRole('region', { name: 'Net flow' });
    expect(flow.textContent).toContain('USD net flow since the first indexed operation');
    const day = await waitFor(() => {
      const found = flow.querySelector('rect.hit[data-day="2026-11-03"]');
      expect(found).not.toBeNull();
      return found!;
    });
    fireEvent.mouseEnter(day);
    expect(screen.getByTestId('flow-readout').textContent).toBe(
      '2026-11-03: net 922,337,203,685.4775807 USD · cumulative 922,337,203,685.4775806 USD',
    );
    fireEvent.mouseEnter(flow.querySelector('rect.hit[data-day="2026-11-01"]')!);
    expect(screen.getByTestId('flow-readout').textContent).toBe(
      '2026-11-01: net -0.0000001 USD · cumulative -0.0000001 USD',
    );
  });

  it('lists counterparties with a link to each account and a filter by it', async () => {
    const bridge = open({ view: 'analyse' });
    const table = await screen.findByRole('table', { name: 'Top counterparties' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('922,337,203,685.4775807 USD');
    expect(table.querySelector(`a[href="${href('account', OTHER)}"]`)).not.toBeNull();
    act(() => fireEvent.click(within(table).getByRole('link', { name: 'Filter by it' })));
    await waitFor(() => expect(queries(bridge).some((q) => q.filter?.counterparty === OTHER)).toBe(true));
    expect(window.location.hash).toBe(href('history', ACCOUNT, { cp: OTHER }));
    expect((screen.getByRole('textbox', { name: 'Counterparty' }) as HTMLInputElement).value).toBe(OTHER);
  });

  it("reads from the selected network only: a switch asks again under the new network's key", async () => {
    let network = 'local';
    const bridge = open(
      {},
      {
        'history:query': () => ({ rows: [], next: null, summary: { count: network === 'local' ? 3 : 42, totals: [] } }),
      },
    );
    expect(await screen.findByText('3 records match')).toBeTruthy();
    network = 'testnet';
    act(() => useUi.getState().switchNetwork('testnet'));
    expect(await screen.findByText('42 records match')).toBeTruthy();
    expect(screen.queryByText('3 records match')).toBeNull();
    expect(queries(bridge).filter((q) => q.summary)).toHaveLength(2);
  });

  it('keeps a bounded number of pages while scrolling, and reads a dropped page again from its cursor', async () => {
    const total = 4000;
    const all = Array.from({ length: total }, (_, i) => row(i));
    const bridge = open(
      {},
      {
        'history:query': ({ cursor, limit = 100, summary }) => {
          const start = cursor ? Number(cursor.split(':')[1]) + 1 : 0;
          const rows = all.slice(start, start + limit);
          return {
            rows,
            next: start + limit < total ? `0:${start + limit - 1}` : null,
            summary: summary ? { count: total, totals: [] } : null,
          };
        },
      },
    );
    const grid = await screen.findByRole('grid', { name: 'Indexed operations' });
    const firstIndex = () =>
      Number(
        within(grid)
          .getAllByRole('row')
          .find((r) => r.dataset.row !== undefined)?.dataset.index,
      );
    // Scroll to the end of what is loaded until 14 pages have been read.
    for (let page = 1; page < 14; page++) {
      await waitFor(() => expect(within(grid).queryAllByRole('row').length).toBeGreaterThan(1));
      act(() => {
        grid.scrollTop = page * 200 * 30;
        fireEvent.scroll(grid);
      });
      await waitFor(() =>
        expect(queries(bridge).filter((q) => !q.summary && q.cursor === `0:${page * 200 - 1}`)).toHaveLength(1),
      );
    }
    // Only 12 pages are kept: the first two were dropped, so row 0 is not in memory.
    act(() => {
      grid.scrollTop = 0;
      fireEvent.scroll(grid);
    });
    // Scrolling back reads them again, each from the cursor it was first read from.
    await waitFor(() => expect(firstIndex()).toBe(0));
    expect(queries(bridge).filter((q) => !q.summary && q.cursor === undefined)).toHaveLength(2);
    expect(
      within(grid)
        .getAllByRole('row')
        .find((r) => r.dataset.index === '0')?.textContent,
    ).toContain(all[0]!.id);
  });

  it('keeps working when a chart cannot be drawn from what the core sent', async () => {
    open(
      { view: 'analyse' },
      { 'history:totals': ({ by }) => ({ rows: by === 'counterparty' ? [] : [{ ...periods[0]!, in: 'lots' }] }) },
    );
    const failed = await screen.findByRole('alert', { name: 'The charts failed' });
    expect(failed.textContent).toContain('could not be shown');
    // The rest of the workbench is still there.
    expect(screen.getByText('3 records match')).toBeTruthy();
    expect(await screen.findByText('No counterparties in this set.')).toBeTruthy();
  });
});
