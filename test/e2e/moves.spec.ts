// What an operation moved, on screen, in Chromium through the web host on the local network: an
// account's pool deposit reads its reserves going out and its shares coming in (direction both),
// in the row and in the drawer; a failed operation's row has no direction, nothing coloured as
// moved, and says nothing moved. Screenshots of the account page, a transaction page and the
// drawer at 1440x900 and 1024x700 go to test-results/moves (to be looked at, not committed).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/shared-network';
import { openApp, startAppWith, type AppUnderTest } from './support/app';

let app: AppUnderTest;
let account: string;
let depositTx: string;

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

test.beforeAll(async ({ sharedNetwork }) => {
  app = await startAppWith(sharedNetwork);
  // A demo account that deposited into a pool itself and has a failed operation.
  for (const candidate of app.network.demoAccounts) {
    const url = new URL(`/accounts/${candidate.publicKey}/operations`, app.network.serviceUrl);
    url.search = 'limit=200&order=desc&include_failed=true';
    const body = (await (await fetch(url)).json()) as { _embedded: { records: Record<string, unknown>[] } };
    const records = body._embedded.records;
    const deposit = records.find(
      (r) =>
        r['type_s'] === 'liquidity_pool_deposit' &&
        r['source_account'] === candidate.publicKey &&
        r['transaction_successful'] === true,
    );
    if (deposit && records.some((r) => r['transaction_successful'] === false)) {
      account = candidate.publicKey;
      depositTx = String(deposit['transaction_hash']);
      break;
    }
  }
  expect(account, 'a demo account with a pool deposit and a failed operation').toBeTruthy();
});

test.afterAll(async () => {
  await app?.stop();
});

const rowsOf = (grid: Locator) => grid.locator('[role="row"][data-index]:not(.vt-special)');

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
    await expect(grid.getByTestId('loader-row')).toHaveCount(0, { timeout: 10_000 });
    await expect(grid).not.toHaveAttribute('data-fling');
  }
  await expect(target.first()).toBeVisible();
}

async function operationsGrid(page: Page): Promise<Locator> {
  await openApp(page, app, `#/account/${account}?tab=operations&failed=1`);
  const grid = page.getByRole('grid', { name: 'Operations' });
  await expect(rowsOf(grid).first()).toBeVisible();
  return grid;
}

test('a pool deposit row: its reserves out, its shares in, direction both; and its drawer', async ({ page }) => {
  const grid = await operationsGrid(page);
  const deposit = rowsOf(grid).filter({ hasText: 'pool deposit' }).filter({ hasText: 'shares' });
  await scrollUntil(grid, deposit);
  const row = deposit.first();
  await expect(row.locator('.badge.dir-both')).toHaveText('both');
  await expect(row.locator('.money[data-direction="out"]')).not.toHaveCount(0);
  await expect(row.locator('.money[data-direction="in"]')).toContainText('shares');
  await row.getByRole('gridcell').first().click();
  const moved = page.getByRole('dialog').getByTestId('op-moves');
  await expect(moved).toHaveAttribute('data-direction', 'both');
  await expect(moved.getByRole('listitem').filter({ hasText: /^received .* shares from/ })).toHaveCount(1);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(moved).toBeVisible();
    await page.screenshot({ path: `test-results/moves/drawer-pool-deposit-${size.width}x${size.height}.png` });
  }
});

test('a failed operation row: no direction, nothing coloured as moved, "nothing moved"', async ({ page }) => {
  const grid = await operationsGrid(page);
  const failed = rowsOf(grid).and(grid.locator('.failed'));
  await scrollUntil(grid, failed);
  const row = failed.first();
  await expect(row).toContainText('nothing moved');
  await expect(row.locator('.badge[class*="dir-"]')).toHaveCount(0);
  await expect(row.locator('.money[data-direction]')).toHaveCount(0);
});

test('screenshots: the account page and a transaction page', async ({ page }) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await operationsGrid(page);
    await page.screenshot({ path: `test-results/moves/account-${size.width}x${size.height}.png` });
    await page.goto(`${app.host.origin}/#/tx/${depositTx}`);
    await expect(rowsOf(page.getByRole('grid', { name: 'Operations' })).first()).toBeVisible();
    await page.screenshot({ path: `test-results/moves/transaction-${size.width}x${size.height}.png` });
  }
});
