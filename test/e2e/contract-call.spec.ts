// A contract call and a data entry as a person reads them in real Chromium, against a stand-in
// Horizon (test/support/standin-horizon.ts) that lists them among an account's payments, with real
// XDR built by @stellar/stellar-base (test/support/contract-records.ts): the drawer reads
// `transfer(from: G…, to: G…, amount: 5000000000)` with what it moved of which asset, the return
// value from the joined transaction when the table lists transactions, the base64 one click away;
// a data entry shows its text. Screenshots: test-results/screens/contract-*-<w>x<h>.png.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { xdr } from '@stellar/stellar-base';
import { encodeToid } from '../../shared/toid';
import {
  address,
  dataRecord,
  i128,
  invokeRecord,
  joinedTransaction,
  TO,
  transferChange,
} from '../support/contract-records';
import { StandinHorizon } from '../support/standin-horizon';
import { openApp, startAppOn, type AppUnderTest } from './support/app';
import { overflowing } from './support/layout';

const ELDER = 9_000;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

let horizon: StandinHorizon;
let app: AppUnderTest;

/** A listed record of the stand-in, in ledger `ledger` after its payments. */
function list(ledger: number, record: Record<string, unknown>, transaction?: Record<string, unknown>): void {
  const token = String(record['id']);
  const hash = String(record['transaction_hash']);
  horizon.payments.push({
    token,
    ledger,
    successful: true,
    record: { ...record, paging_token: token },
    transaction: transaction ?? joinedTransaction(hash, xdr.ScVal.scvVoid()),
  });
}

test.beforeAll(async () => {
  horizon = await new StandinHorizon({ elderLedger: ELDER, latestLedger: ELDER + 4 }).start();
  const call = invokeRecord({
    id: encodeToid({ ledger: ELDER + 5, txOrder: 1, opIndex: 1 }).toString(),
    args: [address(horizon.account), address(TO), i128(5_000_000_000n)],
    balanceChanges: [transferChange('500.0000000', horizon.account, TO)],
  });
  call['source_account'] = horizon.account;
  const hash = String(call['transaction_hash']);
  list(ELDER + 5, call, joinedTransaction(hash, xdr.ScVal.scvBool(true)));
  const data = dataRecord(
    'note',
    Buffer.from('paid invoice #42 — שלום'),
    encodeToid({ ledger: ELDER + 6, txOrder: 1, opIndex: 1 }).toString(),
  );
  data['source_account'] = horizon.account;
  list(ELDER + 6, data);
  app = await startAppOn(horizon.url);
});

test.afterAll(async () => {
  await app?.stop();
  await horizon?.close();
});

async function screens(page: Page, name: string, subject: Locator): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(subject).toBeInViewport();
    expect(await overflowing(page), `${name} at ${size.width}x${size.height}`).toEqual([]);
    await page.screenshot({ path: `test-results/screens/contract-${name}-${size.width}x${size.height}.png` });
  }
}

// An id in the page holds all its characters (CSS shortens its head, IdText): the text reads whole.
const short = (id: string) => id;

test('a contract call reads as a call in the drawer, its base64 one click away', async ({ page }) => {
  await openApp(page, app, `#/account/${horizon.account}`);
  const grid = page.getByRole('grid', { name: 'Payments' });
  await grid.getByRole('row').getByText('contract call', { exact: true }).click();
  const drawer = page.getByRole('dialog');
  const call = drawer.getByTestId('contract-call');
  await expect(call).toContainText(`transfer(from: ${short(horizon.account)}`);
  await expect(call).toContainText(`to: ${short(TO)}`);
  await expect(call).toContainText('amount: 5000000000)');
  await expect(drawer.getByTestId('contract-moved')).toContainText('transfer 500.0000000 USDX from');
  // The listing did not join transactions: no return value is claimed.
  await expect(drawer.getByTestId('contract-returned')).toHaveCount(0);
  await expect(drawer.locator('pre.raw')).toContainText('"parameters"');
  await screens(page, 'drawer', call);
  await drawer.getByText(/^Raw parameters/).click();
  await expect(drawer.getByTestId('raw-parameters')).toContainText(i128(5_000_000_000n).toXDR('base64'));
  await screens(page, 'drawer-raw', drawer.getByTestId('raw-parameters'));
});

test('with transactions listed, the call’s return value shows; a data entry shows its text', async ({ page }) => {
  await openApp(page, app, `#/account/${horizon.account}?txs=1`);
  const grid = page.getByRole('grid', { name: 'Payments' });
  await grid.getByRole('row').getByText('contract call', { exact: true }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('contract-returned')).toHaveText('true');
  await page.keyboard.press('Escape');
  await grid.getByRole('row').getByText('manage data', { exact: true }).click();
  await expect(drawer.getByTestId('data-value')).toHaveText('paid invoice #42 — שלום (text)');
  await screens(page, 'data', drawer.getByTestId('data-value'));
});
