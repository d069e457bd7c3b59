// A local network and a web host for a spec file, or a web host on the shared network
// (./shared-network.ts), plus helpers the specs share: open the app, save and name screenshots,
// post signed transactions (built with ../../support/signed-tx.ts) as a wallet would.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { startNetwork, type NetworkOptions, type RunningNetwork } from '../../support/network';
import { startWebHost, type RunningWebHost } from './web-host';

export interface AppUnderTest {
  network: RunningNetwork;
  host: RunningWebHost;
  exportDir: string;
  stop(): Promise<void>;
}

export async function startApp(options: NetworkOptions): Promise<AppUnderTest> {
  const network = await startNetwork({ startLedger: 60_000_000, seed: 'ledgerscope-e2e', ...options });
  try {
    const app = await startAppWith(network);
    return {
      ...app,
      async stop() {
        await app.stop();
        await network.stop();
      },
    };
  } catch (error) {
    await network.stop();
    throw error;
  }
}

/**
 * A web host (its own user-data and export directories) on a network that is already running, such
 * as the shared one of ./shared-network.ts; stop() stops the host and leaves the network running.
 */
export async function startAppWith(network: RunningNetwork): Promise<AppUnderTest> {
  const exportDir = mkdtempSync(join(tmpdir(), 'ledgerscope-export-'));
  const host = await startWebHost([
    '--local-url',
    network.serviceUrl,
    '--local-data-dir',
    network.dataDir,
    '--export-dir',
    exportDir,
  ]);
  return { network, host, exportDir, stop: () => host.stop() };
}

/**
 * A web host whose selected network is `serverUrl` (a stand-in Horizon), given by --network;
 * --local-url names a closed port, so no local network is started.
 */
export async function startAppOn(serverUrl: string): Promise<AppUnderTest> {
  const host = await startWebHost(['--network', serverUrl, '--local-url', 'http://127.0.0.1:9']);
  return { network: { serviceUrl: serverUrl } as RunningNetwork, host, exportDir: '', stop: () => host.stop() };
}

/** Opens the app (the token is in the host's URL) at a route and waits until it has loaded. */
export async function openApp(page: Page, app: AppUnderTest, hash = ''): Promise<void> {
  await page.goto(`${app.host.url}${hash}`);
  await expect(page.locator('[data-app-state="loaded"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Network status' }).getByTestId('network-state')).toHaveText('online');
}

export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

export async function postTransaction(
  serviceUrl: string,
  xdr: string,
): Promise<{ status: number; body: { hash?: string; result?: string } }> {
  const response = await fetch(new URL('/transactions', serviceUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tx: xdr }).toString(),
  });
  return { status: response.status, body: (await response.json()) as { hash?: string; result?: string } };
}

/** Polls the service until the transaction is in a ledger; returns when it was seen there. */
export async function waitForLedger(
  serviceUrl: string,
  hash: string,
  timeoutMs = 15_000,
): Promise<{ ledger: number; seenAt: number }> {
  let found: { ledger: number } | null = null;
  await expect
    .poll(
      async () => {
        const response = await fetch(new URL(`/transactions/${hash}`, serviceUrl));
        if (response.ok) found = (await response.json()) as { ledger: number };
        return response.status;
      },
      { timeout: timeoutMs, intervals: [50] },
    )
    .toBe(200);
  return { ledger: found!.ledger, seenAt: Date.now() };
}
