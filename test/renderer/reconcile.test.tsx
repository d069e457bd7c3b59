// The reconciliation on screen (issue #27) with the core's own reading (shared/reconcile.ts builds
// the fixtures): each status as a word and a class, its cause beneath, the issuer line, pool
// shares named, a hostile code isolated, the partial label; the workbench view asks again on
// "Check again" only, and the account page's one line asks the network once per view.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BalanceHistory } from '../../shared/balance-history';
import type { HistoryProgress } from '../../shared/history';
import type { IndexCoverage } from '../../shared/index-coverage';
import { reconcile, type IndexSums, type ReconcileInput } from '../../shared/reconcile';
import { IndexPanel } from '../../renderer/src/features/workbench/index-panel';
import { ReconcileCard, ReconcileView } from '../../renderer/src/features/workbench/reconcile-section';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, fakeBridge, OTHER } from './support/fake-bridge';
import { renderWith } from './support/render';

const POOL = `pool:${'ab'.repeat(32)}`;
const USD = `USD:${OTHER}`;
const HOSTILE = `U\u202eSD:${OTHER}`;
const OWN = `OWN:${ACCOUNT}`;

const sums = (asset: string, inflow: string, out: string, fees = '0'): IndexSums['assets'][number] => ({
  asset,
  in: inflow,
  out,
  fees,
  unknown: 0,
  nofee: 0,
  legs: 3,
});

function input(created: boolean, extra: Partial<ReconcileInput> = {}): ReconcileInput {
  return {
    account: ACCOUNT,
    sums: {
      assets: [
        sums('native', '100', '20', '0.00003'),
        sums(USD, '50', '10'),
        sums(HOSTILE, '5', '0'),
        sums(OWN, '0', '1000'),
        sums(POOL, '7', '0'),
      ],
      created,
      unknownClaims: 0,
      offers: 0,
      unread: [],
      sidesPending: false,
      newestLedger: 1234,
      oldestLedger: 1000,
    },
    balances: [
      { asset: 'native', amount: '79.99997' },
      { asset: USD, amount: '41' },
      { asset: HOSTILE, amount: '5' },
      { asset: POOL, amount: '7' },
    ],
    partial: null,
    completeFromLedger: null,
    lastModifiedLedger: null,
    newerOnServer: false,
    genesisBalance: null,
    checkedAt: '2026-11-27T15:02:11.000Z',
    ...extra,
  };
}

const row = (asset: string) =>
  [...document.querySelectorAll<HTMLElement>('tr[data-asset]')].find((tr) => tr.dataset.asset === asset)!;
const causeOf = (asset: string) =>
  [...document.querySelectorAll<HTMLElement>('tr[data-cause-of]')].find((tr) => tr.dataset.causeOf === asset) ?? null;
/** Only XLM, which adds up. */
const allAddUp = () =>
  reconcile(
    input(true, {
      sums: { ...input(true).sums, assets: [sums('native', '100', '20', '0.00003')] },
      balances: [{ asset: 'native', amount: '79.99997' }],
    }),
  );
const partial: IndexCoverage = { partial: 'syncing', records: 40, throughLedger: 1234, latestLedger: 2000 };

beforeEach(() => useUi.setState({ networkId: 'local' }));
afterEach(cleanup);

