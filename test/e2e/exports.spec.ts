// Exports in real Chromium through the web host (issue #27 point 4): the workbench's export of an
// indexed account and the explorer's export of its payments, each in the one column set and the
// accounting layout, downloaded in the browser (the web host's /exports/<id>) and read back: the
// header, the rows, the fee once per transaction, and the download equal to the file the core wrote.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTING_COLUMNS } from '../../shared/accounting';
import { EXPORT_COLUMNS } from '../../shared/export-columns';
import { parseCsv } from '../../shared/labels';
import { openApp, shot, startApp, type AppUnderTest } from './support/app';

let app: AppUnderTest;
let busy: string;

test.beforeAll(async () => {
  app = await startApp({ historyOps: 800, accounts: 6 });
  busy = app.network.demoAccounts[0]!.publicKey;
});

test.afterAll(async () => {
  await app?.stop();
});

/** Clicks what starts a download and reads the downloaded file. */
async function download(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

/** Column CSV checks: its header, and the fee at most once per transaction. */
function checkColumns(text: string): string[][] {
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...EXPORT_COLUMNS]);
  const hash = EXPORT_COLUMNS.indexOf('transaction_hash');
  const fee = EXPORT_COLUMNS.indexOf('fee_xlm');
  const charged = rows.filter((row) => row[fee]).map((row) => row[hash]);
  expect(charged.length).toBeGreaterThan(0);
  expect(new Set(charged).size).toBe(charged.length);
  return rows;
}

/** Accounting checks: its header, one transaction's rows together, its fee on one row. */
function checkAccounting(text: string): string[][] {
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...ACCOUNTING_COLUMNS]);
  expect(rows.length).toBeGreaterThan(0);
  const hash = ACCOUNTING_COLUMNS.indexOf('TxHash');
  const fee = ACCOUNTING_COLUMNS.indexOf('Fee Amount');
  const hashes = rows.map((row) => row[hash]!);
  const runs = hashes.filter((h, i) => i === 0 || hashes[i - 1] !== h);
  expect(new Set(runs).size).toBe(runs.length);
  const charged = rows.filter((row) => row[fee]).map((row) => row[hash]);
  expect(new Set(charged).size).toBe(charged.length);
  for (const row of rows) expect(row[ACCOUNTING_COLUMNS.indexOf('Date')]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  return rows;
}

test('the workbench exports both layouts as downloads', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app, `#/account/${busy}`);
  const panel = page.getByRole('region', { name: 'Local index' });
  await panel.getByRole('button', { name: 'Index this account' }).click();
  await expect(panel.getByTestId('index-state')).toHaveText('current', { timeout: 60_000 });
  await panel.getByRole('link', { name: 'Open in workbench' }).click();
  await expect(page.getByTestId('match-count')).toHaveText(/records match$/);
  const count = Number((await page.getByTestId('match-count').textContent())!.split(' ')[0]!.replace(/,/g, ''));

  await page.getByRole('button', { name: 'Export CSV' }).click();
  // In the browser the page names the file, never the web host's folders (it offers a download).
  await expect(page.getByTestId('export-result')).toHaveText(
    new RegExp(`^Exported ${count.toLocaleString('en')} operations as [^/\\\\]+\\.csv$`),
  );
  const written = join(
    app.exportDir,
    (await page.getByTestId('export-result').textContent())!.replace(/^Exported [\d,]+ operations as /, ''),
  );
  const csv = await download(page, page.getByRole('link', { name: 'Download the file' }));
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.text).toBe(readFileSync(written, 'utf8'));
  const rows = checkColumns(csv.text);
  expect(new Set(rows.map((row) => row[EXPORT_COLUMNS.indexOf('operation_id')])).size).toBe(count);

  await page.getByRole('button', { name: 'Export for accounting' }).click();
  await expect(page.getByTestId('export-result')).toHaveText(
    /^Exported [\d,]+ operations as [^/]*-accounting-.*\.csv$/,
  );
  await shot(page, testInfo, 'workbench-export');
  const accounting = await download(page, page.getByRole('link', { name: 'Download the file' }));
  expect(accounting.name).toMatch(/-accounting-.*\.csv$/);
  const transactions = new Set(rows.map((row) => row[EXPORT_COLUMNS.indexOf('transaction_hash')]));
  const booked = new Set(checkAccounting(accounting.text).map((row) => row[ACCOUNTING_COLUMNS.indexOf('TxHash')]));
  // Every booked transaction is one of the account's; one that moved nothing and cost it nothing has no row.
  for (const hash of booked) expect(transactions.has(hash)).toBe(true);
});

test('the explorer exports both layouts as downloads', async ({ page }) => {
  await openApp(page, app, `#/account/${busy}`);
  for (const [format, check] of [
    ['csv', checkColumns],
    ['accounting', checkAccounting],
  ] as const) {
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export' });
    await dialog.getByLabel('Format').selectOption(format);
    await dialog.getByRole('button', { name: 'Start export' }).click();
    await expect(dialog.locator('.export-progress')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    const file = await download(page, dialog.getByRole('link', { name: 'Download the file' }));
    expect(file.name).toBe(`payments-${busy.slice(0, 8)}${format === 'accounting' ? '-accounting' : ''}.csv`);
    const onDisk = readdirSync(app.exportDir).find((name) => name === file.name);
    expect(readFileSync(join(app.exportDir, onDisk!), 'utf8')).toBe(file.text);
    check(file.text);
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
});
