// The network's own conventions in the browser (issue 40): a payment to the local network's demo
// exchange without a memo is flagged by operation in the Submit preview (SEP-29), and nothing is
// sent until the person confirms, by a tick that names the account; a demo asset is named by its
// issuer's stellar.toml (SEP-1), verified, according to localhost, and the exchange's is not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { DemoDirectory } from '../../network/demo-generator/conventions';
import { paymentTx } from '../support/signed-tx';
import { startPassThrough } from '../support/local-server';
import { openApp, startApp, startAppWith, type AppUnderTest } from './support/app';
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
    await page.getByTestId(testId).first().scrollIntoViewIfNeeded();
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

test("a demo asset is named by its issuer's stellar.toml, verified, according to localhost", async ({ page }) => {
  const directory = JSON.parse(readFileSync(join(app.network.dataDir, 'demo-directory.json'), 'utf8')) as DemoDirectory;
  const usd = directory.currencies.find((c) => c.code === 'USD')!;
  // A demo account that holds the demo USD.
  let holder = '';
  for (const account of app.network.demoAccounts) {
    const served = (await (await fetch(`${app.network.serviceUrl}/accounts/${account.publicKey}`)).json()) as {
      balances?: { asset_code?: string; asset_issuer?: string }[];
    };
    if (served.balances?.some((b) => b.asset_code === 'USD' && b.asset_issuer === usd.issuer)) {
      holder = account.publicKey;
      break;
    }
  }
  expect(holder, 'a demo account holds USD').not.toBe('');

  await openApp(page, app, `#/account/${holder}`);
  const balances = page.getByRole('region', { name: 'Balances' });
  const row = balances.getByRole('row').filter({ hasText: 'USD' }).first();
  const claim = row.getByTestId('toml-claim');
  await expect(claim).toContainText(`“${usd.name}” — according to localhost`);
  await expect(claim).toContainText('✓ verified');
  await expect(claim).toHaveAttribute('data-verified', 'true');
  await expect(claim).toHaveAttribute('title', /^read \d{4}-/);
  await screens(page, 'toml-balances', 'toml-claim');

  await openApp(page, app, `#/asset/USD:${usd.issuer}`);
  const issuer = page.getByRole('region', { name: 'Issuer' });
  const detail = issuer.getByTestId('toml-claim');
  await expect(detail).toHaveAttribute('data-verified', 'true');
  await expect(detail).toContainText(`“${usd.name}” of “${directory.orgName}” — according to localhost`);
  await expect(detail).toContainText(usd.desc);
  await detail.getByRole('button', { name: 'Refresh' }).click();
  await expect(detail).toContainText('read 0s ago');
  await screens(page, 'toml-asset', 'toml-claim');

  // The exchange names localhost as its home domain, but the toml does not list it: not verified, and why.
  await openApp(page, app, `#/account/${demo('exchange').publicKey}`);
  const facts = page.getByRole('region', { name: 'Account facts' });
  const exchange = facts.getByTestId('toml-claim');
  await expect(exchange).toHaveAttribute('data-verified', 'false');
  await expect(exchange).toContainText(`“${directory.orgName}” — according to localhost`);
  await expect(exchange).toContainText("not verified: localhost's stellar.toml does not list");
  await expect(exchange).not.toContainText('✓');
  await screens(page, 'toml-exchange', 'toml-claim');
});

test("a hostile toml's names are drawn as code points, and a currency it lists under another issuer is not verified", async ({
  page,
}) => {
  const directory = JSON.parse(readFileSync(join(app.network.dataDir, 'demo-directory.json'), 'utf8')) as DemoDirectory;
  const usd = directory.currencies.find((c) => c.code === 'USD')!;
  const eur = directory.currencies.find((c) => c.code === 'EUR')!;
  const stranger = directory.currencies.find((c) => c.issuer !== eur.issuer)!.issuer;
  // The local profile's origin is this server: it plays `localhost` with its own toml.
  const hostile = await startPassThrough(app.network.serviceUrl, (req, res) => {
    if (req.url !== '/.well-known/stellar.toml') return false;
    res
      .writeHead(200)
      .end(
        [
          '[DOCUMENTATION]',
          'ORG_NAME = "Evil\\u202Egnp.exe\\u200B Bank"',
          '[[CURRENCIES]]',
          `code = "USD"\nissuer = "${usd.issuer}"\nname = "Dollar\\u200B"`,
          '[[CURRENCIES]]',
          `code = "EUR"\nissuer = "${stranger}"\nname = "Real euro"`,
        ].join('\n'),
      );
    return true;
  });
  const other = await startAppWith({ ...app.network, serviceUrl: hostile.base });
  try {
    await openApp(page, other, `#/asset/USD:${usd.issuer}`);
    const detail = page.getByRole('region', { name: 'Issuer' }).getByTestId('toml-claim');
    await expect(detail).toHaveAttribute('data-verified', 'true');
    await expect(detail).toContainText(
      '“Dollar⟨U+200B⟩” of “Evil⟨U+202E⟩gnp.exe⟨U+200B⟩ Bank” — according to localhost',
    );
    expect(await detail.textContent()).not.toContain('\u202E');
    await screens(page, 'toml-hostile-asset', 'toml-claim');

    await openApp(page, other, `#/asset/EUR:${eur.issuer}`);
    const listedElsewhere = page.getByRole('region', { name: 'Issuer' }).getByTestId('toml-claim');
    await expect(listedElsewhere).toHaveAttribute('data-verified', 'false');
    await expect(listedElsewhere).toContainText(
      "home domain localhost: not verified: localhost's stellar.toml lists EUR under another issuer, not this one.",
    );
    await expect(listedElsewhere).not.toContainText('Real euro');
    await expect(listedElsewhere).not.toContainText('✓');
    await screens(page, 'toml-hostile-unlisted', 'toml-claim');
  } finally {
    await other.stop();
    await hostile.close();
  }
});

test('alice*localhost opens from the go-to box, the address and the exchange memo said (SEP-2)', async ({ page }) => {
  const directory = JSON.parse(readFileSync(join(app.network.dataDir, 'demo-directory.json'), 'utf8')) as DemoDirectory;
  await openApp(page, app, '#/explore');
  const open = async (address: string) => {
    await page.keyboard.press('Control+k');
    const box = page.getByRole('dialog', { name: 'Go to' }).getByRole('textbox');
    await expect(box).toBeFocused();
    await box.fill(address);
    await box.press('Enter');
  };
  await open('alice*localhost');
  await expect(page.locator('article[data-entity="account"]')).toHaveAttribute(
    'aria-label',
    `Account ${demo('alice').publicKey}`,
  );
  await expect(page.getByTestId('reached-by')).toHaveText(
    'Reached as alice*localhost (a federation address, SEP-2, as its domain answers it)',
  );
  // The exchange's record asks for a memo: its page says which.
  const exchange = directory.federation.find((r) => r.memo !== undefined)!;
  await open(`${exchange.name}*localhost`);
  await expect(page.locator('article[data-entity="account"]')).toHaveAttribute(
    'aria-label',
    `Account ${exchange.account}`,
  );
  await expect(page.getByTestId('reached-by')).toContainText(
    `it asks payments to carry the ${exchange.memoType} memo ${exchange.memo}: without it, the receiver may not credit them`,
  );
  await screens(page, 'federation', 'reached-by');
  // An address the server does not know is said in the box, and nothing opens.
  await open('nobody*localhost');
  await expect(page.getByTestId('goto-message')).toHaveText("localhost's federation server knows no nobody*localhost.");
});
