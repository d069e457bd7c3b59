// The explore home and the address book in Chromium, each journey from a fresh profile (its own
// web host and user-data directory) against one local network with history.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/shared-network';
import type { RunningNetwork } from '../support/network';
import { envelopeOf, paymentTx } from '../support/signed-tx';
import { postTransaction, waitForLedger } from './support/app';
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

/** A fresh profile: a new web host on a new user-data directory, the page opened and online. */
async function openFresh(page: Page): Promise<void> {
  host = await startWebHost(['--local-url', network.serviceUrl, '--local-data-dir', network.dataDir]);
  await page.goto(host.url);
  await expect(page.locator('[data-app-state="loaded"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Network status' }).getByTestId('network-state')).toHaveText('online');
}

const demo = (name: string) => network.demoAccounts.find((a) => a.name === name)!;

test('the home shows ledgers arriving, the latest operations, and demo accounts one click from a history', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openFresh(page);
  const ledgers = page.getByRole('region', { name: 'Latest ledgers' });
  const firstLedger = ledgers.locator('tbody tr').first().locator('a[data-kind="ledger"]');
  await expect(firstLedger).toHaveText(/^\d+$/);
  const before = Number(await firstLedger.textContent());
  await expect.poll(async () => Number(await firstLedger.textContent()), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(ledgers.locator('tbody tr')).toHaveCount(8);
  const operations = page.getByRole('region', { name: 'Latest operations' });
  await expect(operations.locator('tbody tr')).toHaveCount(10);
  const accounts = page.getByRole('region', { name: 'Demo accounts' });
  for (const name of ['busy', 'alice', 'multisig-2of3', 'multisig-weighted'])
    await expect(accounts.getByRole('link', { name, exact: true })).toBeVisible();
  // No secret key reached the page.
  expect(await page.content()).not.toContain(demo('busy').secretKey);
  await page.screenshot({ path: testInfo.outputPath('home-1440x900.png') });
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(ledgers).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-1024x700.png') });

  await accounts.getByRole('link', { name: 'busy', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/account/${demo('busy').publicKey}$`));
  await expect(page.getByRole('grid', { name: 'Payments' }).locator('[role="row"][data-index]').first()).toBeVisible();
});

test('an account labelled on its page shows its label, is found by it in the go-to box, and exports', async ({
  page,
}, testInfo) => {
  await openFresh(page);
  const alice = demo('alice').publicKey;
  await page.goto(`${host!.url.split('?')[0]}#/account/${alice}`);
  // alice has the local network's own name; the user's label replaces it.
  await expect(page.getByTestId('account-label')).toHaveText('alice');
  await page.getByRole('button', { name: 'Rename…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Name account' });
  await dialog.getByRole('textbox', { name: 'Label' }).fill('Alice (treasury)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('account-label')).toHaveText('Alice (treasury)');

  await page.goto(`${host!.url.split('?')[0]}#/explore`);
  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: 'Go to' }).getByRole('textbox');
  await box.fill('treas');
  await expect(page.getByRole('list', { name: 'Labelled accounts' }).getByRole('link')).toHaveText([
    /^Alice \(treasury\)/,
  ]);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/account/${alice}$`));
  // The label shows wherever the account does: here, the payments it sent or received.
  await expect(
    page.getByRole('grid', { name: 'Payments' }).locator('a.labelled', { hasText: 'Alice (treasury)' }).first(),
  ).toBeVisible();

  // Settings: the address book exports as CSV, and a hostile import is refused whole.
  await page.goto(`${host!.url.split('?')[0]}#/settings`);
  const book = page.getByRole('region', { name: 'Address book' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    book.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('ledgerscope-labels.csv');
  expect(readFileSync((await download.path())!, 'utf8')).toBe(
    `account,label,network\r\n${alice},Alice (treasury),local\r\n`,
  );
  await book.getByLabel('Import labels from a JSON or CSV file').setInputFiles({
    name: 'evil.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`account,label\n${demo('bob').publicKey},Bob\n${alice},=cmd|' /C calc'!A0\n`),
  });
  await expect(book.getByRole('alert')).toContainText('Line 3: label: a label cannot start with =');
  await expect(book.locator('tr[data-origin="user"]')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('address-book.png') });
});

/** What the focused element is, read in the page: whether it matches `selector`, and its title. */
type Focused = { matches(selector: string): boolean; getAttribute(name: string): string | null };

/**
 * Presses Tab until the focused element matches `selector`; returns its title. One press and one
 * look a step (a bounded walk, no waiting on time), so a slow machine makes it slower, not flaky.
 */
async function tabTo(page: Page, selector: string, max = 200): Promise<string> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const title = await page.evaluate((wanted) => {
      const element = (globalThis as unknown as { document: { activeElement: Focused | null } }).document.activeElement;
      return element?.matches(wanted) ? (element.getAttribute('title') ?? '') : null;
    }, selector);
    if (title !== null) return title;
  }
  throw new Error(`${selector} was not reached in ${max} presses of Tab`);
}

