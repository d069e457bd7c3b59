// An app an analyst can trust all day (issue #15): a long session through Submit and the explorer
// never blanks the window, and a page error is contained to its view.
import { Keypair } from '@stellar/stellar-base';
import { expect, test, type Page } from '@playwright/test';
import { accountSequence, envelopeOf, nativePayment, paymentTx, signedTx } from '../support/signed-tx';
import { openApp, postTransaction, startApp, waitForLedger, type AppUnderTest } from './support/app';
import { inspect } from './support/submit';

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
  await inspect(page, xdr);
  await page.getByRole('button', { name: /^Submit to / }).click();
}

test('two submissions, Clear, another inspection, leaving Submit and browsing: the app never blanks', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openApp(page, app, '#/submit');
  const result = page.getByRole('region', { name: 'Submission result' });

  const first = envelopeOf(
    await paymentTx(app.network.serviceUrl, payer(), payee().publicKey, {
      amount: '1.5',
      passphrase: app.network.passphrase,
      timeoutSeconds: 600,
    }),
  );
  await inspectAndSubmit(page, first.xdr);
  await expect(result.getByTestId('submit-result')).toHaveText('received');
  await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
  await expectShellAlive(page);

  const second = envelopeOf(
    await paymentTx(app.network.serviceUrl, payer(), payee().publicKey, {
      amount: '2.25',
      passphrase: app.network.passphrase,
      timeoutSeconds: 600,
    }),
  );
  await inspectAndSubmit(page, second.xdr);
  await expect(result.getByRole('link', { name: second.hash })).toBeVisible();
  await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
  await expectShellAlive(page);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(result).toHaveCount(0);
  await expectShellAlive(page);

  const third = envelopeOf(
    await paymentTx(app.network.serviceUrl, payer(), payee().publicKey, {
      amount: '3',
      passphrase: app.network.passphrase,
      timeoutSeconds: 600,
    }),
  );
  await inspect(page, third.xdr);
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

/** A transaction of three payments (1, 2 and 3 native units), signed by the payer. */
async function threePayments(): Promise<{ xdr: string; hash: string; hint: string }> {
  const keys = Keypair.fromSecret(payer().secretKey);
  const sequence = await accountSequence(app.network.serviceUrl, keys.publicKey());
  const operations = ['1', '2', '3'].map((amount) => nativePayment(payee().publicKey, amount));
  const tx = signedTx(keys, operations, { passphrase: app.network.passphrase, sequence, timeoutSeconds: 600 });
  return { ...envelopeOf(tx), hint: keys.signatureHint().toString('hex') };
}

test('a ledger lists its transactions; a transaction shows its operations in order, its signatures and its fee in XLM', async ({
  page,
}) => {
  const tx = await threePayments();
  expect((await postTransaction(app.network.serviceUrl, tx.xdr)).body.result).toBe('received');
  const { ledger } = await waitForLedger(app.network.serviceUrl, tx.hash);

  await openApp(page, app, `#/ledger/${ledger}`);
  const listed = page.getByRole('table', { name: 'Ledger transactions' });
  const row = listed.getByRole('row').filter({ has: page.locator(`a[href="#/tx/${tx.hash}"]`) });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(3)).toHaveText('3');
  await expect(row.getByText('0.0000300 XLM')).toHaveAttribute('title', '300 stroops');
  await expect(row).toContainText('success');

  await row.locator(`a[href="#/tx/${tx.hash}"]`).click();
  await expect(page.locator('article[data-entity="tx"]')).toBeVisible();
  await expect(page.getByTestId('tx-fee')).toContainText('0.0000300 XLM');
  const signatures = page.getByRole('region', { name: 'Signatures' });
  await expect(signatures.getByRole('row')).toHaveCount(2);
  await expect(signatures.getByRole('row').nth(1)).toContainText(tx.hint);
  await expect(signatures.getByRole('row').nth(1).locator(`a[href="#/account/${payer().publicKey}"]`)).toHaveCount(1);
  const ops = page.getByRole('grid', { name: 'Operations' }).locator('[role="row"][data-index]:not(.vt-special)');
  await expect(ops).toHaveCount(3);
  for (const [i, amount] of ['1', '2', '3'].entries()) {
    await expect(ops.nth(i).locator('[role="gridcell"]').first()).toHaveText(String(i + 1));
    // Columns: #, type, amount (a transaction's operations share its time): 1, 2, 3 in the order they were built.
    await expect(ops.nth(i).locator('[role="gridcell"]').nth(2)).toHaveText(new RegExp(`^${amount}(\\.0*)?\\s*XLM$`));
  }
});

