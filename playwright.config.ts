import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser download does not work on the build machines.
// The flags keep it from reaching for the network, which is closed there.
export const CHROMIUM = process.env.LEDGERSCOPE_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'web', testIgnore: /electron\..*spec\.ts/ },
    { name: 'electron', testMatch: /electron\..*spec\.ts/ },
  ],
});