describe('the reconciliation table', () => {
  it('shows each asset with its status as a word and a colour class, and the cause beneath what does not add up', () => {
    const reconciliation = reconcile(input(true));
    renderWith(fakeBridge({}), <ReconcileCard reconciliation={reconciliation} coverage={null} />);
    expect(screen.getByTestId('rc-summary').textContent).toBe(reconciliation.summary);
    expect(screen.getByTestId('rc-summary').className).toContain('rc-differs');
    expect(screen.getByTestId('rc-checked').textContent).toBe(
      'checked at 2026-11-27 15:02:11 UTC, through ledger 1,234',
    );
    expect(screen.queryByTestId('partial-note')).toBeNull();

    // XLM: 0 + 100 − 20 − 0.00003 = 79.99997, as reported.
    const xlm = row('native');
    expect(xlm.dataset.status).toBe('reconciled');
    expect(
      within(xlm)
        .getByText(/reconciled/)
        .closest('.rc-status')!.className,
    ).toContain('rc-reconciled');
    expect(xlm.querySelector('.rc-status')!.textContent).toBe('✓ reconciled');
    expect(xlm.textContent).toContain('fees −0.0000300');
    expect(xlm.querySelectorAll('td')[3]!.textContent).toBe('79.9999700');
    expect(causeOf('native')).toBeNull();

    // USD: closes at 40, the network reports 41.
    const usd = row(USD);
    expect(usd.querySelector('.rc-status')!.className).toContain('rc-differs');
    expect(usd.querySelector('.rc-status')!.textContent).toBe('⚠ differs by 1.0000000 USD');
    expect(usd.textContent).not.toContain('fees');
    expect(causeOf(USD)!.textContent).toMatch(
      /^A balance change none of the account’s operations, transactions or trades/,
    );
    // The issuer, abbreviated, a link to its account.
    const issuer = within(usd).getByRole('link', { name: /GCATS5/ });
    expect(issuer.getAttribute('href')).toBe(`#/account/${OTHER}`);
    expect(usd.textContent).toContain('issuer');

    // The account's own asset: issued, with what it means.
    const own = row(OWN);
    expect(own.querySelector('.rc-status')!.textContent).toBe('issued by this account');
    expect(own.querySelector('.rc-status')!.className).toContain('rc-issued');
    expect(causeOf(OWN)!.textContent).toContain('it holds no balance of it');

    // Pool shares are named so, with their pool.
    const pool = row(POOL);
    expect(pool.querySelector('strong')!.textContent).toBe('pool shares');
    expect(within(pool).getByRole('link').getAttribute('href')).toBe(`#/pool/${POOL.slice(5)}`);

    // A code with a direction override is drawn, not obeyed.
    const hostile = row(HOSTILE);
    expect(hostile.querySelector('strong .ctl')!.textContent).toBe('⟨U+202E⟩');
    expect(hostile.querySelector('.rc-status')!.textContent).toBe('✓ reconciled');
  });

  it('says an unknown opening, with the difference it implies and why, and "unknown" for opening and closing', () => {
    const reconciliation = reconcile(input(false, { completeFromLedger: 1000 }));
    renderWith(fakeBridge({}), <ReconcileCard reconciliation={reconciliation} coverage={null} />);
    const xlm = row('native');
    expect(xlm.dataset.status).toBe('opening_unknown');
    expect(xlm.querySelector('.rc-status')!.textContent).toBe('⚠ opening unknown');
    expect(xlm.querySelector('.rc-status')!.className).toContain('rc-opening_unknown');
    const cells = xlm.querySelectorAll('td');
    expect(cells[1]!.textContent).toBe('unknown');
    expect(cells[3]!.textContent).toBe('unknown');
    expect(causeOf('native')!.textContent).toBe(
      "opening unknown (0.0000000 XLM before the indexed history): The index does not reach the account's creation (this server keeps its history from ledger 1,000): the difference is what the account held before the indexed history, if nothing else is missing.",
    );
  });

  it('labels a partial index partial, next to the summary', () => {
    const reconciliation = reconcile(input(true, { partial: 'syncing' }));
    renderWith(fakeBridge({}), <ReconcileCard reconciliation={reconciliation} coverage={partial} />);
    expect(screen.getByTestId('partial-note').textContent).toBe(
      ' (partial: indexed 40 records through ledger 1,234 of 2,000; syncing)',
    );
    expect(screen.getByTestId('rc-summary').contains(screen.getByTestId('partial-note'))).toBe(true);
    expect(causeOf(USD)!.textContent).toMatch(/^The index is not complete \(syncing\)/);
  });

  // Issue 37.4: seen failing with "Reconciled" in green over an index whose sync failed.
  it('reads a partial index whose lines add up as not reconciled, on the card and the account page’s line', async () => {
    const failed = reconcile(
      input(true, {
        sums: { ...input(true).sums, assets: [sums('native', '100', '20', '0.00003')] },
        balances: [{ asset: 'native', amount: '79.99997' }],
        partial: 'failed',
      }),
    );
    expect(failed.reconciled).toBe(false);
    renderWith(fakeBridge({}), <ReconcileCard reconciliation={failed} coverage={{ ...partial, partial: 'failed' }} />);
    expect(screen.getByTestId('rc-summary').className).toContain('rc-differs');
    expect(screen.getByTestId('rc-summary').textContent).toMatch(/^Not reconciled: the index is partial \(failed\)/);
    cleanup();
    const bridge = fakeBridge({
      'history:status': () => progress('current'),
      'history:reconcile': () => ({ reconciliation: failed }),
    });
    renderWith(bridge, <IndexPanel account={ACCOUNT} />);
    const line = await screen.findByTestId('rc-line');
    expect(line.textContent).toBe('⚠ Not reconciled: the index is partial (its sync has not reached the end)');
  });

  it('reads every line reconciled in green when all add up', () => {
    const all = allAddUp();
    renderWith(fakeBridge({}), <ReconcileCard reconciliation={all} coverage={null} />);
    expect(all.reconciled).toBe(true);
    expect(screen.getByTestId('rc-summary').className).toContain('rc-reconciled');
    expect(document.querySelectorAll('tr.rc-cause')).toHaveLength(0);
  });
});

