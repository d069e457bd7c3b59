// The Submit page as the journeys use it: paste an envelope and inspect it, and the page's verdict
// for the journeys that expect nothing held back.
import { expect, type Page } from '@playwright/test';

/** Pastes `xdr` on the Submit page, presses Inspect and waits for the transaction preview. */
export async function inspect(page: Page, xdr: string): Promise<void> {
  await page.getByRole('textbox', { name: /Signed transaction/ }).fill(xdr);
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(page.getByRole('region', { name: 'Transaction preview' })).toBeVisible();
}

/**
 * Waits until the signature checks for the envelope on the Submit page have answered, then says
 * they hold nothing back. Until they answer, the page shows only the disabled "Checking
 * signatures…" button, so `held-back` has count 0 whatever the answer will be: asserting that
 * count right after the preview shows proves nothing. The enabled "Submit to …" button is offered
 * only once the checks are in (renderer/src/features/submit/use-merge.ts `checking`) and held
 * nothing back; the signatures panel shows only when they answered, not when they failed (a failed
 * check offers "Submit to …" too, with a `merge-problem` banner instead of a verdict).
 */
export async function expectNothingHeldBack(page: Page): Promise<void> {
  const submitTo = page.getByRole('button', { name: /^Submit to / });
  const heldBack = page.getByTestId('held-back');
  // The page shows one verdict or the other, never both. Held back, the failure names the reason
  // the page gives; a held-back verdict for earlier inputs (before copies were added) is waited out.
  await expect(submitTo.or(heldBack), 'the signature checks answered and hold nothing back').toHaveText(/^Submit to /);
  await expect(submitTo).toBeEnabled();
  const signatures = page.getByRole('region', { name: 'Signatures and thresholds' });
  await expect(signatures, 'the signature checks answered rather than failed').toBeVisible();
  await expect(page.getByTestId('merge-problem')).toHaveCount(0);
  await expect(heldBack).toHaveCount(0);
  await expect(signatures.getByRole('list', { name: 'Held back' })).toHaveCount(0);
}
