// An app an analyst can trust all day (issue #15): a long session through Submit and the explorer
// never blanks the window, and a page error is contained to its view.
import { expect, test, type Page } from '@playwright/test';
import { openApp, signedPayment, startApp, type AppUnderTest } from './support/app';

let app: AppUnderTest;

test.beforeAll(async () => {
  app = await startApp({ historyOps: 300, accounts: 6, closeIntervalMs: 1000 });
});

test.afterAll(async () => {
  await app?.stop();
});

const payer = () => app.network.demoAccounts[1]!;
const payee = () => app.network.demoAccounts[2]!;

/** Uncaught page errors: a blank app starts with one of these. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The shell is there: sidebar navigation, a main area, and no view in its error state. */
async function expectShellAlive(page: Page): Promise<void> {
  await expect(page.locator('[data-app-state="loaded"]')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Explore' })).toBeVisible();
  await expect(page.locator('#main')).not.toBeEmpty();
  await expect(page.getByTestId('view-error')).toHaveCount(0);
}

async function inspectAndSubmit(page: Page, xdr: string): Promise<void> {
  await page.getByRole('textbox', { name: /Signed transaction/ }).fill(xdr);
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(page.getByRole('region', { name: 'Transaction preview' })).toBeVisible();
  await page.getByRole('button', { name: /^Submit to / }).click();
}

test('two submissions, Clear, another inspection, leaving Submit and browsing: the app never blanks', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page, app, '#/submit');
  const result = page.getByRole('region', { name: 'Submission result' });

  const first = await signedPayment({ serviceUrl: app.network.serviceUrl, secret: payer().secretKey, to: payee().publicKey, amount: '1.5', passphrase: app.network.passphrase });
  await inspectAndSubmit(page, first.xdr);
  await expect(result.getByTestId('submit-result')).toHaveText('received');
  await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
  await expectShellAlive(page);

  const second = await signedPayment({ serviceUrl: app.network.serviceUrl, secret: payer().secretKey, to: payee().publicKey, amount: '2.25', passphrase: app.network.passphrase });
  await inspectAndSubmit(page, second.xdr);
  await expect(result.getByRole('link', { name: second.hash })).toBeVisible();
  await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
  await expectShellAlive(page);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(result).toHaveCount(0);
  await expectShellAlive(page);

  const third = await signedPayment({ serviceUrl: app.network.serviceUrl, secret: payer().secretKey, to: payee().publicKey, amount: '3', passphrase: app.network.passphrase });
  await page.getByRole('textbox', { name: /Signed transaction/ }).fill(third.xdr);
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(page.getByRole('region', { name: 'Transaction preview' })).toBeVisible();
  await expectShellAlive(page);

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('region', { name: 'Explore' })).toBeVisible();
  await expectShellAlive(page);

  await page.goto(`${app.host.origin}/#/tx/${first.hash}`);
  await expect(page.locator('article[data-entity="tx"]')).toContainText(first.hash);
  await page.goto(`${app.host.origin}/#/account/${payee().publicKey}`);
  await expect(page.locator('article[data-entity="account"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Live' }).click();
  await expect(page.getByRole('region', { name: 'Live' })).toBeVisible();
  await expectShellAlive(page);
  expect(errors).toEqual([]);
});
