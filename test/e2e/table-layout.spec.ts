// Every table at 1440x900 and 1024x700 (issue #29): each column's text in view, ids shortened only
// in their middle (the whole id on hover and in the copy button), amounts and the other party
// always readable, no table scrolling sideways, amounts of a column lined up on the decimal point
// (support/layout.ts TABLE_PROBLEMS). Screenshots of each page go to the test's output folder.
import { expect, test, type Page } from '@playwright/test';
import { envelopeOf, paymentTx } from '../support/signed-tx';
import { openApp, postTransaction, shot, startApp, waitForLedger, type AppUnderTest } from './support/app';
import { tableProblems } from './support/layout';

let app: AppUnderTest;
let busy: string;
let ids: { ledger: string; tx: string; pool: string; cb: string; asset: string };

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

const text = async (path: string) => (await fetch(new URL(path, app.network.serviceUrl))).text();
const first = (pattern: RegExp, body: string) => {
  const match = pattern.exec(body);
  if (!match) throw new Error(`no ${String(pattern)} in the history`);
  return match[1]!;
};

test.beforeAll(async () => {
  app = await startApp({ historyOps: 1500, accounts: 8, closeIntervalMs: 1000 });
  busy = app.network.demoAccounts[0]!.publicKey;
  // A payment of a large amount, for the widest amount a transaction's table shows.
  const [payer, payee] = [app.network.demoAccounts[1]!, app.network.demoAccounts[2]!];
  const { xdr, hash: tx } = envelopeOf(
    await paymentTx(app.network.serviceUrl, payer, payee.publicKey, {
      amount: '123456789.1234567',
      passphrase: app.network.passphrase,
      timeoutSeconds: 600,
    }),
  );
  await postTransaction(app.network.serviceUrl, xdr);
  await waitForLedger(app.network.serviceUrl, tx);
  const history = await text(`/accounts/${busy}/operations?limit=200&order=desc&include_failed=true`);
  const account = await text(`/accounts/${busy}`);
  ids = {
    ledger: first(/"ledger":"?(\d+)/, await text(`/transactions/${tx}`)),
    tx,
    pool: first(/"liquidity_pool_id":"([0-9a-f]{64})"/, history),
    cb: first(/"balance_id":"([0-9a-f]{72})"/, history),
    asset: `${first(/"asset_code":"(\w+)"/, account)}:${first(/"asset_issuer":"(G[A-Z2-7]{55})"/, account)}`,
  };
});

test.afterAll(async () => {
  await app?.stop();
});

const rowsOf = (page: Page, grid: string) =>
  page.getByRole('grid', { name: grid }).locator('[role="row"][data-index]:not(.vt-special)').first();

/** The account indexed (for the workbench and the asset view), watched (for the feed), one party named at length. */
async function prepare(page: Page): Promise<void> {
  await openApp(page, app, `#/account/${busy}`);
  const panel = page.getByRole('region', { name: 'Local index' });
  await panel.getByRole('button', { name: 'Index this account' }).click();
  await expect(panel.getByTestId('index-state')).toHaveText('current', { timeout: 90_000 });
  const other = app.network.demoAccounts[1]!.publicKey;
  await page.goto(`${app.host.origin}/#/account/${other}`);
  // A demo account: the local network's own name is there first, and the user renames it.
  await page.getByRole('button', { name: 'Rename…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Name account' });
  await dialog.getByRole('textbox', { name: 'Label' }).fill('Exchange hot wallet, treasury desk (EU)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await page.goto(`${app.host.origin}/#/live`);
  await page.getByLabel('Account to watch').fill(busy);
  await page.getByRole('button', { name: 'Watch' }).click();
  await expect(rowsOf(page, 'Live feed')).toBeVisible({ timeout: 30_000 });
}

test('every table shows its essential text at 1440x900 and 1024x700', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize(SIZES[0]!);
  await prepare(page);
  const pages: [string, string, (page: Page) => Promise<void>][] = [
    ['account-payments', `#/account/${busy}`, (p) => expect(rowsOf(p, 'Payments')).toBeVisible()],
    [
      'account-operations',
      `#/account/${busy}?tab=operations&failed=1`,
      (p) => expect(rowsOf(p, 'Operations')).toBeVisible(),
    ],
    [
      'ledger',
      `#/ledger/${ids.ledger}`,
      async (p) => {
        await expect(rowsOf(p, 'Operations')).toBeVisible();
        await expect(p.getByRole('table', { name: 'Ledger transactions' })).toBeVisible();
      },
    ],
    ['transaction', `#/tx/${ids.tx}`, (p) => expect(rowsOf(p, 'Operations')).toBeVisible()],
    ['claimable-balance', `#/cb/${ids.cb}`, (p) => expect(rowsOf(p, 'Operations')).toBeVisible()],
    ['pool', `#/pool/${ids.pool}`, (p) => expect(rowsOf(p, 'Operations')).toBeVisible()],
    ['live', '#/live', (p) => expect(rowsOf(p, 'Live feed')).toBeVisible()],
    ['workbench', `#/history/${busy}`, (p) => expect(rowsOf(p, 'Indexed operations')).toBeVisible()],
    [
      'workbench-analyse',
      `#/history/${busy}?view=analyse`,
      (p) => expect(p.getByRole('table', { name: 'Top counterparties' })).toBeVisible(),
    ],
    ['asset', `#/asset/${ids.asset}`, (p) => expect(p.getByRole('table', { name: /^Payments of / })).toBeVisible()],
    [
      'explore',
      '#/explore',
      (p) => expect(p.getByRole('region', { name: 'Latest operations' }).locator('tbody tr').first()).toBeVisible(),
    ],
  ];
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const [name, hash, ready] of pages) {
      await page.goto(`${app.host.origin}/${hash}`);
      await ready(page);
      await shot(page, testInfo, `${name}-${size.width}x${size.height}`);
      found.push(...(await tableProblems(page)).map((problem) => `${name} ${size.width}x${size.height}: ${problem}`));
    }
  }
  expect(found).toEqual([]);
});
