// Table cells and the detail drawer for Horizon's operation types: path payments show what was
// sent and what arrived (all seven decimals, right-aligned), offers their pair and price, contract
// calls their function and balance change; the drawer gives the summary and the muxed fields.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { DetailDrawer } from '../../renderer/src/components/detail-drawer';
import { amountCell, amountText, detailsCell, detailsText } from '../../renderer/src/components/operation-cells';
import { OperationTable } from '../../renderer/src/components/operation-table';
import { buildSeries } from '../../renderer/src/features/explore/volume-chart';
import { parseJson } from '../../shared/json';
import type { Operation } from '../../shared/model';
import { fakeBridge } from './support/fake-bridge';
import { giveTablesASize, renderWith } from './support/render';

/** jsdom gives import.meta.url no file scheme: the fixtures are found from the project root vitest runs in. */
const FIXTURES = resolve('test/fixtures/horizon');
const fixture = (name: string): Operation =>
  normalizeOperation(parseJson(readFileSync(resolve(FIXTURES, `operations/${name}.json`), 'utf8')));
const page = parseJson(readFileSync(resolve(FIXTURES, 'pages/account-payments.json'), 'utf8')) as {
  _embedded: { records: never[] };
};
const VIEWER = 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX';
const payments = page._embedded.records.map((record) => normalizeOperation(record, { viewer: VIEWER }));

beforeAll(() => giveTablesASize());
beforeEach(() => {
  window.location.hash = `#/account/${VIEWER}`;
});
afterEach(cleanup);

function cells(op: Operation) {
  renderWith(
    fakeBridge({}),
    <div data-testid="cells">
      <span data-testid="amount">{amountCell(op)}</span>
      <span data-testid="details">{detailsCell(op)}</span>
    </div>,
  );
  return { amount: screen.getByTestId('amount').textContent, details: screen.getByTestId('details').textContent };
}

describe('cells of Horizon operation types', () => {
  it('a path payment: sent → received, seven decimals, and its path', () => {
    const op = fixture('path_payment_strict_receive');
    const { amount, details } = cells(op);
    expect(amount).toBe('81.2297405 EUROCOIN → 75.0000000 USDX');
    expect(amountText(op)).toBe('81.2297405 EUROCOIN → 75.0000000 USDX');
    expect(details).toContain('EUROCOIN → XLM → EUROCOIN → USDX');
    expect(detailsText(op)).toBe('GAGQZB…EDQ3I3 → GDUVY4…UFOEQQ send at most 85.0000000 EUROCOIN');
  });

  it('an offer: amount of what is sold (bought for a buy offer) at its price, and the pair', () => {
    const sell = fixture('manage_sell_offer');
    // The price comes first, so the amount keeps the right edge and lines up with the others.
    expect(cells(sell).amount).toBe('@ 0.9312500 1,500.0000000 XLM');
    expect(screen.getByTestId('details').textContent).toMatch(/sells XLM\/USDX new offer/);
    // Both codes link to their asset views, out of Tab order in a table row.
    const usdx = within(screen.getByTestId('details')).getByRole('link', { name: 'USDX' });
    expect(usdx.getAttribute('href')).toMatch(/^#\/asset\/USDX:G[A-Z2-7]{55}$/);
    expect(usdx.getAttribute('tabindex')).toBe('-1');
    const xlm = within(screen.getByTestId('amount')).getByRole('link', { name: 'XLM' });
    expect(xlm.getAttribute('href')).toBe('#/asset/native');
    expect(xlm.getAttribute('tabindex')).toBe('-1');
    cleanup();
    const buy = fixture('manage_buy_offer');
    expect(cells(buy).amount).toBe('@ 0.0004000 250.0000000 XLM');
    expect(screen.getByTestId('details').textContent).toMatch(/buys XLM\/EUROCOIN offer 1849302277/);
  });

  it('a contract call: the balance change it made, the function and the contract', () => {
    const op = fixture('invoke_host_function');
    const { amount, details } = cells(op);
    expect(amount).toBe('618.0000000 USDX');
    expect(details).toMatch(/^transfer on C/);
  });

  it('a clawback and an authorisation', () => {
    expect(cells(fixture('clawback')).amount).toBe('19.9900000 EUROCOIN');
    cleanup();
    expect(cells(fixture('allow_trust')).details).toMatch(/limits to liabilities .*USDX/);
  });

  it('the drawer gives the summary, the muxed fields and the sponsor', () => {
    const op = { ...fixture('payment'), sponsor: 'GAWRR7NJKNFLUGBZTXD7HZNSN73TVUYKO4STMAK2J6KAN3PBHM2WBQ7S' };
    renderWith(fakeBridge({}), <DetailDrawer op={op} onClose={() => undefined} />);
    expect(screen.getByTestId('op-summary').textContent).toBe(
      'pay 912.0450031 USDX from GBNAZF…GCLCH4 to GDJNVX…PVHTMX',
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('4401');
    expect(dialog.textContent).toContain('MDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVGAAAAAAAAAARGHCU6');
    expect(within(dialog).getByText('Sponsor')).toBeTruthy();
  });
});

describe('path payments on a payments page', () => {
  it('show their amounts and directions in the table', async () => {
    // In the order asked, as a server answers (the fixture page is oldest first; the table asks newest first).
    const bridge = fakeBridge({
      'payments:list': ({ query }) => ({
        records: query.order === 'asc' ? payments : [...payments].reverse(),
        next: null,
        prev: null,
      }),
    });
    renderWith(
      bridge,
      <OperationTable target={{ kind: 'payments', account: VIEWER }} label="Payments" viewed={VIEWER} />,
    );
    await waitFor(() => expect(screen.getByTestId('loaded-count').textContent).toContain('6 payments loaded (all)'));
    const rows = within(screen.getByRole('grid', { name: 'Payments' }))
      .getAllByRole('row')
      .map((row) => row.textContent ?? '');
    expect(rows.find((row) => row.includes('path pay (send)'))).toMatch(/in15\.0000000 XLM → 14\.2500000 USDX/);
    expect(rows.find((row) => row.includes('path pay (recv)'))).toMatch(/out.*8\.6100000 .* → 8\.0000000 /);
  });

  it('count in the volume figures: received as in, sent as out', () => {
    const { series } = buildSeries(payments, VIEWER);
    const usdx = series.find((s) => s.label === 'USDX')!;
    expect(usdx.inbound.reduce((a, b) => a + b, 0n)).toBe(142_500_000n);
    const sentCurrency = payments.find((op) => op.type === 'path_payment_strict_receive');
    if (sentCurrency?.type !== 'path_payment_strict_receive') throw new Error('no strict receive on the page');
    const out = series.find((s) => s.label === sentCurrency.sourceCurrency.code)!;
    expect(out.outbound.reduce((a, b) => a + b, 0n)).toBeGreaterThanOrEqual(86_100_000n);
  });
});