const progress = (state: HistoryProgress['state'], records = 40): HistoryProgress => ({
  account: ACCOUNT,
  networkId: 'local',
  state,
  records,
  ratePerSecond: 0,
  oldest: null,
  newest: null,
  completeFromLedger: null,
});

const history = (by: BalanceHistory['by']): BalanceHistory => ({
  asset: 'native',
  by,
  anchor: 'creation',
  points: [
    { period: '2026-11-02', in: '100', out: '0', fees: '0.00001', balance: '99.99999' },
    { period: '2026-11-09', in: '0', out: '20', fees: '0.00002', balance: '79.99997' },
  ],
});

describe('the Reconciliation view and the account page line', () => {
  it('asks the network again on "Check again" only, and charts the asset picked in the table', async () => {
    const bridge = fakeBridge({
      'history:status': () => progress('current'),
      'history:reconcile': () => ({ reconciliation: reconcile(input(true)) }),
      'history:balance': ({ by }) => ({ history: history(by ?? 'day') }),
    });
    renderWith(bridge, <ReconcileView account={ACCOUNT} period="week" />);
    await screen.findByRole('table', { name: 'Reconciliation by asset' });
    const asked = () => bridge.calls.filter((c) => c.channel === 'history:reconcile').length;
    expect(asked()).toBe(1);
    // The first asset's balance history, with what the line stands on.
    await waitFor(() => expect(screen.getByTestId('balance-anchor').textContent).toContain("account's creation"));
    expect(bridge.calls.find((c) => c.channel === 'history:balance')?.args).toEqual({
      account: ACCOUNT,
      asset: 'native',
      by: 'week',
    });
    fireEvent.mouseEnter(document.querySelector('rect.hit[data-period="2026-11-09"]')!);
    expect(screen.getByTestId('balance-readout').textContent).toBe(
      'Week of 2026-11-09: balance 79.9999700 XLM · in 0.0000000 XLM · out 20.0000000 XLM · fees 0.0000200 XLM',
    );
    // The keyboard reads the first week.
    fireEvent.keyDown(document.querySelector('.balance-chart')!, { key: 'Home' });
    expect(screen.getByTestId('balance-readout').textContent).toMatch(/^Week of 2026-11-02: balance 99.9999900 XLM/);

    fireEvent.click(within(row(USD)).getByRole('button', { name: 'Balance history' }));
    await waitFor(() =>
      expect(bridge.calls.filter((c) => c.channel === 'history:balance').at(-1)?.args).toMatchObject({ asset: USD }),
    );
    expect(asked()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(asked()).toBe(2));
  });

  it('shows one line on the account page, linked to the workbench, asking the network once per view', async () => {
    const bridge = fakeBridge({
      'history:status': () => progress('current'),
      'history:reconcile': () => ({ reconciliation: reconcile(input(true)) }),
    });
    renderWith(bridge, <IndexPanel account={ACCOUNT} />);
    const line = await screen.findByTestId('rc-line');
    expect(line.textContent).toBe('⚠ USD differs by 1.0000000 USD');
    expect(line.getAttribute('href')).toBe(`#/history/${ACCOUNT}?view=reconcile`);
    expect(line.className).toContain('rc-differs');
    // Progress events of the same state and records do not ask again.
    act(() => bridge.emit('history:progress', progress('current')));
    act(() => bridge.emit('history:progress', progress('current')));
    expect(bridge.calls.filter((c) => c.channel === 'history:reconcile')).toHaveLength(1);
  });

  it('does not ask while the index syncs, and says so when every asset adds up', async () => {
    const all = allAddUp();
    let state: HistoryProgress['state'] = 'syncing';
    const bridge = fakeBridge({
      'history:status': () => progress(state),
      'history:reconcile': () => ({ reconciliation: all }),
    });
    renderWith(bridge, <IndexPanel account={ACCOUNT} />);
    await screen.findByText('syncing');
    expect(bridge.calls.filter((c) => c.channel === 'history:reconcile')).toHaveLength(0);
    state = 'current';
    act(() => bridge.emit('history:progress', progress('current')));
    const line = await screen.findByTestId('rc-line');
    expect(line.textContent).toBe('✓ Reconciled: 1 asset adds up to the balance, to the stroop');
    expect(bridge.calls.filter((c) => c.channel === 'history:reconcile')).toHaveLength(1);
  });
});
