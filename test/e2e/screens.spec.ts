// Screenshots of every page at a large and a small window, regenerated on every run, to be looked
// at (test-results/screens/<page>-<width>x<height>.png), plus the layout checks a screenshot
// would show: no cell clipped or overflowing, no second scroll bar, copy buttons reachable.
import { expect, test, type Page } from '@playwright/test';
import { envelopeOf, paymentTx } from '../support/signed-tx';
import { openApp, postTransaction, startApp, waitForLedger, type AppUnderTest } from './support/app';
import { overflowing } from './support/layout';

let app: AppUnderTest;
let busy: string;
let ids: { ledger: number; tx: string; op: string; pool?: string; cb?: string };

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

test.beforeAll(async () => {
  app = await startApp({ historyOps: 1500, accounts: 8, closeIntervalMs: 1000 });
  busy = app.network.demoAccounts[0]!.publicKey;
  const [payer, payee] = [app.network.demoAccounts[1]!, app.network.demoAccounts[2]!];
  const { xdr, hash } = envelopeOf(
    await paymentTx(app.network.serviceUrl, payer, payee.publicKey, {
      amount: '123456789.1234567',
      passphrase: app.network.passphrase,
      timeoutSeconds: 600,
    }),
  );
  await postTransaction(app.network.serviceUrl, xdr);
  const { ledger } = await waitForLedger(app.network.serviceUrl, hash);
  const ops = await (await fetch(new URL(`/transactions/${hash}/operations`, app.network.serviceUrl))).text();
  const history = await (
    await fetch(new URL(`/accounts/${busy}/operations?limit=200&order=asc&include_failed=true`, app.network.serviceUrl))
  ).text();
  ids = {
    ledger,
    tx: hash,
    op: /"id":"?(\d+)/.exec(ops.slice(ops.indexOf('"records"')))![1]!,
    ...(/"liquidity_pool_id":"([0-9a-f]{64})"/.exec(history)
      ? { pool: /"liquidity_pool_id":"([0-9a-f]{64})"/.exec(history)![1]! }
      : {}),
    ...(/"balance_id":"([0-9a-f]{72})"/.exec(history)
      ? { cb: /"balance_id":"([0-9a-f]{72})"/.exec(history)![1]! }
      : {}),
  };
});

test.afterAll(async () => {
  await app?.stop();
});

async function save(page: Page, name: string, size: { width: number; height: number }): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}-${size.width}x${size.height}.png` });
}

// The checks run in the page; they are strings because this file is type-checked without the DOM.

/** The page-level scrollers that show a scroll bar (the main area, the document), besides the table's own. */
const SCROLLERS = `(() => {
  const out = [];
  for (const el of document.querySelectorAll('body, #main, .vt')) {
    const style = getComputedStyle(el);
    if ((style.overflowY === 'auto' || style.overflowY === 'scroll') && el.scrollHeight > el.clientHeight + 1) out.push(el.tagName.toLowerCase() + '.' + el.className);
  }
  if (document.scrollingElement && document.scrollingElement.scrollHeight > window.innerHeight + 1) out.push('document');
  return out;
})()`;

const COPY_FOCUSED = `document.activeElement ? document.activeElement.matches('button.copy') : false`;
const FOCUS_OUTLINE = `getComputedStyle(document.activeElement).outlineStyle`;

const scrollers = (page: Page) => page.evaluate(SCROLLERS) as Promise<string[]>;

for (const size of SIZES) {
  test(`every page at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await openApp(page, app, '#/explore');
    await page.goto(`${app.host.origin}/#/account/${busy}`);
    await expect(
      page.getByRole('grid', { name: 'Payments' }).locator('[role="row"][data-index]').first(),
    ).toBeVisible();
    const visit = async (hash: string, name: string, ready: () => Promise<void>) => {
      await page.goto(`${app.host.origin}/${hash}`);
      await ready();
      await save(page, name, size);
      expect(await overflowing(page), `${name}: overflowing cells`).toEqual([]);
    };
    const rowsOf = (grid: string) => async () => {
      await expect(page.getByRole('grid', { name: grid }).locator('[role="row"][data-index]').first()).toBeVisible();
    };
    await visit('#/explore', 'explore', async () => {
      await expect(page.getByRole('region', { name: 'Explore' })).toBeVisible();
    });
    await visit(`#/account/${busy}`, 'account', rowsOf('Payments'));
    expect(await scrollers(page), 'account: only the table scrolls').toEqual(['div.vt']);
    await visit(`#/account/${busy}?tab=operations&txs=1&failed=1`, 'account-operations-txs', rowsOf('Operations'));
    // The Type cell: other cells hold links, which navigate instead.
    await page
      .getByRole('grid', { name: 'Operations' })
      .locator('[role="row"][data-index]')
      .first()
      .locator('[role="gridcell"]')
      .nth(1)
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await save(page, 'drawer', size);
    expect(await overflowing(page), 'drawer: overflowing cells').toEqual([]);
    await page.keyboard.press('Escape');
    await visit(`#/ledger/${ids.ledger}`, 'ledger', async () => {
      await expect(page.getByRole('table', { name: 'Ledger transactions' })).toBeVisible();
    });
    await visit(`#/tx/${ids.tx}`, 'transaction', async () => {
      await expect(page.getByRole('region', { name: 'Signatures' })).toBeVisible();
    });
    // Copy buttons are real buttons in Tab order, with a visible focus ring.
    await page.locator('article[data-entity="tx"] h2').click();
    let copyFocused = false;
    for (let i = 0; i < 12 && !copyFocused; i++) {
      await page.keyboard.press('Tab');
      copyFocused = (await page.evaluate(COPY_FOCUSED)) === true;
    }
    expect(copyFocused, 'Tab reaches a copy button').toBe(true);
    expect(await page.evaluate(FOCUS_OUTLINE)).not.toBe('none');
    await save(page, 'copy-focus', size);
    await visit(`#/op/${ids.op}`, 'operation', async () => {
      await expect(page.locator('article[data-entity="op"]')).toBeVisible();
    });
    if (ids.pool)
      await visit(`#/pool/${ids.pool}`, 'pool', async () =>
        expect(page.locator('article[data-entity="pool"]')).toBeVisible(),
      );
    if (ids.cb)
      await visit(`#/cb/${ids.cb}`, 'claimable-balance', async () =>
        expect(page.locator('article[data-entity="cb"]')).toBeVisible(),
      );
    await visit('#/live', 'live', async () => {
      await expect(page.getByRole('region', { name: 'Live' })).toBeVisible();
    });
    await visit('#/submit', 'submit', async () => {
      await expect(page.getByRole('region', { name: 'Submit' })).toBeVisible();
    });
    await visit('#/settings', 'settings', async () => {
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    });
  });
}
