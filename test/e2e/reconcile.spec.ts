// Reconciliation and balance history (issue #27) in real Chromium against the local network:
// index the busy demo account, read on its page that it reconciles, open the workbench's
// Reconciliation view, see "reconciled" for every asset, then read the balance history by day,
// week and month, its last point the very balance the network reports. A fee paid for another
// account's transaction (a fee bump) is a row of the payer's index and it reconciles. An account
// indexed from the network's ledger data lake in the workbench (issue 39): what the range costs,
// the progress bar, and "reconciled over ledgers" from the ledgers' own balances.
import { expect, test, type Page } from '@playwright/test';
import { Keypair, TransactionBuilder } from '@stellar/stellar-base';
import { formatAmount } from '../../shared/amount';
import { accountSequence, nativePayment, signedTx } from '../support/signed-tx';
import { openApp, postTransaction, shot, startApp, waitForLedger, type AppUnderTest } from './support/app';
import { overflowing } from './support/layout';

let app: AppUnderTest;
let busy: string;

test.beforeAll(async () => {
  app = await startApp({ historyOps: 300, accounts: 4, lake: true });
  busy = app.network.demoAccounts[0]!.publicKey;
});

test.afterAll(async () => {
  await app?.stop();
});

const AMOUNT = String.raw`-?[\d,]+\.\d{7}`;

async function readoutOfLast(page: Page): Promise<string> {
  const chart = page.getByRole('region', { name: 'Balance history' });
  // From outside the chart: a pointer already inside the last period's area (the day's last bar
  // lies within the week's) would move within it and enter nothing, so no period is chosen.
  await page.mouse.move(0, 0);
  await chart.locator('rect.hit').last().hover();
  return (await page.getByTestId('balance-readout').textContent()) ?? '';
}

