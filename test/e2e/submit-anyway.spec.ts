// "Submit anyway" of a held-back envelope (the click that sometimes did nothing): an envelope
// signed by a key with no account on the stand-in Horizon (test/support/standin-horizon.ts) is
// held back by the signature checks, and "Submit anyway" must send it exactly once and show the
// outcome. The stand-in answers every submission 504 transaction_submission_timeout with the hash.
// The second journey clicks the first submit button offered as soon as the preview shows: before
// the fix it was sometimes "Submit to …", which became the disabled "Held back" under the click.
import { Account, Asset, Keypair, Operation, TransactionBuilder } from '@stellar/stellar-base';
import { expect, test, type Page } from '@playwright/test';
import { StandinHorizon } from '../support/standin-horizon';
import { openApp, startAppOn, type AppUnderTest } from './support/app';
import { inspect } from './support/submit';

const PASSPHRASE = 'Ledgerscope Stand-in ; 2026';
const ELDER = 7_000;

let horizon: StandinHorizon;
let app: AppUnderTest;

test.beforeEach(async () => {
  horizon = await new StandinHorizon({
    passphrase: PASSPHRASE,
    elderLedger: ELDER,
    latestLedger: ELDER + 9,
    pendingLookups: Number.MAX_SAFE_INTEGER,
  }).start();
  app = await startAppOn(horizon.url);
});

test.afterEach(async () => {
  await app?.stop();
  await horizon?.close();
});

/** A payment from a fresh key that has no account on the stand-in, signed by that key. */
function fromMissingAccount(): { xdr: string; source: string; hash: string } {
  const source = Keypair.random();
  const tx = new TransactionBuilder(new Account(source.publicKey(), '41'), {
    fee: '100',
    networkPassphrase: PASSPHRASE,
  })
    .addOperation(Operation.payment({ destination: horizon.account, asset: Asset.native(), amount: '1.5' }))
    .setTimeout(0)
    .build();
  tx.sign(source);
  return { xdr: tx.toXDR(), source: source.publicKey(), hash: tx.hash().toString('hex') };
}

const posts = () => horizon.requests.filter((r) => r.method === 'POST' && r.path === '/transactions');

test('"Submit anyway" of an envelope from a missing account sends it once and shows the outcome', async ({ page }) => {
  const envelope = fromMissingAccount();
  await openApp(page, app, '#/submit');
  await inspect(page, envelope.xdr);
  // Held back: the source account does not exist, so the network would refuse it.
  const heldBack = page.getByTestId('held-back');
  await expect(heldBack).toBeVisible();
  await expect(heldBack).toBeDisabled();
  await expect(heldBack).toContainText('does not exist on this network');
  // Said for the transaction and for its operation, whose source is the transaction's.
  const reasons = page.getByRole('list', { name: 'Held back' }).locator('[data-code="no_account"]');
  await expect(reasons).toHaveText([/\(transaction\)/, /\(operation 1 \(payment\)\)/]);
  await expect(reasons.first()).toContainText(`${envelope.source.slice(0, 6)}…${envelope.source.slice(-6)}`);
  expect(posts()).toHaveLength(0);
  await screens(page, 'held');

  await page.getByRole('button', { name: 'Submit anyway' }).click();
  const result = page.getByRole('region', { name: 'Submission result' });
  await expect(result.getByTestId('submit-result')).toHaveText('timeout');
  await expect(result).toContainText('Outcome not yet known');
  await expect(result).toContainText(`${envelope.hash} (not in a ledger yet)`);
  // Exactly one submission reached the server, and it was this envelope.
  expect(posts()).toHaveLength(1);
  expect([...horizon.submitted.keys()]).toEqual([envelope.hash]);
  await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'pending');
  expect(posts()).toHaveLength(1);
  await screens(page, 'sent');
});

/** The page at both sizes the app is checked at, the held-back list or the result in view. */
async function screens(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `test-results/screens/submit-anyway-${name}-${size.width}x${size.height}.png`,
      fullPage: true,
    });
  }
}

test('the first submit button offered as soon as the preview shows is "Submit anyway", and it sends', async ({
  page,
}) => {
  const envelope = fromMissingAccount();
  await openApp(page, app, '#/submit');
  await inspect(page, envelope.xdr);
  // Read once, at once: until the signature checks answer nothing may offer "Submit to …", which
  // would turn into the disabled "Held back" button under the click (the click that did nothing).
  expect(await page.getByRole('button', { name: /^Submit to / }).count()).toBe(0);
  // A person clicks the first submit button the page offers, without waiting for anything else.
  await page
    .getByRole('button', { name: /^Submit (to |anyway)/ })
    .first()
    .click({ timeout: 15_000 });
  const result = page.getByRole('region', { name: 'Submission result' });
  await expect(result.getByTestId('submit-result')).toHaveText('timeout');
  await expect(page.getByTestId('held-back')).toContainText('does not exist on this network');
  expect(posts()).toHaveLength(1);
  expect([...horizon.submitted.keys()]).toEqual([envelope.hash]);
});
