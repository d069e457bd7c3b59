// The renderer under its Content Security Policy (electron/content-policy.ts) in real Chromium:
// styles only from the app's CSS files, no 'unsafe-inline'. The pages still render (virtual rows
// and grid columns are placed through React's style prop, which writes the CSSOM), the page itself
// never trips the policy, and a <style> element or style attribute injected into it does nothing.
import type { Page } from '@playwright/test';
import { expect, test } from './support/shared-network';
import { openApp, startAppWith, type AppUnderTest } from './support/app';

let app: AppUnderTest;

test.beforeAll(async ({ sharedNetwork }) => {
  app = await startAppWith(sharedNetwork);
});

test.afterAll(async () => {
  await app?.stop();
});

// The browser side is written as script text: these specs are compiled without the DOM library.

/** Collects every policy violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript({
    content: `window.violations = [];
      document.addEventListener('securitypolicyviolation', (event) => window.violations.push(event.effectiveDirective));`,
  });
}

/** The directives of the style violations reported so far, in order. */
function styleViolations(page: Page): Promise<string[]> {
  return page.evaluate("window.violations.filter((directive) => directive.startsWith('style-src'))");
}

test('pages render under style-src self, and injected styles are refused', async ({ page }) => {
  await recordViolations(page);
  const served = page.waitForResponse((response) => new URL(response.url()).pathname === '/');
  await openApp(page, app, `#/account/${app.network.demoAccounts[0]!.publicKey}`);
  const policy = (await served).headers()['content-security-policy'] ?? '';
  expect(policy).toContain("style-src 'self';");
  expect(policy).not.toContain('unsafe-inline');

  // Virtual rows are placed one under the other and the columns laid out: the style prop applied.
  const grid = page.getByRole('grid', { name: 'Payments' });
  const rows = grid.locator('[role="row"][data-index]:not(.vt-special)');
  await expect(rows.nth(2)).toBeVisible();
  const tops = await rows.evaluateAll((all) => all.slice(0, 3).map((row) => row.getBoundingClientRect().top));
  expect(tops[1]!).toBeGreaterThan(tops[0]!);
  expect(tops[2]!).toBeGreaterThan(tops[1]!);
  const columns = await rows.first().evaluate((row) => ({
    inline: row.style.gridTemplateColumns,
    computed: row.ownerDocument.defaultView!.getComputedStyle(row).gridTemplateColumns,
  }));
  expect(columns.inline).not.toBe('');
  expect(columns.computed.split(' ').length).toBeGreaterThan(2);
  // (zod probes for eval with Function('') and falls back when the policy refuses it: that
  // script-src report is expected and not about styles.)
  expect(await styleViolations(page)).toEqual([]);

  // A <style> element and a style attribute, as an injected script or markup would add them.
  const injected = (await page.evaluate(`(() => {
    const style = document.createElement('style');
    style.textContent = 'body { background-color: rgb(255, 0, 0) !important; }';
    document.head.append(style);
    const heading = document.querySelector('h1');
    heading.setAttribute('style', 'color: rgb(0, 255, 0) !important');
    return { background: getComputedStyle(document.body).backgroundColor, heading: getComputedStyle(heading).color };
  })()`)) as { background: string; heading: string };
  expect(injected.background).not.toBe('rgb(255, 0, 0)');
  expect(injected.heading).not.toBe('rgb(0, 255, 0)');
  // Reported once by each copy of the policy (the header and the page's meta tag).
  await expect
    .poll(async () => [...new Set(await styleViolations(page))])
    .toEqual(['style-src-elem', 'style-src-attr']);
});