test('the busy account reconciles in every asset, and its balance history reads exact values by day, week and month', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app, `#/account/${busy}`);
  const panel = page.getByRole('region', { name: 'Local index' });
  await panel.getByRole('button', { name: 'Index this account' }).click();
  await expect(panel.getByTestId('index-state')).toHaveText('current', { timeout: 60_000 });

  // The account page's one line, a link to the workbench's Reconciliation view.
  const line = panel.getByTestId('rc-line');
  await expect(line).toHaveText(/Reconciled: \d+ assets? adds? up to the balance, to the stroop$/);
  await shot(page, testInfo, 'account-reconciled-1440x900');
  await line.click();
  await expect(page).toHaveURL(new RegExp(`#/history/${busy}\\?view=reconcile$`));

  const table = page.getByRole('table', { name: 'Reconciliation by asset' });
  const lines = table.locator('tbody tr[data-status]');
  await expect(lines.first()).toBeVisible();
  const count = await lines.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    await expect(lines.nth(i)).toHaveAttribute('data-status', 'reconciled');
    await expect(lines.nth(i).locator('.rc-status')).toHaveText('✓ reconciled');
  }
  await expect(table.locator('tr.rc-cause')).toHaveCount(0);
  await expect(page.getByTestId('rc-summary')).toHaveText(
    new RegExp(`^Reconciled: the flows of all ${count} assets through ledger [\\d,]+ add up to the balances`),
  );
  await expect(page.getByTestId('rc-checked')).toHaveText(
    /^checked at \d{4}-\d{2}-\d{2} [\d:]+ UTC, through ledger [\d,]+$/,
  );
  await expect(page.getByTestId('partial-note')).toHaveCount(0);
  await shot(page, testInfo, 'reconcile-top-1440x900');
  // The reported balance, in the unit the row's first cell names.
  const native = table.locator('tr[data-asset="native"]');
  await expect(native.locator('td').first()).toContainText('XLM');
  const reported = `${(await native.locator('td').nth(4).textContent())!} XLM`;
  expect(reported).toMatch(new RegExp(`^${AMOUNT} XLM$`));

  // The balance history of XLM (the first asset) per day: it starts at the account's creation,
  // and its last point is the balance the network reports, to the stroop.
  const chart = page.getByRole('region', { name: 'Balance history' });
  await expect(chart.locator('svg[role="img"]')).toBeVisible();
  await expect(page.getByTestId('balance-anchor')).toHaveText(
    "From the account's creation: the line rises from zero (drawn from the axis' lowest tick when the axis starts above zero).",
  );
  await expect(chart.getByRole('list', { name: 'Legend' })).toContainText('balance at the end of each day, XLM');
  const day = new RegExp(
    `^Day \\d{4}-\\d{2}-\\d{2}: balance ${AMOUNT} XLM · in ${AMOUNT} XLM · out ${AMOUNT} XLM · fees ${AMOUNT} XLM$`,
  );
  expect(await readoutOfLast(page)).toMatch(day);
  expect(await readoutOfLast(page)).toContain(`balance ${reported} ·`);
  await shot(page, testInfo, 'reconcile-1440x900');
  expect(await overflowing(page), 'reconciliation 1440x900: overflowing cells').toEqual([]);

  // Keyboard: the focused chart's Home key reads the first period.
  await chart.locator('.balance-chart').focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('balance-readout')).toHaveText(day);

  // By week, then by month: the address keeps the period; the last point is still the reported balance.
  const period = chart.getByRole('combobox', { name: 'Balance period' });
  await period.selectOption('week');
  await expect(page).toHaveURL(/by=week/);
  await expect(chart.getByRole('list', { name: 'Legend' })).toContainText('end of each week');
  await expect.poll(() => readoutOfLast(page)).toMatch(/^Week of \d{4}-\d{2}-\d{2}: balance /);
  expect(await readoutOfLast(page)).toContain(`balance ${reported} ·`);
  await period.selectOption('month');
  await expect(page).toHaveURL(/by=month/);
  await expect.poll(() => readoutOfLast(page)).toMatch(/^Month of \d{4}-\d{2}-01: balance /);
  expect(await readoutOfLast(page)).toContain(`balance ${reported} ·`);

  // Another asset from the table's own button.
  const other = lines.nth(1);
  const code = (await other.locator('td.rc-asset strong').textContent())!;
  await other.getByRole('button', { name: 'Balance history' }).click();
  await expect(chart.getByRole('list', { name: 'Legend' })).toContainText(`end of each month, ${code}`);

  await page.setViewportSize({ width: 1024, height: 700 });
  await shot(page, testInfo, 'reconcile-1024x700');
  expect(await overflowing(page), 'reconciliation 1024x700: overflowing cells').toEqual([]);
  await table.scrollIntoViewIfNeeded();
  await page.getByTestId('rc-summary').scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'reconcile-top-1024x700');

  // The Analyse view's charts have axes, units and a legend too (in and out named).
  await page.getByRole('tab', { name: 'Analyse' }).click();
  const volume = page.getByRole('region', { name: 'Volume' });
  await expect(volume.getByRole('list', { name: 'Legend' })).toContainText('in (received, up)');
  await expect(volume.getByRole('list', { name: 'Legend' })).toContainText('out (sent, down)');
  await expect(page.getByRole('region', { name: 'Net flow' }).getByRole('list', { name: 'Legend' })).toContainText(
    'cumulative net flow',
  );
  await shot(page, testInfo, 'analyse-1024x700');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, testInfo, 'analyse-1440x900');
  expect(await overflowing(page), 'analyse 1440x900: overflowing cells').toEqual([]);
});

