// Multisig in the browser against a real local network (issue #14): a demo account needs two
// signatures for a payment; one signed copy is held back as short, a second copy (or a detached
// signature) completes it, and the merged envelope is applied.
import { Keypair, Operation, TransactionBuilder, type Transaction } from '@stellar/stellar-base';
import { expect, test, type Page } from '@playwright/test';
import { accountSequence, nativePayment, signedTx } from '../support/signed-tx';
import { openApp, postTransaction, shot, startApp, waitForLedger, type AppUnderTest } from './support/app';
import { expectNothingHeldBack } from './support/submit';

let app: AppUnderTest;
const keys = (i: number) => Keypair.fromSecret(app.network.demoAccounts[i]!.secretKey);

test.beforeAll(async () => {
  app = await startApp({ accounts: 4, closeIntervalMs: 500 });
  // The owner (demo account 0) takes two cosigners and needs weight 2 for payments. Signed here
  // with the demo secret key, as a wallet would: the app never sees it.
  const [owner, cosigner, other] = [keys(0), keys(1), keys(2)];
  const operations = [
    Operation.setOptions({ signer: { ed25519PublicKey: cosigner.publicKey(), weight: 1 } }),
    Operation.setOptions({ signer: { ed25519PublicKey: other.publicKey(), weight: 1 } }),
    Operation.setOptions({ masterWeight: 1, lowThreshold: 1, medThreshold: 2, highThreshold: 2 }),
  ];
  const sequence = await accountSequence(app.network.serviceUrl, owner.publicKey());
  const setup = signedTx(owner, operations, {
    passphrase: app.network.passphrase,
    sequence,
    fee: '300',
    timeoutSeconds: 600,
  });
  await postTransaction(app.network.serviceUrl, setup.toXDR());
  await waitForLedger(app.network.serviceUrl, setup.hash().toString('hex'));
});

test.afterAll(async () => {
  await app?.stop();
});

async function payment(amount: string): Promise<Transaction> {
  const owner = keys(0);
  const sequence = await accountSequence(app.network.serviceUrl, owner.publicKey());
  return signedTx(owner, [nativePayment(keys(3).publicKey(), amount)], {
    passphrase: app.network.passphrase,
    sequence,
    timeoutSeconds: 600,
    signers: [],
  });
}

function signedBy(tx: Transaction, ...signers: Keypair[]): string {
  const copy = TransactionBuilder.fromXDR(tx.toXDR(), app.network.passphrase) as Transaction;
  copy.sign(...signers);
  return copy.toXDR();
}

async function pasteAndWaitShort(page: Page, xdr: string): Promise<void> {
  await page.getByRole('textbox', { name: /Signed transaction/ }).fill(xdr);
  await page.getByRole('button', { name: 'Inspect' }).click();
  const panel = page.getByRole('region', { name: 'Signatures and thresholds' });
  await expect(panel.getByRole('list', { name: 'Thresholds' })).toContainText('short by 1');
  await expect(page.getByTestId('held-back')).toContainText('short by 1');
  await expect(page.getByRole('button', { name: 'Submit anyway' })).toBeVisible();
}

async function submitAndSucceed(page: Page, hash: string): Promise<void> {
  await page.getByRole('button', { name: /^Submit to / }).click();
  const result = page.getByRole('region', { name: 'Submission result' });
  await expect(result.getByTestId('submit-result')).toHaveText('received');
  await expect(result.getByRole('link', { name: hash })).toBeVisible();
  await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
}

test('two copies each signed once merge into one the network applies', async ({ page }, testInfo) => {
  const tx = await payment('4');
  await openApp(page, app, '#/submit');
  await pasteAndWaitShort(page, signedBy(tx, keys(0)));
  await shot(page, testInfo, 'multisig-short');
  await page.getByRole('textbox', { name: 'Other signed copies' }).fill(signedBy(tx, keys(1)));
  await page.getByRole('button', { name: 'Add copies' }).click();
  const panel = page.getByRole('region', { name: 'Signatures and thresholds' });
  await expect(panel.getByRole('list', { name: 'Thresholds' })).not.toContainText('short');
  await expect(
    panel.getByRole('table', { name: 'Signature status' }).locator('tbody tr[data-status="valid"]'),
  ).toHaveCount(2);
  await expectNothingHeldBack(page);
  await shot(page, testInfo, 'multisig-merged');
  await submitAndSucceed(page, tx.hash().toString('hex'));
});

