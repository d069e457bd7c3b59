// Live payments, notifications and the submitter against a local network closing a ledger a second.
import { expect, test, type Page } from '@playwright/test';
import { envelopeOf, paymentTx } from '../support/signed-tx';
import { openApp, postTransaction, shot, startApp, waitForLedger, type AppUnderTest } from './support/app';
import { expectNothingHeldBack } from './support/submit';

let app: AppUnderTest;

test.beforeAll(async () => {
  // Its Stellar RPC too, for the journey on RPC at the end (issue 38).
  app = await startApp({ historyOps: 300, accounts: 6, closeIntervalMs: 1000, rpc: true });
});

test.afterAll(async () => {
  await app?.stop();
});

const payer = () => app.network.demoAccounts[1]!;
const payee = () => app.network.demoAccounts[2]!;

/** Records every Notification the page creates (the permission is granted for the context). */
async function captureNotifications(page: Page): Promise<void> {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const shown: { title: string; body?: string; tag?: string; instance: unknown }[] = [];
    class Captured {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string; tag?: string } = {}) {
        shown.push({ title, ...options, instance: this });
      }
      close() {}
    }
    Object.assign(globalThis, { Notification: Captured, __notifications: shown });
  });
}

const notifications = (page: Page) =>
  page.evaluate(() =>
    (globalThis as unknown as { __notifications: { title: string; tag?: string }[] }).__notifications.map(
      ({ title, tag }) => ({ title, tag }),
    ),
  );

async function paste(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: /Signed transaction/ }).fill(text);
  await page.getByRole('button', { name: 'Inspect' }).click();
}

test('a watched account shows an incoming payment and notifies within 3 s of its ledger', async ({
  page,
}, testInfo) => {
  await captureNotifications(page);
  await openApp(page, app, '#/live');
  await page.getByLabel('Account to watch').fill(payee().publicKey);
  await page.getByRole('button', { name: 'Watch' }).click();
  const watched = page.getByRole('table', { name: 'Watched accounts' });
  // Live at the stream's first frame; under load (four processes on two cores) that took over 15 s.
  await expect(watched.getByTestId('stream-state')).toHaveText('live', { timeout: 45_000 });
  await expect(page.getByRole('region', { name: 'Watched accounts' }).getByRole('link')).toHaveAttribute(
    'title',
    payee().publicKey,
  );

  const { xdr, hash } = envelopeOf(
    await paymentTx(app.network.serviceUrl, payer(), payee().publicKey, {
      amount: '12.5',
      passphrase: app.network.passphrase,
      memo: 'e2e live',
      timeoutSeconds: 600,
    }),
  );
  expect((await postTransaction(app.network.serviceUrl, xdr)).body.result).toBe('received');
  const { seenAt } = await waitForLedger(app.network.serviceUrl, hash);

  const feed = page.getByRole('grid', { name: 'Live feed' });
  const row = feed.locator('[role="row"][data-index]').filter({ hasText: '12.5' });
  await expect(row).toBeVisible({ timeout: 3_000 });
  await expect
    .poll(() => notifications(page), { timeout: Math.max(100, 3_000 - (Date.now() - seenAt)) })
    .toContainEqual(expect.objectContaining({ title: 'Payment received: 12.5000000 XLM' }));
  expect(Date.now() - seenAt).toBeLessThan(3_000);
  await expect(row.locator('.badge.dir-in')).toHaveText('in');
  await shot(page, testInfo, 'live-feed');

  // Clicking the notification opens the payment.
  const { tag } = (await notifications(page)).find((n) => n.title.startsWith('Payment received'))!;
  await page.evaluate(() => {
    const list = (globalThis as unknown as { __notifications: { instance: { onclick: (() => void) | null } }[] })
      .__notifications;
    list.at(-1)!.instance.onclick?.();
  });
  await expect(page.locator(`article[data-entity="op"]`)).toBeVisible();
  expect(page.url()).toContain(`#/op/${tag}`);
  await expect(page.getByText('12.5').first()).toBeVisible();
});

