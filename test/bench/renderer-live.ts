// Live-feed latency: from a payment's ledger commit to its row in the Live page's DOM, through
// the real path (local network, its SSE stream, the app core, the web host's WebSocket, React).
// The commit time is when the service first answers the transaction (polled every 10 ms); the
// row time is stamped in the page by a MutationObserver. Both clocks are this machine's.
//   node scripts/build.mjs --renderer && node --import tsx test/bench/renderer-live.ts [payments=20]
import { postTransaction } from '../e2e/support/app';
import { envelopeOf, paymentTx } from '../support/signed-tx';
import { startWebHost } from '../e2e/support/web-host';
import { startNetwork } from '../support/network';
import { launch, percentile } from './support/browser';
import type { PageGlobals } from './support/page-globals';

const COUNT = Number(process.argv[2] ?? 20);

/** Runs in the page: stamps (epoch ms) the first time each live-feed row's amount appears. */
function stampRows() {
  const page = globalThis as unknown as PageGlobals;
  const seen: Record<string, number> = {};
  page.__rowSeen = seen;
  new page.MutationObserver(() => {
    for (const cell of page.document.querySelectorAll('[aria-label="Live feed"] [role="row"] .money .num')) {
      const text = cell.textContent ?? '';
      if (!(text in seen)) seen[text] = Date.now();
    }
  }).observe(page.document, { subtree: true, childList: true });
}

async function committedAt(serviceUrl: string, hash: string): Promise<number> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(new URL(`/transactions/${hash}`, serviceUrl));
    if (response.ok) return Date.now();
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`transaction ${hash} not in a ledger after 20 s`);
}

const network = await startNetwork({
  historyOps: 0,
  accounts: 4,
  closeIntervalMs: 1000,
  startLedger: 60_000_000,
  seed: 'bench-live',
});
const host = await startWebHost(['--local-url', network.serviceUrl]);
const browser = await launch();
try {
  const [, payer, payee] = network.demoAccounts;
  if (!payer || !payee) throw new Error('the network has too few demo accounts');
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await page.addInitScript(stampRows);
  await page.goto(`${host.url}#/live`);
  await page.getByLabel('Account to watch').fill(payee.publicKey);
  await page.getByRole('button', { name: 'Watch' }).click();
  await page.getByTestId('stream-state').filter({ hasText: 'live' }).waitFor({ timeout: 20_000 });

  const latencies: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    const amount = `7.${String(i + 1).padStart(6, '0')}1`; // canonical: no trailing zero
    const { xdr, hash } = envelopeOf(
      await paymentTx(network.serviceUrl, payer, payee.publicKey, {
        amount,
        passphrase: network.passphrase,
        timeoutSeconds: 600,
      }),
    );
    const posted = await postTransaction(network.serviceUrl, xdr);
    if (posted.body.result !== 'received') throw new Error(`payment ${i} was ${posted.body.result}`);
    const commit = await committedAt(network.serviceUrl, hash);
    await page.waitForFunction((text) => text in (globalThis as unknown as PageGlobals).__rowSeen, amount, {
      timeout: 10_000,
    });
    const seen = await page.evaluate((text) => (globalThis as unknown as PageGlobals).__rowSeen[text]!, amount);
    latencies.push(seen - commit);
  }
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(`renderer live feed: ${COUNT} payments, ledger every 1000 ms`);
  console.log(`  commit -> row in DOM: p50 ${p50} ms, p95 ${p95} ms (target <= 300), max ${Math.max(...latencies)} ms`);
  if (p95 > 300) process.exitCode = 1;
} finally {
  await browser.close();
  await host.stop();
  await network.stop();
}