test('a detached signature added by key completes it, and the SEP-7 export names the network', async ({ page }) => {
  const tx = await payment('5');
  await openApp(page, app, '#/submit');
  await pasteAndWaitShort(page, signedBy(tx, keys(0)));
  await page.getByRole('textbox', { name: 'Signer public key' }).fill(keys(2).publicKey());
  await page.getByRole('textbox', { name: 'Signature (base64)' }).fill(keys(2).sign(tx.hash()).toString('base64'));
  await page.getByRole('button', { name: 'Add detached signature' }).click();
  // The answer for the envelope with the detached signature (the short one's panel showed one).
  const panel = page.getByRole('region', { name: 'Signatures and thresholds' });
  await expect(
    panel.getByRole('table', { name: 'Signature status' }).locator('tbody tr[data-status="valid"]'),
  ).toHaveCount(2);
  await expect(panel.getByRole('list', { name: 'Thresholds' })).not.toContainText('short');
  await expectNothingHeldBack(page);
  await page.getByRole('button', { name: 'Copy SEP-7 URI' }).click();
  await expect(page.getByTestId('export-text')).toContainText('web+stellar:tx?xdr=');
  await expect(page.getByTestId('export-text')).toContainText('network_passphrase=');
  await submitAndSucceed(page, tx.hash().toString('hex'));
});

test('two signed files dropped together: the threshold is met, and the merged envelope succeeds', async ({
  page,
}, testInfo) => {
  const tx = await payment('6');
  await openApp(page, app, '#/submit');
  // A drop as a file manager makes it: one DataTransfer holding both signers' files.
  const transfer = await page.evaluateHandle(
    (texts) => {
      const scope = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string) => unknown;
      };
      const data = new scope.DataTransfer();
      texts.forEach((text, i) => data.items.add(new scope.File([text], `signed-by-${i + 1}.xdr`)));
      return data;
    },
    [signedBy(tx, keys(0)), signedBy(tx, keys(1))],
  );
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  const panel = page.getByRole('region', { name: 'Signatures and thresholds' });
  await expect(
    panel.getByRole('table', { name: 'Signature status' }).locator('tbody tr[data-status="valid"]'),
  ).toHaveCount(2);
  await expect(panel.getByRole('list', { name: 'Thresholds' })).toContainText('met');
  await expect(panel.getByRole('list', { name: 'Thresholds' })).not.toContainText('short');
  await expectNothingHeldBack(page);
  await shot(page, testInfo, 'multisig-dropped');
  await submitAndSucceed(page, tx.hash().toString('hex'));
});

test('two copies pasted in one box, a blank line between them, are merged: the preview counts both signatures', async ({
  page,
}, testInfo) => {
  const tx = await payment('7');
  const hash = tx.hash().toString('hex');
  await openApp(page, app, '#/submit');
  // As a person pastes them from two messages: CRLF line ends, a blank line, trailing spaces.
  await page
    .getByRole('textbox', { name: /Signed transaction/ })
    .fill(`${signedBy(tx, keys(0))}  \r\n\r\n${signedBy(tx, keys(1))}\r\n`);
  await page.getByRole('button', { name: 'Inspect' }).click();
  const panel = page.getByRole('region', { name: 'Signatures and thresholds' });
  await expect(panel.getByRole('heading')).toContainText('merged from 2 copies');
  await expect(
    panel.getByRole('table', { name: 'Signature status' }).locator('tbody tr[data-status="valid"]'),
  ).toHaveCount(2);
  await expectNothingHeldBack(page);
  // The preview is of the merged envelope, the one the button sends: its signature count is its own.
  const preview = page.getByRole('region', { name: 'Transaction preview' });
  await expect(preview.getByTestId('preview-of')).toContainText('merged');
  await expect(preview.getByTestId('detected-network')).toHaveText('Local (2 signatures)');
  await expect(preview).toContainText(hash);
  // After Inspect the focus is on the decision: the submit button.
  await expect(page.getByRole('button', { name: /^Submit to / })).toBeFocused();
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await shot(page, testInfo, `multisig-pasted-merged-${size.width}x${size.height}`);
  }
  await submitAndSucceed(page, hash);
});
