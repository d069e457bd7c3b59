// The explorer against a local network with generated history starting at ledger 60000000, so
// every operation id is above 2^53.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openApp, shot, startApp, type AppUnderTest } from './support/app';

let app: AppUnderTest;
let busy: string;

test.beforeAll(async () => {
  app = await startApp({ historyOps: 6000, accounts: 20 });
  busy = app.network.demoAccounts[0]!.publicKey;
});

test.afterAll(async () => {
  await app?.stop();
});

const loaded = (page: Page) => page.getByTestId('loaded-count');
const loadedCount = async (page: Page) =>
  Number(((await loaded(page).textContent()) ?? '0').split(' ')[0]!.replace(/,/g, ''));
const rows = (grid: Locator) => grid.locator('[role="row"][data-index]:not(.vt-special)');

/** Scrolls a grid down a screen at a time until `target` shows up inside it. */
async function scrollUntil(grid: Locator, target: Locator, maxScreens = 60): Promise<void> {
  for (let i = 0; i < maxScreens && (await target.count()) === 0; i++) {
    const before = await grid.evaluate((el) => el.scrollTop);
    await grid.evaluate((el) => el.scrollBy(0, el.clientHeight - 40));
    await expect
      .poll(() =>
        grid.evaluate((el, b) => el.scrollTop !== b || el.scrollTop + el.clientHeight >= el.scrollHeight - 2, before),
      )
      .toBe(true);
    // The page the loader row asked for arrives (a loaded page pushes the loader out of view) and
    // did not fail: a fetch that hangs or errors stops the scroll here with a clear failure.
    await expect(grid.getByTestId('loader-row')).toHaveCount(0, { timeout: 10_000 });
    await expect(grid.getByRole('alert')).toHaveCount(0);
    // After a long jump rows mount as plain text; links come back once the scroll settles.
    await expect(grid).not.toHaveAttribute('data-fling');
  }
  await expect(target.first()).toBeVisible();
}

async function gotoId(page: Page, id: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: 'Go to' }).getByRole('textbox');
  await expect(box).toBeFocused();
  await box.fill(id);
  await box.press('Enter');
}

test('an account scrolls past 2,000 payments with bounded memory, exact amounts and a chart', async ({
  page,
}, testInfo) => {
  await openApp(page, app);
  await gotoId(page, busy);
  const grid = page.getByRole('grid', { name: 'Payments' });
  await expect(rows(grid).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment volume' }).locator('svg[role="img"]')).toBeVisible();
  const firstId = await rows(grid).first().locator('a[data-kind="op"]').textContent();
  expect(BigInt(firstId!)).toBeGreaterThan(2n ** 53n);
  await shot(page, testInfo, 'account-payments');

  while ((await loadedCount(page)) < 2100) {
    const before = await loadedCount(page);
    await grid.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => loadedCount(page), { timeout: 10_000 }).toBeGreaterThan(before);
  }
  await grid.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const lastVisible = () =>
    grid.evaluate((el) =>
      Math.max(
        ...[...el.querySelectorAll('[role="row"][data-index]')].map((row) => Number(row.getAttribute('data-index'))),
      ),
    );
  await expect.poll(lastVisible).toBeGreaterThan(2000);
  // Virtualised: a screenful of rows in the DOM, not thousands.
  expect(await grid.locator('[role="row"]').count()).toBeLessThan(120);
  // Amounts are exact, grouped decimals with their currency.
  await expect(rows(grid).first().locator('.money')).toHaveText(/^\d{1,3}(,\d{3})*(\.\d{1,7})? [A-Z]+$/);
  await shot(page, testInfo, 'account-scrolled');

  // The first pages were dropped; scrolling back fetches them again.
  await grid.evaluate((el) => (el.scrollTop = 0));
  await expect(rows(grid).first().locator('a[data-kind="op"]')).toHaveText(firstId!);
});

test('order and include-failed change the rows; include-transactions adds columns', async ({ page }, testInfo) => {
  await openApp(page, app, `#/account/${busy}`);
  const grid = page.getByRole('grid', { name: 'Payments' });
  const firstOp = () => rows(grid).first().locator('a[data-kind="op"]').textContent();
  await expect(rows(grid).first()).toBeVisible();
  const newest = BigInt((await firstOp())!);

  await page.getByRole('button', { name: /Order: newest first/ }).click();
  await expect(page.getByRole('button', { name: /Order: oldest first/ })).toBeVisible();
  await expect.poll(async () => BigInt((await firstOp()) ?? '0')).toBeLessThan(newest);
  expect(page.url()).toContain('order=asc');

  const withoutFailed = await loadedCount(page);
  await page.getByLabel('Include failed').check();
  await expect(page.getByLabel('Include failed')).toBeChecked();
  await expect.poll(() => loadedCount(page)).toBeGreaterThan(0);
  await scrollUntil(grid, grid.locator('[role="row"].failed'));
  await expect(grid.locator('[role="row"].failed').first().getByText('failed')).toBeAttached();
  expect(withoutFailed).toBeGreaterThan(0);

  await page.getByLabel('Include transactions').check();
  await expect(grid.getByRole('columnheader', { name: 'Fee' })).toBeAttached();
  await expect(grid.getByRole('columnheader', { name: 'Memo' })).toBeAttached();
  await expect(grid.getByRole('columnheader', { name: 'Successful' })).toBeAttached();
  await shot(page, testInfo, 'account-toggles');

  // Back restores the previous filters (they live in the address).
  await page.getByLabel('Include transactions').uncheck();
  await expect(grid.getByRole('columnheader', { name: 'Fee' })).toHaveCount(0);
});

