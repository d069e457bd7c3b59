// Horizon's limits as a person sees them (issue #12; docs/app-core.md "Horizon's limits"), against
// a stand-in Horizon on loopback (test/support/standin-horizon.ts), each test with its own stand-in
// and web host (a 429 closes the host's gate to that server for minutes): a 429 with Retry-After
// shows a countdown on the listing, a newest-first listing that reaches a 410 before_history ends
// with where the server's history starts, and a 504 with extras.hash says the outcome is not yet
// known, then shows the final state. Screenshots: test-results/screens/limits-*-<w>x<h>.png.
import { Account, Asset, Keypair, Operation, TransactionBuilder } from '@stellar/stellar-base';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { StandinHorizon } from '../support/standin-horizon';
import { openApp, startAppOn, type AppUnderTest } from './support/app';
import { overflowing } from './support/layout';
import { expectNothingHeldBack, inspect } from './support/submit';

const PASSPHRASE = 'Ledgerscope Stand-in ; 2026';
const ELDER = 7_000;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

let horizon: StandinHorizon;
let app: AppUnderTest;

/** A stand-in with exactly one page (100) of payments, and the web host pointed at it by --network. */
test.beforeEach(async () => {
  horizon = await new StandinHorizon({
    passphrase: PASSPHRASE,
    elderLedger: ELDER,
    latestLedger: ELDER + 99,
    pendingLookups: Number.MAX_SAFE_INTEGER,
  }).start();
  app = await startAppOn(horizon.url);
});

test.afterEach(async () => {
  await app?.stop();
  await horizon?.close();
});

/** Both sizes, each checked for clipped cells first, with `subject` brought into view after the resize. */
async function screens(page: Page, name: string, subject: Locator, settle?: () => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle?.();
    await subject.scrollIntoViewIfNeeded();
    await expect(subject).toBeInViewport();
    // The table lays its columns out again after a resize: what it settles to is what is checked
    // (measured at once, a CI run once caught the cells of the width before).
    await expect.poll(() => overflowing(page), { message: `${name} at ${size.width}x${size.height}` }).toEqual([]);
    await page.screenshot({ path: `test-results/screens/limits-${name}-${size.width}x${size.height}.png` });
  }
}

const serverName = () => new URL(horizon.url).host;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a listing answered 429 with Retry-After: 120 counts the wait down instead of failing', async ({ page }) => {
  // The table and the volume chart (its own window of payments) each ask once, at the same time.
  horizon.rateLimit(`/accounts/${horizon.account}/payments`, 2, { 'retry-after': '120' });
  await openApp(page, app, `#/account/${horizon.account}`);
  const listing = page.getByRole('region', { name: 'Payments' });
  const countdown = listing.getByTestId('rate-limit');
  await expect(countdown).toHaveText(new RegExp(`^Rate limited by ${escaped(serverName())}: retrying in 1:[45]\\d$`));
  const first = await countdown.textContent();
  // It counts down, and the status bar says the same.
  await expect.poll(() => countdown.textContent()).not.toBe(first);
  await expect(page.getByRole('region', { name: 'Network status' }).getByTestId('rate-limit')).toContainText(
    `Rate limited by ${serverName()}`,
  );
  // Held, not failed: no error, no rows, and no 429 was retried. The table and the chart each ask
  // at most once: the second asks too only if it is sent before the first 429 closes the client's
  // gate (core/http: every caller then waits behind it), so one request or two, never a third.
  await expect(listing.getByRole('alert')).toHaveCount(0);
  await expect(listing.getByTestId('loaded-count')).toHaveText('0 payments loaded');
  const asked = horizon.requests.filter((r) => r.path === `/accounts/${horizon.account}/payments` && !r.stream);
  expect(asked.length).toBeGreaterThanOrEqual(1);
  expect(asked.length).toBeLessThanOrEqual(2);
  expect(asked.every((r) => r.status === 429)).toBe(true);
  await screens(page, 'rate-limited', listing.getByTestId('rate-limit'));
  // A 429 left unasked for is not left to the next test.
  horizon.rateLimit(`/accounts/${horizon.account}/payments`, 0, {});
});

test('a newest-first listing that reaches 410 before_history ends with where history starts, not an error', async ({
  page,
}) => {
  await openApp(page, app, `#/account/${horizon.account}`);
  const listing = page.getByRole('region', { name: 'Payments' });
  await expect(listing.getByTestId('loaded-count')).toHaveText('100 payments loaded');
  // The server reaps while the person reads: the next page's cursor is now before its history.
  horizon.forgetBefore(ELDER + 1);
  const toBottom = () =>
    listing.getByRole('grid', { name: 'Payments' }).evaluate((el) => void (el.scrollTop = el.scrollHeight));
  await toBottom();
  const note = listing.getByTestId('history-start');
  await expect(note).toHaveText(
    `This server keeps history from ledger ${ELDER + 1} (2025-01-01); older operations, if any, are not listed. A full-history server has them.`,
  );
  await expect(listing.getByTestId('loaded-count')).toHaveText('100 payments loaded (all)');
  await expect(listing.getByRole('alert')).toHaveCount(0);
  // The end came from a 410: the last page asked was newest-first from a cursor below the elder ledger.
  const last = horizon.requests.filter((r) => r.path === `/accounts/${horizon.account}/payments` && !r.stream).at(-1)!;
  expect(last.query.get('order')).toBe('desc');
  expect(BigInt(last.query.get('cursor')!)).toBeLessThanOrEqual(StandinHorizon.firstToken(ELDER + 1));
  await screens(page, 'history-start', note, toBottom);
});

/** A payment from the stand-in's own account at its next sequence: nothing holds its submission back. */
function envelope(): string {
  const source = horizon.keys;
  const sequence = `${BigInt(ELDER) << 32n}`;
  const tx = new TransactionBuilder(new Account(source.publicKey(), sequence), {
    fee: '100',
    networkPassphrase: PASSPHRASE,
  })
    .addOperation(
      Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount: '1.5' }),
    )
    .setTimeout(0)
    .build();
  tx.sign(source);
  return tx.toXDR();
}

test('a submission answered 504 with extras.hash is not yet known, then final once the server has it', async ({
  page,
}) => {
  await openApp(page, app, '#/submit');
  await inspect(page, envelope());
  // Signed by the account's own key at its next sequence: once the checks answer, nothing holds
  // the submission back.
  await expectNothingHeldBack(page);
  await page.getByRole('button', { name: /^Submit to / }).click();
  const result = page.getByRole('region', { name: 'Submission result' });
  await expect(result.getByTestId('submit-result')).toHaveText('timeout');
  const [hash] = [...horizon.submitted.keys()];
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expect(result).toContainText('Outcome not yet known');
  // The hash the server named, said to be not yet in a ledger (a timeout may still be applied).
  await expect(result).toContainText(`${hash!} (not in a ledger yet)`);
  // Followed, not failed: a pending badge, and the status says it is not in a ledger yet.
  await expect(result.getByTestId('submit-result')).toHaveClass(/\bpending\b/);
  await expect(result.getByRole('status')).toHaveText(
    /^(Waiting for the transaction to be in a ledger…|Still pending…The transaction is not in a ledger \(yet\)\.)$/,
  );
  await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'pending');
  await screens(page, 'submit-timeout', result);
  // The stand-in now has it in a ledger: the next lookup finds it.
  horizon.submitted.set(hash!, 0);
  await expect(result.getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 20_000 });
  await expect(result.getByTestId('final-state')).toContainText('Final: success');
});