test("switching to another network and back: no view shows the previous network's data", async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page, app, '#/settings');
  await page.getByRole('button', { name: 'Add a network…' }).click();
  const form = page.getByRole('form', { name: 'Add a network' });
  await form.getByLabel('Name').fill('Elsewhere');
  await form.getByLabel('Base URL').fill('http://127.0.0.1:9');
  await form.getByLabel('Passphrase').fill('Elsewhere ; nothing answers');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('combobox', { name: 'Network' }).locator('option', { hasText: 'Elsewhere' })).toHaveCount(
    1,
  );

  // Something of Local on screen: a ledger, the watched accounts, the latest ledger on Explore.
  const latest = Number(await page.getByTestId('latest-ledger').textContent());
  await page.goto(`${app.host.origin}/#/ledger/${latest}`);
  const ledger = page.locator('article[data-entity="ledger"]');
  await expect(ledger.getByRole('region', { name: 'Ledger facts' })).toBeVisible();
  const hash = (await ledger.getByRole('region', { name: 'Ledger facts' }).locator('dd.mono').first().textContent())!
    .trim()
    .slice(0, 64);

  await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Elsewhere' });
  await expect(page.getByRole('region', { name: 'Network status' })).toContainText('Elsewhere');
  await expect(page.getByRole('region', { name: 'Network status' }).getByTestId('network-state')).toHaveText(
    'offline',
    { timeout: 15_000 },
  );
  await expect(page.locator('#main')).not.toContainText(hash);
  await expect(ledger.getByRole('region', { name: 'Ledger facts' })).toHaveCount(0);
  await expect(page.getByTestId('latest-ledger')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { name: 'Explore Elsewhere' })).toBeVisible();
  // Nothing of Local under Elsewhere's name: not its latest ledger (in the ledgers card or among
  // the recently opened), and the home says no ledgers arrive rather than "live".
  await expect(page.getByRole('region', { name: 'Explore' })).not.toContainText(String(latest));
  await expect(page.getByRole('region', { name: 'Latest ledgers' }).locator('.badge.live')).toHaveCount(0);
  await expectShellAlive(page);

  await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Local' });
  await expect(page.getByRole('region', { name: 'Network status' }).getByTestId('network-state')).toHaveText('online', {
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: 'Explore Local' })).toBeVisible();
  await page.goBack();
  await expect(ledger.getByRole('region', { name: 'Ledger facts' })).toContainText(hash);
  expect(errors).toEqual([]);
});

test("a view error sent over the bridge lands in the web host's stderr, one line per report, capped", async ({
  page,
}) => {
  await openApp(page, app, '#/explore');
  // The page's own channel: the same WebSocket and token the renderer's bridge uses.
  const replies = await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      sessionStorage: { getItem(k: string): string | null };
      location: { host: string };
      WebSocket: new (url: string) => {
        onopen: () => void;
        onmessage: (e: { data: string }) => void;
        send(text: string): void;
        close(): void;
      };
    };
    const token = scope.sessionStorage.getItem('ledgerscope-token') ?? '';
    const ws = new scope.WebSocket(`ws://${scope.location.host}/ipc?token=${encodeURIComponent(token)}`);
    const answers: unknown[] = [];
    await new Promise<void>((resolve) => {
      ws.onopen = () => {
        ws.send(
          JSON.stringify({
            id: 1,
            channel: 'app:log-error',
            args: {
              view: 'The e2e page',
              message: 'TypeError: boom\n[info] forged line',
              stack: 'at Fragile (e2e.js:1:1)',
            },
          }),
        );
        ws.send(JSON.stringify({ id: 2, channel: 'app:log-error', args: { view: 'v', message: 'x'.repeat(5_000) } }));
      };
      // The same socket carries the host's events (a ledger closing): only the two replies count.
      ws.onmessage = (event) => {
        const message = JSON.parse(event.data) as { id?: number };
        if (message.id === undefined) return;
        answers.push(message);
        if (answers.length === 2) resolve();
      };
    });
    ws.close();
    return answers;
  });
  expect(replies).toContainEqual({ id: 1, reply: { ok: true, value: { logged: true } } });
  expect(replies).toContainEqual(
    expect.objectContaining({
      id: 2,
      reply: expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'invalid_arguments' }) }),
    }),
  );
  await expect
    .poll(() => app.host.output())
    .toContain('renderer: the view "The e2e page" failed to render: TypeError: boom [info] forged line');
  expect(app.host.output()).toContain('    | at Fragile (e2e.js:1:1)');
  expect(app.host.output()).not.toContain('x'.repeat(2_001));
});
