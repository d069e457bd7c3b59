// Submit sends what is shown (issue #26), in Chromium against a local network. The payment that
// was silently not sent: after one submission, a second envelope pasted over the first and
// "Submit" clicked at once re-sent the first. Here the second one's hash must reach the network,
// the first must not be sent again, and each source's sequence number must move exactly once.
// The paste is a real one (Ctrl+V from the clipboard), the drop a DataTransfer holding a file.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accountSequence, envelopeOf, paymentTx } from '../support/signed-tx';
import { openApp, startApp, waitForLedger, type AppUnderTest } from './support/app';

let app: AppUnderTest;

test.beforeAll(async () => {
  app = await startApp({ historyOps: 200, accounts: 6, closeIntervalMs: 1000 });
});

test.afterAll(async () => {
  await app?.stop();
});

const payee = () => app.network.demoAccounts[2]!;

/** A signed payment of `amount` from demo account `from`, at its next sequence number. */
async function payment(from: number, amount: string) {
  const tx = await paymentTx(app.network.serviceUrl, app.network.demoAccounts[from]!, payee().publicKey, {
    amount,
    passphrase: app.network.passphrase,
    timeoutSeconds: 600,
  });
  return { ...envelopeOf(tx), source: app.network.demoAccounts[from]!.publicKey };
}

const sequence = async (account: string) => BigInt(await accountSequence(app.network.serviceUrl, account));

const box = (page: Page) => page.getByRole('textbox', { name: /Signed transaction/ });
const preview = (page: Page) => page.getByRole('region', { name: 'Transaction preview' });
const result = (page: Page) => page.getByRole('region', { name: 'Submission result' });
/** Every button that would send something. */
const offersToSend = (page: Page) => page.getByRole('button', { name: /^Submit (to |anyway)/ });

/** A real paste: the text on the clipboard, the box's text selected, Ctrl+V. */
async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate(
    (t) =>
      (
        globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }
      ).navigator.clipboard.writeText(t),
    text,
  );
  await box(page).focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
}

/** A drop of one file on the drop zone, as a file manager makes it. */
async function drop(page: Page, text: string, name: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([content, fileName]) => {
      const scope = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string) => unknown;
      };
      const data = new scope.DataTransfer();
      data.items.add(new scope.File([content], fileName));
      return data;
    },
    [text, name] as const,
  );
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

/**
 * Nothing of the earlier envelope is left on screen, read at once (no waiting): no preview or
 * result of it, and a submit button only beside the new envelope's preview (a paste inspects at
 * once, so on a fast machine the new preview may already be there).
 */
async function expectNothingLeftOf(page: Page, earlier: string, now: string): Promise<void> {
  expect(await preview(page).filter({ hasText: earlier }).count(), 'no preview of the earlier envelope').toBe(0);
  expect(await result(page).count(), 'no result left').toBe(0);
  if ((await offersToSend(page).count()) > 0)
    expect(await preview(page).filter({ hasText: now }).count(), 'a submit button only for the new preview').toBe(1);
}

/** Clicks the first submit button the page offers, as soon as it offers one, and reads the result's hash. */
async function submitAtOnce(page: Page): Promise<string> {
  await offersToSend(page).first().click();
  const link = result(page).locator('a[data-kind="tx"]');
  await expect(link).toHaveAttribute('title', /^[0-9a-f]{64}$/);
  return (await link.getAttribute('title'))!;
}

/** The journal's rows, newest first, by the hash each names. */
async function journalHashes(page: Page): Promise<string[]> {
  return page.getByTestId('journal-hash').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-hash') ?? ''));
}

