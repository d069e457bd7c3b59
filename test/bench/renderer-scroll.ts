// Scrolls an account's payments table through 100,000 rows (1,000 cursor pages served by an
// in-page fake bridge, so only the renderer is measured) and prints the frame-time percentiles
// and the JS heap after the scroll (after a forced GC).
//   node scripts/build.mjs --renderer && node --import tsx test/bench/renderer-scroll.ts [rows=100000]
// Environment: BENCH_STEP_PX (pixels scrolled a frame, default 1500), BENCH_MAX_FRAMES (stop after so many).
import { launch, percentile, serveRenderer } from './support/browser';
import type { PageGlobals } from './support/page-globals';

const TOTAL = Number(process.argv[2] ?? 100_000);
const ACCOUNT = 'GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR';
const OTHER = 'GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U';
const STEP_PX = Number(process.env.BENCH_STEP_PX ?? 1_500);
const MAX_FRAMES = Number(process.env.BENCH_MAX_FRAMES ?? Infinity);

/** Runs in the page: a Bridge whose payments listing is `total` synthetic records. */
function installFakeBridge({ total, account, other }: { total: number; account: string; other: string }) {
  const record = (i: number) => {
    const id = ((60_000_000n + BigInt(Math.floor(i / 4))) << 32n) | (BigInt((i % 4) + 1) << 12n) | 1n;
    const incoming = i % 2 === 0;
    return {
      type: 'payment',
      id: id.toString(),
      pagingToken: String(i),
      sourceAccount: incoming ? other : account,
      transactionHash: (i + 1).toString(16).padStart(64, '0'),
      successful: true,
      createdAt: new Date(Date.UTC(2026, 10, 1) - i * 5000).toISOString(),
      from: incoming ? other : account,
      to: incoming ? account : other,
      currency: i % 3 === 0 ? { code: 'USD', issuer: other } : { code: 'XLM' },
      amount: `${1000 + (i % 9000)}.${String(i % 10_000_000).padStart(7, '0')}`,
      raw: `{"id":${id}}`,
    };
  };
  type Query = { order?: string; cursor?: string; limit: number };
  const handlers: Record<string, (args: { query: Query }) => unknown> = {
    'app:info': () => ({ name: 'Ledgerscope', version: 'bench', host: 'web' }),
    'network:list': () => ({
      selectedId: 'local',
      profiles: [
        {
          id: 'local',
          name: 'Local',
          baseUrl: 'http://127.0.0.1:1',
          passphrase: 'x',
          dialect: 'ledger',
          builtIn: true,
        },
      ],
    }),
    'network:health': () => ({
      networkId: 'local',
      online: true,
      latencyMs: 1,
      rateLimitRemaining: 1000,
      latestLedger: 60_000_000,
      checkedAt: new Date().toISOString(),
    }),
    'stream:list': () => ({ watched: [], statuses: [] }),
    'account:get': () => ({
      id: account,
      sequence: '1',
      subentryCount: 0,
      balances: [{ amount: '1000' }],
      signers: [],
      thresholds: { low: 0, med: 0, high: 0 },
      raw: '{}',
    }),
    'payments:list': ({ query }) => {
      const asc = query.order === 'asc';
      // Cursors are record indexes in descending (newest first) order.
      const at = query.cursor === undefined ? (asc ? total : -1) : Number(query.cursor);
      const out = [];
      for (let k = 1; k <= query.limit; k++) {
        const i = asc ? at - k : at + k;
        if (i < 0 || i >= total) break;
        out.push(record(i));
      }
      return { records: out, next: out.length ? out[out.length - 1]!.pagingToken : null, prev: null };
    },
  };
  (globalThis as unknown as PageGlobals).ledgerscope = {
    invoke: async (channel: string, args: { query: Query }) => {
      const handler = handlers[channel];
      return handler
        ? { ok: true, value: handler(args) }
        : { ok: false, error: { code: 'unknown_channel', message: channel } };
    },
    on: () => () => undefined,
  };
}

/** Runs in the page: scrolls a step per frame until the last row is on screen; frame intervals. */
function scrollThrough({
  step,
  total,
  maxFrames,
}: {
  step: number;
  total: number;
  maxFrames: number;
}): Promise<{ frames: number[]; ms: number }> {
  const page = globalThis as unknown as PageGlobals;
  const grid = page.document.querySelector('[role="grid"]')!;
  const frames: number[] = [];
  const start = performance.now();
  let last = start;
  return new Promise((resolve) => {
    const tick = (now: number) => {
      frames.push(now - last);
      last = now;
      grid.scrollTop += step;
      const seen = grid.querySelector(`[data-index="${total - 1}"]`);
      if (seen || frames.length > maxFrames || now - start > 600_000)
        resolve({ frames: frames.slice(1), ms: now - start });
      else page.requestAnimationFrame(tick);
    };
    page.requestAnimationFrame(tick);
  });
}

const server = await serveRenderer();
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  // tsx (esbuild keepNames) wraps named functions in __name(); give the page that helper.
  await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await page.addInitScript(installFakeBridge, { total: TOTAL, account: ACCOUNT, other: OTHER });
  await page.goto(`${server.url}#/account/${ACCOUNT}`);
  await page.locator('[role="grid"] [data-index="0"]').waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () =>
    Object.fromEntries(
      ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.map(
        (m) => [m.name, m.value],
      ),
    );
  const before = await metrics();
  const { frames, ms } = await page.evaluate(scrollThrough, { step: STEP_PX, total: TOTAL, maxFrames: MAX_FRAMES });
  const after = await metrics();
  const spent = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / Math.max(1, frames.length);
  const loaded = await page.getByTestId('loaded-count').textContent();
  const rowsInDom = await page.locator('[role="grid"] [role="row"]').count();
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const p50 = percentile(frames, 50);
  const p95 = percentile(frames, 95);
  const p99 = percentile(frames, 99);
  const slow = frames.filter((f) => f > 16.7 * 1.5).length;
  console.log(
    `renderer scroll: ${TOTAL.toLocaleString('en')} rows, ${STEP_PX} px per frame, ${frames.length} frames in ${(ms / 1000).toFixed(1)} s`,
  );
  console.log(
    `  frame time p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target <= 16.7), p99 ${p99.toFixed(1)} ms, frames > 25 ms: ${slow}`,
  );
  console.log(
    `  per frame: script ${spent('ScriptDuration').toFixed(1)} ms, style ${spent('RecalcStyleDuration').toFixed(1)} ms, layout ${spent('LayoutDuration').toFixed(1)} ms, all tasks ${spent('TaskDuration').toFixed(1)} ms`,
  );
  console.log(
    `  JS heap after scroll and GC: ${(heap.usedSize / 2 ** 20).toFixed(1)} MB (target <= 150); rows in DOM: ${rowsInDom}; ${loaded}`,
  );
  if (p95 > 16.7 || heap.usedSize > 150 * 2 ** 20) process.exitCode = 1;
} finally {
  await browser.close();
  await server.close();
}