test('each of the five operation scopes is reached by clicking links', async ({ page }, testInfo) => {
  await openApp(page, app, `#/account/${busy}`);
  // account
  await page.getByRole('tab', { name: 'Operations' }).click();
  const ops = page.getByRole('grid', { name: 'Operations' });
  await expect(rows(ops).first()).toBeVisible();
  await shot(page, testInfo, 'scope-account');

  // transaction
  await rows(ops).first().locator('a[data-kind="tx"]').click();
  await expect(page.locator('article[data-entity="tx"]')).toBeVisible();
  await expect(page.getByTestId('tx-result')).toContainText(/success|failed/);
  await expect(rows(page.getByRole('grid', { name: 'Operations' })).first()).toBeVisible();
  await shot(page, testInfo, 'scope-transaction');

  // ledger
  await page.getByRole('region', { name: 'Transaction facts' }).locator('a[data-kind="ledger"]').click();
  await expect(page.locator('article[data-entity="ledger"]')).toBeVisible();
  await expect(rows(page.getByRole('grid', { name: 'Operations' })).first()).toBeVisible();
  await shot(page, testInfo, 'scope-ledger');

  // liquidity pool, from the account's pool-share balance
  await page.goBack();
  await page.goBack();
  await expect(page.locator('article[data-entity="account"]')).toBeVisible();
  await page.getByRole('region', { name: 'Balances' }).locator('a[data-kind="pool"]').first().click();
  await expect(page.locator('article[data-entity="pool"]')).toBeVisible();
  await expect(rows(page.getByRole('grid', { name: 'Operations' })).first()).toBeVisible();
  await shot(page, testInfo, 'scope-pool');

  // claimable balance, from an operation that created one
  await page.goBack();
  await page.getByRole('button', { name: /Order: newest first/ }).click();
  const grid = page.getByRole('grid', { name: 'Operations' });
  await scrollUntil(grid, grid.locator('a[data-kind="cb"]'));
  await grid.locator('a[data-kind="cb"]').first().click();
  await expect(page.locator('article[data-entity="cb"]')).toBeVisible();
  // A claimed balance no longer exists; its operations still list.
  await expect(rows(page.getByRole('grid', { name: 'Operations' })).first()).toBeVisible();
  await expect(rows(page.getByRole('grid', { name: 'Operations' })).filter({ hasText: 'create balance' })).toHaveCount(
    1,
  );
  await shot(page, testInfo, 'scope-claimable-balance');
});

test('the go-to box explains what it does not recognise', async ({ page }, testInfo) => {
  await openApp(page, app);
  await gotoId(page, `${busy.slice(0, 54)}${busy[55] === 'A' ? 'BB' : 'AA'}`);
  const dialog = page.getByRole('dialog', { name: 'Go to' });
  await expect(dialog.getByRole('alert')).toContainText(
    'Not recognised: looks like an account (G…) but its checksum is wrong',
  );
  await dialog.getByRole('textbox').fill('12345abc');
  await dialog.getByRole('textbox').press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('hexadecimal of 8 characters');
  await dialog.getByRole('textbox').fill('ab'.repeat(32));
  await dialog.getByRole('textbox').press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('Unknown: no transaction or liquidity pool');
  await shot(page, testInfo, 'goto-unknown');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('a table is usable with the keyboard alone', async ({ page }, testInfo) => {
  await openApp(page, app);
  await gotoId(page, busy);
  const grid = page.getByRole('grid', { name: 'Payments' });
  await expect(rows(grid).first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(grid).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(grid.locator('[role="row"][aria-selected="true"]')).toHaveAttribute('data-index', '1');
  // Focus is visible: the focused grid draws an outline.
  expect(await grid.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('pre.raw')).toContainText('"paging_token"');
  await shot(page, testInfo, 'keyboard-drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(grid).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(grid.locator('[role="row"][aria-selected="true"]')).not.toHaveAttribute('data-index', '1');
  await page.keyboard.press('g');
  await page.keyboard.press('l');
  await expect(page.getByRole('heading', { name: 'Live payments' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('grid', { name: 'Payments' })).toBeVisible();
});

test('export streams the whole listing to a file with progress', async ({ page }, testInfo) => {
  await openApp(page, app, `#/account/${busy}`);
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export' });
  await dialog.getByLabel('Format').selectOption('ndjson');
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(dialog.locator('.export-progress')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await shot(page, testInfo, 'export-done');
  const file = readdirSync(app.exportDir).find((name) => name.endsWith('.ndjson'));
  expect(file).toBeTruthy();
  const lines = readFileSync(join(app.exportDir, file!), 'utf8').trim().split('\n');
  expect(lines.length).toBeGreaterThan(2000);
  await expect(dialog.getByRole('status')).toContainText(`${lines.length.toLocaleString('en')} rows`);
});
