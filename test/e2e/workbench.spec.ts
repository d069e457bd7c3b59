// The analyst workbench (issue #13) in real Chromium against the local network, from a fresh
// profile: index a demo account with history, wait for "current", filter by asset and an exact
// amount range, read the count, the totals and the chart, and open a counterparty.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, test } from './support/shared-network';
import { EXPORT_COLUMNS } from '../../shared/export-columns';
import { parseCsv } from '../../shared/labels';
import { openApp, shot, startAppWith, type AppUnderTest } from './support/app';
import { overflowing } from './support/layout';

let app: AppUnderTest;
let busy: string;

test.beforeAll(async ({ sharedNetwork }) => {
  app = await startAppWith(sharedNetwork);
  busy = app.network.demoAccounts[0]!.publicKey;
});

test.afterAll(async () => {
  await app?.stop();
});

const rows = (grid: Locator) => grid.locator('[role="row"][data-index]:not(.vt-special)');
const matchCount = async (page: Page) =>
  Number(((await page.getByTestId('match-count').textContent()) ?? '').split(' ')[0]!.replace(/,/g, ''));

test('index an account, filter it in the workbench, read totals and the chart, open a counterparty', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app, `#/account/${busy}`);
  const panel = page.getByRole('region', { name: 'Local index' });
  await expect(panel.getByTestId('index-state')).toHaveText('not indexed');
  await panel.getByRole('button', { name: 'Index this account' }).click();
  await expect(panel.getByTestId('index-state')).toHaveText('current', { timeout: 60_000 });
  await expect(panel.getByTestId('index-progress')).toHaveText(/^[\d,]+ records · \d{4}-\d{2}-\d{2} /);
  const indexed = Number((await panel.getByTestId('index-progress').textContent())!.split(' ')[0]!.replace(/,/g, ''));
  expect(indexed).toBeGreaterThan(10);
  await shot(page, testInfo, 'account-indexed');

  await panel.getByRole('link', { name: 'Open in workbench' }).click();
  await expect(page).toHaveURL(new RegExp(`#/history/${busy}$`));
  await expect(page.getByTestId('match-count')).toHaveText(`${indexed.toLocaleString('en')} records match`);
  // A current index: nothing is labelled partial (#28.2).
  await expect(page.getByTestId('partial-note')).toHaveCount(0);

  // Filter by asset: every amount shown is USD.
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByRole('textbox', { name: 'Asset' }).fill('USD');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/asset=USD/);
  await expect.poll(() => matchCount(page)).toBeLessThan(indexed);
  const usdCount = await matchCount(page);
  expect(usdCount).toBeGreaterThan(0);
  const grid = page.getByRole('grid', { name: 'Indexed operations' });
  await expect(rows(grid).first()).toBeVisible();
  const amount = (await rows(grid).first().locator('[role="gridcell"]').nth(3).textContent())!;
  expect(amount).toMatch(/^[\d,]+\.\d{7} USD$/);

  // An amount range exact to the stroop: just this amount.
  const exact = amount.replace(/ USD$/, '').replace(/,/g, '');
  await filters.getByRole('textbox', { name: 'Min amount' }).fill(exact);
  await filters.getByRole('textbox', { name: 'Max amount' }).fill(`${exact}1`);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(filters.getByRole('alert', { name: 'Filter problems' })).toContainText('more than 7 decimals');
  await filters.getByRole('textbox', { name: 'Max amount' }).fill(exact);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`min=${exact.replace('.', '\\.')}&max=`));
  await expect.poll(() => matchCount(page)).toBeLessThan(usdCount);
  const count = await matchCount(page);
  expect(count).toBeGreaterThan(0);
  await expect(rows(grid)).toHaveCount(count);
  for (const cell of await rows(grid).locator('[role="gridcell"]:nth-child(4)').allTextContents())
    expect(cell).toBe(amount);

  // Totals of the set: exact strings of the asset.
  const totals = page.getByRole('table', { name: 'Totals by asset' });
  await expect(totals.getByRole('row')).toHaveCount(2);
  await expect(totals.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('USD');
  await expect(totals.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(/^[\d,]+\.\d{7} USD$/);
  await shot(page, testInfo, 'workbench-1440x900');
  expect(await overflowing(page), 'workbench 1440x900: overflowing cells').toEqual([]);

  // Export straight from the index: a header and one line per matching operation.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByTestId('export-result')).toHaveText(new RegExp(`^Exported ${count} operations as [^/]+$`));
  const path = join(
    app.exportDir,
    (await page.getByTestId('export-result').textContent())!.replace(/^Exported \d+ operations as /, ''),
  );
  // One row per leg (shared/export-columns.ts): every matching operation, one of its rows this amount.
  const [, ...lines] = parseCsv(readFileSync(path, 'utf8'));
  const byOperation = new Map<string, string[][]>();
  for (const cells of lines) {
    const id = cells[EXPORT_COLUMNS.indexOf('operation_id')]!;
    byOperation.set(id, [...(byOperation.get(id) ?? []), cells]);
  }
  expect(byOperation.size).toBe(count);
  const amountAt = EXPORT_COLUMNS.indexOf('amount');
  // The file writes amounts with all seven decimals, as the page does.
  for (const cells of byOperation.values()) expect(cells.some((row) => row[amountAt] === exact)).toBe(true);

  // Reloading keeps the view: the filters are in the address.
  await page.reload();
  await expect(page.locator('[data-app-state="loaded"]')).toBeVisible();
  await expect.poll(() => matchCount(page)).toBe(count);

  // The chart over the same set, with exact values on hover.
  await page.getByRole('tab', { name: 'Analyse' }).click();
  const volume = page.getByRole('region', { name: 'Volume' });
  await expect(volume.locator('svg[role="img"]')).toBeVisible();
  await volume.locator('rect.hit').first().hover();
  await expect(page.getByTestId('period-readout')).toHaveText(
    /^Day \d{4}-\d{2}-\d{2}: in [\d,.]+ USD · out [\d,.]+ USD · net -?[\d,.]+ USD · \d+ legs?$/,
  );
  await expect(page.getByRole('region', { name: 'Net flow' })).toContainText(
    'net flow since the first indexed operation',
  );
  await shot(page, testInfo, 'workbench-analyse-1440x900');
  expect(await overflowing(page), 'analyse 1440x900: overflowing cells').toEqual([]);
  await page.setViewportSize({ width: 1024, height: 700 });
  await shot(page, testInfo, 'workbench-analyse-1024x700');
  expect(await overflowing(page), 'analyse 1024x700: overflowing cells').toEqual([]);
  await page.getByRole('tab', { name: 'Operations' }).click();
  await expect(rows(grid).first()).toBeVisible();
  await shot(page, testInfo, 'workbench-1024x700');
  expect(await overflowing(page), 'workbench 1024x700: overflowing cells').toEqual([]);

  // Open a counterparty: its account page.
  await page.getByRole('tab', { name: 'Analyse' }).click();
  const counterparties = page.getByRole('table', { name: 'Top counterparties' });
  const other = counterparties.locator('a[data-kind="account"]').first();
  // The link names the account by its name when the address book has one (the demo accounts do); its address is the id.
  const otherId = (await other.getAttribute('href'))!.replace(/^#\/account\//, '');
  expect(otherId).toMatch(/^G[A-Z2-7]{55}$/);
  await other.click();
  await expect(page.locator('article[data-entity="account"]')).toHaveAttribute('aria-label', `Account ${otherId}`);
  await expect(page.getByRole('region', { name: 'Balances' })).toBeVisible();

  // A hostile address: every bad value is named and ignored, the page keeps working.
  await page.goto(
    `${app.host.url}#/history/${busy}?min=1e5&max=0.12345678&asset=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&cp=G123&from=2026-02-30&sort=%27;drop`,
  );
  const problems = page.getByRole('alert', { name: 'Address problems' });
  await expect(problems).toContainText('Min amount “1e5” is not a non-negative decimal');
  await expect(problems).toContainText('Max amount “0.12345678” has more than 7 decimals');
  await expect(problems).toContainText('is not an asset');
  await expect(problems).toContainText('Counterparty “G123” is not an account id');
  await expect(problems).toContainText('From day “2026-02-30” is not a day');
  await expect(problems.locator('img')).toHaveCount(0);
  await expect.poll(() => matchCount(page)).toBe(indexed);
  await expect(rows(grid).first()).toBeVisible();
  expect(await overflowing(page), 'the whole index at 1024x700: overflowing cells').toEqual([]);

  // The workbench home lists the index; removing it leaves the account unindexed.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Workbench' }).click();
  const indexes = page.getByRole('table', { name: 'Indexed accounts' });
  const entry = indexes.getByRole('row').filter({ has: page.locator(`a[href="#/account/${busy}"]`) });
  await expect(entry).toContainText('current');
  await expect(entry).toContainText(indexed.toLocaleString('en'));
  await shot(page, testInfo, 'workbench-home-1440x900');
  expect(await overflowing(page), 'workbench home: overflowing cells').toEqual([]);
  await entry.getByRole('button', { name: `Remove the index of ${busy}` }).click();
  await expect(entry).toHaveCount(0);
  await page.goto(`${app.host.url}#/history/${busy}`);
  await expect(page.getByTestId('workbench-error')).toContainText('not indexed on this network yet');
});

test("the volume chart draws the account's opening deposit apart from its flows (issue 36)", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // busy's XLM history starts with the create_account that funded it.
  await openApp(page, app, `#/history/${busy}?asset=native`);
  const panel = page.getByRole('region', { name: 'Local index' });
  if ((await panel.getByTestId('index-state').textContent()) !== 'current') {
    await panel.getByRole('button', { name: 'Index this account' }).click();
    await expect(panel.getByTestId('index-state')).toHaveText('current', { timeout: 60_000 });
  }
  await page.getByRole('tab', { name: 'Analyse' }).click();
  const volume = page.getByRole('region', { name: 'Volume' });
  // The set's rows move XLM and, in a conversion, another asset too: the chart's asset is chosen.
  await volume.getByRole('combobox', { name: 'Chart asset' }).selectOption('native');
  await expect(volume.getByTestId('opening-marker')).toHaveCount(1);
  await expect(volume.getByRole('list', { name: 'Legend' })).toContainText('opening deposit');
  await volume.locator('.period-chart').focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('period-readout')).toHaveText(
    /^(Day|Week of|Month of) \d{4}-\d{2}-\d{2}: in [\d,.]+ XLM \(of it, the opening deposit [\d,.]+ XLM, drawn apart\) · /,
  );
  await shot(page, testInfo, 'workbench-opening-1440x900');
});

