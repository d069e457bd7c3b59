// The local network's demo accounts by name, from a fresh profile (its own web host and user-data
// directory) in Chromium: `busy` in the go-to box opens busy's page, `alice` is watched by name on
// the Live page, a payment row and its drawer name both parties, and the address book lists the
// names as the network's own, one removed for good.
import type { Page } from '@playwright/test';
import { expect, test } from './support/shared-network';
import { abbreviateId } from '../../shared/ids';
import type { RunningNetwork } from '../support/network';
import { startWebHost, type RunningWebHost } from './support/web-host';

let network: RunningNetwork;
let host: RunningWebHost | null = null;

test.beforeAll(({ sharedNetwork }) => {
  network = sharedNetwork;
});
test.afterEach(async () => {
  await host?.stop();
  host = null;
});

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

async function openFresh(page: Page, hash = ''): Promise<void> {
  host = await startWebHost(['--local-url', network.serviceUrl, '--local-data-dir', network.dataDir]);
  await page.goto(`${host.url}${hash}`);
  await expect(page.locator('[data-app-state="loaded"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Network status' }).getByTestId('network-state')).toHaveText('online');
}

const key = (name: string) => network.demoAccounts.find((a) => a.name === name)!.publicKey;

test('typing busy in the go-to box opens its page, where its payments and their drawer name both parties', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(SIZES[0]!);
  await openFresh(page);
  await expect(page.getByRole('region', { name: 'Latest operations' }).locator('a.labelled').first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`names-home-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]!);

  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: 'Go to' }).getByRole('textbox');
  await box.fill('busy');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/account/${key('busy')}$`));
  await expect(page.getByTestId('account-label')).toHaveText('busy');
  await expect(page.locator('.account-label .badge')).toHaveText('local network');

  // A payment row names its other party; the drawer's sentence names both.
  const grid = page.getByRole('grid', { name: 'Payments' });
  const row = grid.locator('[role="row"][data-index]').filter({ hasText: 'payment' }).first();
  await expect(row.locator('a.labelled').first()).toBeVisible();
  const other = (await row.locator('a.labelled').first().textContent())!;
  expect(network.demoAccounts.map((a) => a.name)).toContain(other);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(row).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`names-account-${size.width}x${size.height}.png`) });
  }
  // Its type cell (not one of its links) opens the drawer.
  await row.getByText('payment', { exact: true }).click();
  const summary = page.getByRole('dialog', { name: /^Operation / }).getByTestId('op-summary');
  await expect(summary).toContainText(/^pay [\d,]+\.\d{7} \S+ from \S+ to \S+$/);
  await expect(summary).toContainText('busy');
  await expect(summary).toContainText(other);
  await expect(summary).not.toContainText(abbreviateId(key('busy')));
  await page.screenshot({ path: testInfo.outputPath('names-drawer-1024x700.png') });

  // A start two names share is listed, not guessed (from the seed's names: bob and busy).
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await box.fill('b');
  await box.press('Enter');
  await expect(page.getByTestId('goto-message')).toContainText('“b” matches');
  await expect(page.getByRole('list', { name: 'Labelled accounts' })).toContainText('bob');
  await expect(page).toHaveURL(new RegExp(`#/account/${key('busy')}$`));
});

test('alice is watched by name on the Live page', async ({ page }) => {
  await openFresh(page, '#/live');
  await page.getByLabel('Account to watch').fill('alice');
  await page.getByRole('button', { name: 'Watch' }).click();
  const watched = page.getByRole('table', { name: 'Watched accounts' });
  await expect(watched.getByRole('link', { name: 'alice', exact: true })).toHaveAttribute(
    'href',
    `#/account/${key('alice')}`,
  );
  await expect(page.getByLabel('Account to watch')).toHaveValue('');
});

test("the address book marks the network's own names, and one removed stays removed after a reload", async ({
  page,
}, testInfo) => {
  await openFresh(page, '#/settings');
  const book = page.getByRole('region', { name: 'Address book' });
  const own = book.locator('tr[data-origin="network"]');
  await expect(own).toHaveCount(network.demoAccounts.length);
  const bob = own.filter({ hasText: 'bob' });
  await expect(bob.locator('.badge')).toHaveText('local network');
  await page.screenshot({ path: testInfo.outputPath('names-address-book.png') });
  await bob.getByRole('button', { name: 'Remove label bob' }).click();
  await expect(own).toHaveCount(network.demoAccounts.length - 1);
  await page.reload();
  await expect(page.locator('[data-app-state="loaded"]')).toBeVisible();
  await expect(book.locator('tr[data-origin="network"]')).toHaveCount(network.demoAccounts.length - 1);
  await expect(book.getByRole('button', { name: 'Remove label bob' })).toHaveCount(0);
  // bob's page now shows its id, with no name.
  await page.goto(`${host!.url.split('?')[0]}#/account/${key('bob')}`);
  await expect(page.getByRole('button', { name: 'Name this account…' })).toBeVisible();
});