test('a dropped signed file is received, then succeeds in a ledger', async ({ page }, testInfo) => {
  await openApp(page, app, '#/submit');
  const { xdr, hash } = envelopeOf(
    await paymentTx(app.network.serviceUrl, payer(), payee().publicKey, {
      amount: '3.0000001',
      passphrase: app.network.passphrase,
      timeoutSeconds: 600,
    }),
  );
  // A drop as a file manager makes it: a DataTransfer holding the file.
  const transfer = await page.evaluateHandle((text) => {
    const scope = globalThis as unknown as {
      DataTransfer: new () => { items: { add(file: unknown): void } };
      File: new (parts: string[], name: string) => unknown;
    };
    const data = new scope.DataTransfer();
    data.items.add(new scope.File([text], 'payment.xdr'));
    return data;
  }, xdr);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  const preview = page.getByRole('region', { name: 'Transaction preview' });
  await expect(preview.getByTestId('detected-network')).toContainText('Local');
  await expect(preview.getByTestId('network-warning')).toHaveCount(0);
  await expect(preview.getByTestId('sequence-check')).toBeVisible();
  await expect(preview.getByRole('table', { name: 'Operations' })).toContainText('payment');
  // The payer's own signature meets its thresholds: nothing holds the submission back.
  const signatures = page.getByRole('region', { name: 'Signatures and thresholds' });
  await expect(signatures.getByRole('table', { name: 'Signature status' })).toContainText('valid');
  await expect(signatures.getByRole('list', { name: 'Thresholds' })).toContainText('met');
  await expectNothingHeldBack(page);
  await shot(page, testInfo, 'submit-preview');
  await page.getByRole('button', { name: /^Submit to / }).click();
  const result = page.getByRole('region', { name: 'Submission result' });
  await expect(result.getByTestId('submit-result')).toHaveText('received');
  await expect(result.getByRole('link', { name: hash })).toHaveAttribute('href', `#/tx/${hash}`);
  await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Journal' })).toContainText('received');
  await shot(page, testInfo, 'submit-success');
});

test('garbage is explained as malformed', async ({ page }, testInfo) => {
  await openApp(page, app, '#/submit');
  await paste(page, 'this is not a transaction at all');
  const problem = page.getByRole('region', { name: 'Inspection problem' });
  await expect(problem.getByTestId('inspect-result')).toHaveText('malformed');
  await expect(problem).toContainText('not a transaction the network can read');
  // The core's own reason, in plain words.
  await expect(problem.getByTestId('inspect-message')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: /^Submit/ })).toHaveCount(0);
  await shot(page, testInfo, 'submit-malformed');
});

test('a secret key is refused and not kept', async ({ page }) => {
  await openApp(page, app, '#/submit');
  const area = page.getByRole('textbox', { name: /Signed transaction/ });
  await area.fill(payer().secretKey);
  await expect(page.getByTestId('input-problem')).toContainText('secret key');
  await expect(area).toHaveValue('');
});

test('a transaction signed for another network is flagged and txBAD_AUTH explained', async ({ page }, testInfo) => {
  await openApp(page, app, '#/submit');
  const { xdr } = envelopeOf(
    await paymentTx(app.network.serviceUrl, payer(), payee().publicKey, {
      amount: '1',
      passphrase: 'Test SDF Network ; September 2015',
      timeoutSeconds: 600,
    }),
  );
  await paste(page, xdr);
  await expect(page.getByTestId('network-warning')).toContainText('selected network');
  // The signature check holds it back (it would fail); the user may still send it.
  await expect(page.getByTestId('held-back')).toContainText('another network');
  await expect(page.getByRole('button', { name: /^Submit to / })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit anyway' }).click();
  const result = page.getByRole('region', { name: 'Submission result' });
  await expect(result.getByTestId('submit-result')).toHaveText('failed');
  await expect(result.getByTestId('result-codes')).toContainText('txBAD_AUTH');
  const explained = result.getByRole('list', { name: 'Explanations' });
  await expect(explained).toContainText('txBAD_AUTH');
  await expect(explained).toContainText('another network passphrase');
  await expect(explained).toContainText('Fix:');
  await shot(page, testInfo, 'submit-bad-auth');
});

test('settings: add, test and remove a network profile; switch the theme', async ({ page }, testInfo) => {
  await openApp(page, app, '#/settings');
  await page.getByRole('button', { name: 'Add a network…' }).click();
  const form = page.getByRole('form', { name: 'Add a network' });
  await form.getByLabel('Name').fill('Mirror');
  await form.getByLabel('Base URL').fill(app.network.serviceUrl);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByTestId('connection-test')).toContainText('Reachable');
  await expect(form.getByLabel('Passphrase')).toHaveValue(app.network.passphrase);
  await form.getByRole('button', { name: 'Save' }).click();
  const networks = page.getByRole('region', { name: 'Networks' });
  await expect(networks.getByRole('row', { name: /Mirror/ })).toBeVisible();
  await page.getByLabel('Dark').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, testInfo, 'settings-dark');
  await networks.getByRole('button', { name: 'Remove Mirror' }).click();
  await expect(networks.getByRole('row', { name: /Mirror/ })).toHaveCount(0);
  await page.getByLabel('Follow the system').check();
});

