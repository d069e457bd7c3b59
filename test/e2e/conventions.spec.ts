// The network's own conventions in the browser (issue 40): a payment to the local network's demo
// exchange without a memo is flagged by operation in the Submit preview (SEP-29), and nothing is
// sent until the person confirms, by a tick that names the account.
import { expect, test, type Page } from '@playwright/test';
import { paymentTx } from '../support/signed-tx';
import { openApp, startApp, type AppUnderTest } from './support/app';
import { expectNothingHeldBack, inspect } from './support/submit';

let app: AppUnderTest;

test.beforeAll(async () => {
  app = await startApp({ historyOps: 300, accounts: 6, closeIntervalMs: 500 });
});

test.afterAll(async () => {
  await app?.stop();
});

const demo = (name: string) => app.network.demoAccounts.find((a) => a.name === name)!;
const short = (id: string) => `${id.slice(0, 6)}…${id.slice(-6)}`;

async function screens(page: Page, name: string, testId: string): Promise<void> {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await page.getByTestId(testId).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/conventions-${name}-${size.width}x${size.height}.png` });
  }
}

test('a payment to the demo exchange without a memo is flagged, and sent only once the account is confirmed', async ({
  page,
}) => {
  const exchange = demo('exchange').publicKey;
  const tx = await paymentTx(app.network.serviceUrl, demo('alice'), exchange, {
    passphrase: app.network.passphrase,
    amount: '5',
  });
  const hash = tx.hash().toString('hex');
  await openApp(page, app, '#/submit');
  await inspect(page, tx.toXDR());
  const operations = page.getByRole('table', { name: 'Operations' });
  await expect(operations.getByTestId('memo-check')).toHaveText(
    `${short(exchange)} requires a memo (SEP-29); this transaction has none: an exchange may not credit it.`,
  );
  await expectNothingHeldBack(page);
  const confirm = page.getByRole('checkbox', { name: `Send it to ${short(exchange)} without a memo` });
  await expect(confirm).not.toBeChecked();
  await screens(page, 'memo-required', 'memo-confirm');

  await page.getByRole('button', { name: /^Submit to / }).click();
  await expect(page.getByTestId('submit-refused')).toContainText(`Not sent: ${short(exchange)} requires a memo`);
  expect((await fetch(`${app.network.serviceUrl}/transactions/${hash}`)).status).toBe(404);

  await confirm.check();
  await page.getByRole('button', { name: /^Submit to / }).click();
  const result = page.getByRole('region', { name: 'Submission result' });
  await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 20_000 });
  expect((await fetch(`${app.network.serviceUrl}/transactions/${hash}`)).status).toBe(200);
});