test('an asset code opens the asset view: issuer, known holders, indexed payments, and a bad id says so', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app, `#/account/${busy}`);
  const panel = page.getByRole('region', { name: 'Local index' });
  await expect(panel.getByTestId('index-state')).not.toHaveText('');
  if ((await panel.getByTestId('index-state').textContent()) !== 'current') {
    await panel.getByRole('button', { name: 'Index this account' }).click();
    await expect(panel.getByTestId('index-state')).toHaveText('current', { timeout: 60_000 });
  }
  // The USD code of the account's balance links to the asset.
  await page.getByRole('region', { name: 'Balances' }).getByRole('link', { name: 'USD', exact: true }).first().click();
  await expect(page).toHaveURL(/#\/asset\/USD:G[A-Z2-7]{55}$/);
  const issuerId = /#\/asset\/USD:(G[A-Z2-7]{55})$/.exec(page.url())![1]!;
  const view = page.locator('article[data-entity="asset"]');
  await expect(view.getByRole('region', { name: 'Issuer' }).locator(`a[title*="${issuerId}"]`)).toBeVisible();
  await expect(view.getByTestId('issuer-facts')).toBeVisible();
  const holders = view.getByRole('table', { name: 'Holders' });
  await expect(holders.getByRole('row').filter({ has: page.locator(`a[title*="${busy}"]`) })).toContainText(
    /[\d,]+\.\d{7}/,
  );
  const payments = view.getByRole('table', { name: 'Payments of USD' });
  await expect(payments.getByRole('row').nth(1)).toBeVisible();
  for (const amount of await payments.locator('tbody tr td:nth-child(4)').allTextContents())
    expect(amount).toMatch(/^[\d,]+\.\d{7} USD$/);
  await shot(page, testInfo, 'asset-view-1440x900');
  expect(await overflowing(page), 'asset view: overflowing cells').toEqual([]);
  await view.getByRole('link', { name: 'Open in the workbench' }).first().click();
  await expect(page).toHaveURL(new RegExp(`#/history/${busy}\\?asset=USD%3A${issuerId}$`));
  await expect(page.getByTestId('match-count')).toHaveText(/records? match/);

  await page.goto(`${app.host.url}#/asset/USD:${issuerId.slice(0, -1)}${issuerId.endsWith('A') ? 'B' : 'A'}`);
  await expect(page.getByTestId('bad-asset')).toContainText('issuer is not a valid account id');
  await page.goto(`${app.host.url}#/asset/${'X'.repeat(1000)}`);
  await expect(page.getByTestId('bad-asset')).toContainText('too long to be an asset');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
});