test.describe('on the local Stellar RPC, added by its URL (issue 38)', () => {
  const sender = () => app.network.demoAccounts[3]!;
  const receiver = () => app.network.demoAccounts[4]!;

  /** Adds the RPC by its URL in Settings (recognised by what it answers) and selects it. */
  async function addRpc(page: Page): Promise<void> {
    await openApp(page, app, '#/settings');
    await page.getByRole('button', { name: 'Add a network…' }).click();
    const form = page.getByRole('form', { name: 'Add a network' });
    await form.getByLabel('Name').fill('My RPC');
    await form.getByLabel('Base URL').fill(app.network.rpcUrl);
    // Before the server is known to be RPC, Horizon's submission choice is offered.
    await expect(form.getByLabel('Submission')).toHaveCount(1);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByTestId('connection-test')).toContainText('Connected to Stellar RPC');
    await expect(form.getByTestId('connection-test')).toContainText('rpc dialect');
    // RPC submits one way: Horizon's sync/async choice is not offered.
    await expect(form.getByLabel('Submission')).toHaveCount(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('region', { name: 'Networks' })).toContainText('rpc');
    await page.getByLabel('Network', { exact: true }).selectOption({ label: 'My RPC' });
    await expect(page.getByRole('region', { name: 'Network status' }).getByTestId('network-state')).toHaveText(
      'online',
    );
  }

  test('an account read from ledger entries and events, its payment received live, a payment submitted and succeeded', async ({
    page,
  }, testInfo) => {
    await captureNotifications(page);
    await addRpc(page);

    // The account: balances from its entries (what they cover said), payments from its events.
    await page.goto(`${app.host.url}#/account/${sender().publicKey}`);
    await expect(page.getByRole('region', { name: 'Balances' })).toContainText('XLM');
    await expect(page.getByTestId('balances-note')).toContainText("Stellar RPC cannot list an account's trustlines");
    await shot(page, testInfo, 'rpc-account');

    // Watch the receiver; a payment to it is shown live, read from the events the RPC serves.
    await page.goto(`${app.host.url}#/live`);
    await page.getByLabel('Account to watch').fill(receiver().publicKey);
    await page.getByRole('button', { name: 'Watch' }).click();
    const watched = page.getByRole('table', { name: 'Watched accounts' });
    await expect(watched.getByTestId('stream-state')).toHaveText('live', { timeout: 30_000 });
    const { xdr, hash } = envelopeOf(
      await paymentTx(app.network.serviceUrl, sender(), receiver().publicKey, {
        amount: '7.0000003',
        passphrase: app.network.passphrase,
        timeoutSeconds: 600,
      }),
    );
    expect((await postTransaction(app.network.serviceUrl, xdr)).body.result).toBe('received');
    await waitForLedger(app.network.serviceUrl, hash);
    const feed = page.getByRole('grid', { name: 'Live feed' });
    await expect(feed.locator('[role="row"][data-index]').filter({ hasText: '7.0000003' })).toBeVisible({
      timeout: 5_000,
    });
    await shot(page, testInfo, 'rpc-live');

    // Submit through the RPC (sendTransaction, then getTransaction until it is in a ledger).
    await page.goto(`${app.host.url}#/submit`);
    const second = envelopeOf(
      await paymentTx(app.network.serviceUrl, sender(), receiver().publicKey, {
        amount: '1.5',
        passphrase: app.network.passphrase,
        timeoutSeconds: 600,
      }),
    );
    await paste(page, second.xdr);
    const signatures = page.getByRole('region', { name: 'Signatures and thresholds' });
    await expect(signatures.getByRole('list', { name: 'Thresholds' })).toContainText('met');
    await page.getByRole('button', { name: /^Submit to / }).click();
    const result = page.getByRole('region', { name: 'Submission result' });
    await expect(result.getByTestId('submit-result')).toHaveText('received');
    await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
    await shot(page, testInfo, 'rpc-submit');

    // Its transaction page, read with getTransaction.
    await result.getByRole('link', { name: second.hash }).click();
    await expect(page.locator('article[data-entity="tx"]')).toContainText('payment');
    // What its meta's CAP-67 events moved: the fee, then the payment of operation 1.
    const events = page.getByRole('table', { name: 'Asset events' });
    await expect(events.getByRole('row')).toHaveCount(3);
    await expect(events.getByRole('row').nth(1)).toContainText('fee');
    await expect(events.getByRole('row').nth(2)).toContainText('1.5000000');
    await shot(page, testInfo, 'rpc-transaction');
    // The host's selection is kept between tests: back to Local for the ones after.
    await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Local' });
  });
});

// Last: it stops the core for good.
test('with the core stopped, a submission reports connection_failed', async ({ page }, testInfo) => {
  await openApp(page, app, '#/submit');
  const { xdr } = envelopeOf(
    await paymentTx(app.network.serviceUrl, payer(), payee().publicKey, {
      amount: '2',
      passphrase: app.network.passphrase,
      timeoutSeconds: 600,
    }),
  );
  await app.network.killCore();
  await paste(page, xdr);
  await page.getByRole('button', { name: /^Submit to / }).click();
  const result = page.getByRole('region', { name: 'Submission result' });
  await expect(result.getByTestId('submit-result')).toHaveText('connection_failed', { timeout: 20_000 });
  await expect(result).toContainText('could not reach its core node');
  await shot(page, testInfo, 'submit-connection-failed');
});