test('a fee paid for another account’s transaction is a row of the payer’s index, read from its transactions, and it reconciles', async ({
  page,
}, testInfo) => {
  const named = (name: string) => app.network.demoAccounts.find((a) => a.name === name)!;
  const [alice, bob, carol] = [named('alice'), named('bob'), named('carol')];
  const { serviceUrl, passphrase } = app.network;
  const inner = signedTx(Keypair.fromSecret(alice.secretKey), [nativePayment(bob.publicKey, '3')], {
    passphrase,
    sequence: await accountSequence(serviceUrl, alice.publicKey),
  });
  const bump = TransactionBuilder.buildFeeBumpTransaction(
    Keypair.fromSecret(carol.secretKey),
    '500',
    inner,
    passphrase,
  );
  bump.sign(Keypair.fromSecret(carol.secretKey));
  const hash = bump.hash().toString('hex');
  expect((await postTransaction(serviceUrl, bump.toXDR())).status).toBe(201);
  await waitForLedger(serviceUrl, hash);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app, `#/account/${carol.publicKey}`);
  const panel = page.getByRole('region', { name: 'Local index' });
  await panel.getByRole('button', { name: 'Index this account' }).click();
  await expect(panel.getByTestId('index-state')).toHaveText('current', { timeout: 60_000 });
  await expect(panel.getByTestId('rc-line')).toHaveText(
    /^✓ Reconciled: \d+ assets? adds? up to the balance, to the stroop$/,
  );
  await panel.getByRole('link', { name: 'Open in workbench' }).click();
  const row = page.getByRole('row').filter({ hasText: 'fee paid' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('alice');
  // The fee it paid, exact, as an outflow of XLM.
  const record = (await (await fetch(new URL(`/transactions/${hash}`, serviceUrl))).json()) as { fee_charged: string };
  await expect(row.locator('.amounts')).toHaveText(
    `fee ${formatAmount(BigInt(record.fee_charged), { fixed: true })} XLM`,
  );
  await shot(page, testInfo, 'fee-paid-row-1440x900');
  await page.setViewportSize({ width: 1024, height: 700 });
  await row.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'fee-paid-row-1024x700');
  expect(await overflowing(page), 'workbench 1024x700: overflowing cells').toEqual([]);
  // It opens the transaction it paid for.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`#/tx/${hash}$`));
});

test('an account indexed from the local ledger data lake in the workbench reconciles over the ledgers read (issue 39)', async ({
  page,
}, testInfo) => {
  const alice = app.network.demoAccounts.find((a) => a.name === 'alice')!.publicKey;
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app, `#/history/${alice}`);
  const lake = page.getByRole('group', { name: 'Index from a ledger data lake' });
  await lake.getByText('Index from a ledger data lake').click();
  // The local network's lake is offered; checking the range says what it holds and costs first.
  await expect(lake.getByRole('textbox', { name: /Lake/ })).toHaveValue(`${app.network.serviceUrl}/lake/`);
  await lake.getByRole('button', { name: 'Check the range' }).click();
  const estimate = lake.getByTestId('lake-estimate');
  await expect(estimate).toContainText(/holds ledgers 59,999,999 \(.+\) to [\d,]+ \(.+\), 1 ledger a file\./);
  await expect(estimate).toContainText(
    /Ledgers 59,999,999–[\d,]+: [\d,]+ files, [\d,]+ requests, [\d.]+ (KiB|MiB) to download \(estimated from \d+ sampled files?\)\./,
  );
  await lake.getByRole('button', { name: 'Index from the lake' }).click();
  const progress = lake.getByTestId('lake-progress');
  await expect(progress.locator('progress')).toBeVisible();
  await expect(page.getByTestId('index-state')).toHaveText('current', { timeout: 60_000 });
  await expect(progress).toContainText(/^([\d,]+) of \1 ledgers \(59,999,999–[\d,]+\)$/);
  await expect(page.getByTestId('index-coverage')).toHaveText(
    /^[\d,]+ records of ledgers 59,999,999–[\d,]+, read whole from the ledgers$/,
  );
  await shot(page, testInfo, 'lake-indexed-1440x900');
  await page.getByRole('tab', { name: 'Reconciliation' }).click();
  await expect(
    page.getByText(/^Reconciled over ledgers 59,999,999–[\d,]+: the flows of all \d+ assets add up/),
  ).toBeVisible({
    timeout: 30_000,
  });
  const lines = page.getByRole('table', { name: 'Reconciliation by asset' }).locator('tbody tr[data-status]');
  const count = await lines.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) await expect(lines.nth(i)).toHaveAttribute('data-status', /^(reconciled|issued)$/);
  await shot(page, testInfo, 'lake-reconciled-1440x900');
  await page.setViewportSize({ width: 1024, height: 700 });
  expect(await overflowing(page)).toEqual([]);
  await shot(page, testInfo, 'lake-reconciled-1024x700');
});
