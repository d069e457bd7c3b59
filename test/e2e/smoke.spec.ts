import { expect, test } from '@playwright/test';
import { startWebHost, type RunningWebHost } from './support/web-host';

let host: RunningWebHost;

test.beforeAll(async () => {
  // No local network on this port: the status must say so rather than hang or pretend.
  host = await startWebHost(['--local-url', 'http://127.0.0.1:9']);
});

test.afterAll(async () => {
  await host?.stop();
});

test('the web host serves the app shell with its name and a network status', async ({ page }, testInfo) => {
  await page.goto(host.url);
  await expect(page.locator('[data-app-state="loaded"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ledgerscope' })).toBeVisible();
  const status = page.getByRole('region', { name: 'Network status' });
  await expect(status).toContainText('Local');
  await expect(status.getByTestId('network-state')).toHaveText('offline');
  // The token is taken out of the address bar once read.
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
  await page.screenshot({ path: testInfo.outputPath('smoke.png'), fullPage: true });
});

test('a page without the token cannot reach the app core', async ({ page }) => {
  await page.goto(`${host.origin}/`);
  await expect(page.getByRole('alert')).toContainText('refused');
});