async function shots(page: Page, name: string, region?: Locator): Promise<void> {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    if (region) await region.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}x${size.height}.png`) });
  }
}

test.beforeEach(async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.host.origin });
});

/**
 * Paste A and submit it, then replace it with B (`replace`) and click the first submit offered at
 * once; B reaches the network, A is not sent again, each source's sequence moves once.
 */
async function journey(page: Page, replace: (page: Page, xdr: string) => Promise<void>, screens = false) {
  const a = await payment(1, '1.25');
  const b = await payment(3, '2.5');
  const [aBefore, bBefore] = [await sequence(a.source), await sequence(b.source)];
  await openApp(page, app, '#/submit');
  if (screens) await shots(page, 'submit-before-inspect');
  await paste(page, a.xdr);
  await expect(preview(page)).toContainText(a.hash);
  if (screens) await shots(page, 'submit-after-inspect', preview(page));
  expect(await submitAtOnce(page)).toBe(a.hash);
  await expect(result(page).getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
  if (screens) await shots(page, 'submit-result', result(page));

  await replace(page, b.xdr);
  await expectNothingLeftOf(page, a.hash, b.hash);
  expect(await submitAtOnce(page)).toBe(b.hash);
  await expect(preview(page)).toContainText(b.hash);

  // On the network: B is in a ledger; each source's sequence moved exactly once.
  await waitForLedger(app.network.serviceUrl, b.hash);
  expect(await sequence(a.source)).toBe(aBefore + 1n);
  expect(await sequence(b.source)).toBe(bBefore + 1n);
  // The journal: A sent once, B once, and the newest entry names the hash the preview shows.
  await expect.poll(async () => (await journalHashes(page)).slice(0, 2)).toEqual([b.hash, a.hash]);
  const journal = await journalHashes(page);
  expect(journal.filter((h) => h === a.hash)).toHaveLength(1);
  expect(journal.filter((h) => h === b.hash)).toHaveLength(1);
}

test('paste A, submit, paste B over it, click submit at once: B is sent, A is not sent again', async ({ page }) => {
  await journey(page, paste, true);
});

test('the same with a dropped file replacing the pasted envelope', async ({ page }) => {
  await journey(page, (p, xdr) => drop(p, xdr, 'b.xdr'));
});

test('one character typed after Inspect removes the preview and submit; Ctrl+Enter says why and sends nothing', async ({
  page,
}) => {
  const a = await payment(4, '0.5');
  const before = await sequence(a.source);
  await openApp(page, app, '#/submit');
  const journalRegion = page.getByRole('region', { name: 'Journal' });
  await expect(journalRegion.getByRole('table').or(journalRegion.getByText('Nothing submitted yet.'))).toBeVisible();
  const journal = await journalHashes(page);
  await box(page).fill(a.xdr);
  await page.getByRole('button', { name: 'Inspect' }).click();
  // After Inspect the focus is on the first thing to decide: here the submit button.
  await expect(page.getByRole('button', { name: /^Submit to / })).toBeFocused();
  await box(page).press('End');
  await box(page).press('x');
  expect(await preview(page).count()).toBe(0);
  expect(await offersToSend(page).count()).toBe(0);
  await box(page).press('Control+Enter');
  await expect(page.getByTestId('submit-refused')).toContainText('the box changed since it was inspected');
  // Inspect what the box now holds: not an envelope, so nothing is offered.
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(page.getByRole('region', { name: 'Inspection problem' })).toBeVisible();
  expect(await offersToSend(page).count()).toBe(0);
  expect(await journalHashes(page)).toEqual(journal);
  expect(await sequence(a.source)).toBe(before);
});

test('an applied envelope sent again reads already_finished, each sentence once', async ({ page }) => {
  const a = await payment(5, '0.3');
  await openApp(page, app, '#/submit');
  await paste(page, a.xdr);
  expect(await submitAtOnce(page)).toBe(a.hash);
  await expect(result(page).getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
  // Inspect the same text again (a new inspection clears the result), and send it with Ctrl+Enter.
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(result(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Submit to / })).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(result(page).getByTestId('submit-result')).toHaveText('already_finished');
  const text = (await result(page).textContent()) ?? '';
  expect(text.split('submitted before').length - 1, text).toBe(1);
  expect(text.split('Nothing new was sent').length - 1, text).toBe(1);
  await shots(page, 'submit-already-finished', result(page));
});

test('"?" lists every keyboard shortcut, Ctrl/⌘+Enter on the Submit page among them', async ({ page }) => {
  await openApp(page, app, '#/submit');
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog.getByRole('table', { name: 'Submit page' })).toContainText('Submit the inspected transaction');
  await expect(dialog.getByRole('table', { name: 'Anywhere' })).toContainText('Open the Workbench');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await shots(page, 'shortcuts');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