test('the keyboard alone walks home → account → payment → transaction → submit, submitting with Ctrl+Enter', async ({
  page,
}) => {
  // A long walk of single key presses: on a loaded machine each press takes its time.
  test.slow();
  await openFresh(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host!.origin });
  const busy = demo('busy').publicKey;
  await expect(page.getByRole('region', { name: 'Demo accounts' }).getByRole('link', { name: 'busy' })).toBeVisible();

  // Home → the account: Tab to its link, Enter.
  await tabTo(page, `section[aria-label="Demo accounts"] a[title="${busy}"]`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/account/${busy}$`));
  const payments = page.getByRole('grid', { name: 'Payments' });
  await expect(payments.locator('[role="row"][data-index]').first()).toBeVisible();

  // The ✎ beside the account's id is reachable with Tab, and shown in full when focused.
  await tabTo(page, `button[aria-label="Name account ${busy}"]`);
  await expect(page.locator(':focus')).toHaveCSS('opacity', '1');

  // The account → a payment: j moves into the first table, Enter opens the row's details.
  await page.keyboard.press('j');
  await expect(payments).toBeFocused();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: /^Operation / });
  await expect(drawer).toBeVisible();

  // The payment → its transaction: Tab to the transaction's link in the details, Enter.
  const hash = await tabTo(page, '[role="dialog"] a[data-kind="tx"]');
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/tx/${hash}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toContainText(/Transaction/i);

  // The transaction → Submit: "g" then "s".
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page).toHaveURL(/#\/submit$/);

  // A signed payment a wallet put on the clipboard: Tab to the box, paste, Tab to Inspect, Enter.
  const { xdr, hash: sent } = envelopeOf(
    await paymentTx(network.serviceUrl, demo('bob'), demo('alice').publicKey, {
      amount: '0.75',
      passphrase: network.passphrase,
      timeoutSeconds: 600,
    }),
  );
  await page.evaluate(
    (text) =>
      (
        globalThis as unknown as { navigator: { clipboard: { writeText(text: string): Promise<void> } } }
      ).navigator.clipboard.writeText(text),
    xdr,
  );
  await tabTo(page, 'textarea[aria-label^="Signed transaction"]');
  await page.keyboard.press('Control+V');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Inspect' })).toBeFocused();
  await page.keyboard.press('Enter');
  // After Inspect, the focus is on the first thing to decide: the submit button, nothing held back.
  await expect(page.getByRole('button', { name: /^Submit to / })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Transaction preview' })).toContainText(sent);
  await page.keyboard.press('Control+Enter');
  const result = page.getByRole('region', { name: 'Submission result' });
  await expect(result.getByTestId('submit-result')).toHaveText('received');
  await expect(result.getByRole('link', { name: sent })).toBeVisible();
  await waitForLedger(network.serviceUrl, sent);
});

/** The op ids of the feed's rows, top to bottom. */
async function feedIds(feed: Locator): Promise<bigint[]> {
  const texts = await feed.locator('[role="row"][data-index] a[data-kind="op"]').allTextContents();
  return texts.map((t) => BigInt(t));
}

async function pay(amount: string): Promise<void> {
  const { xdr, hash } = envelopeOf(
    await paymentTx(network.serviceUrl, demo('root'), demo('bob').publicKey, {
      amount,
      passphrase: network.passphrase,
      timeoutSeconds: 600,
    }),
  );
  expect((await postTransaction(network.serviceUrl, xdr)).body.result).toBe('received');
  await waitForLedger(network.serviceUrl, hash);
}

test('a reloaded live feed keeps its rows in time order, and new payments still arrive', async ({ page }, testInfo) => {
  await openFresh(page);
  await page.goto(`${host!.url.split('?')[0]}#/live`);
  await page.getByLabel('Account to watch').fill(demo('bob').publicKey);
  await page.getByRole('button', { name: 'Watch' }).click();
  // Live at the stream's first frame; under load (four processes on two cores) that took over 15 s.
  await expect(page.getByRole('table', { name: 'Watched accounts' }).getByTestId('stream-state')).toHaveText('live', {
    timeout: 45_000,
  });
  const feed = page.getByRole('grid', { name: 'Live feed' });
  // Before anything new: the account's recent payments, newest first.
  await expect(feed.locator('[role="row"][data-index]').first()).toBeVisible();
  const history = await feedIds(feed);
  expect(history.length).toBeGreaterThan(3);
  expect(history).toEqual([...history].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));

  await pay('12.5');
  await expect(feed.locator('[role="row"][data-index]').first()).toContainText('12.5');
  const beforeReload = await feedIds(feed);
  expect(beforeReload[0]! > history[0]!).toBe(true);

  await page.reload();
  await expect(page.locator('[data-app-state="loaded"]')).toBeVisible();
  await expect(feed.locator('[role="row"][data-index]').first()).toContainText('12.5');
  // The same rows as before the reload, in the same order (the history comes back from the core).
  await expect
    .poll(async () => (await feedIds(feed)).slice(0, 8).map(String))
    .toEqual(beforeReload.slice(0, 8).map(String));
  await page.screenshot({ path: testInfo.outputPath('live-after-reload.png') });

  await pay('7.25');
  await expect(feed.locator('[role="row"][data-index]').first()).toContainText('7.25');
  const after = await feedIds(feed);
  expect(after.slice(1, 4)).toEqual(beforeReload.slice(0, 3));
  expect(new Set(after.map(String)).size).toBe(after.length);
});
