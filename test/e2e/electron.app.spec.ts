// The desktop app itself, through Playwright's _electron: a temporary user-data directory, the
// embedded local network started by main, the window's security read back from Electron, an
// account browsed and a transaction submitted through the preload bridge and the UI.
// Where no Electron binary exists (this build machine) every test is skipped with the reason.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../electron/content-policy';
import { electronBinary, whyNoElectron } from '../../scripts/electron-binary.mjs';
import { envelopeOf, paymentTx } from '../support/signed-tx';

const ROOT = join(import.meta.dirname, '..', '..');
const BINARY = electronBinary(ROOT);
const SKIP_REASON = `no Electron binary: ${whyNoElectron()}`;
if (!BINARY) console.log(`electron.app.spec: skipped, ${SKIP_REASON}`);

/** The page's globals, typed here because the Node-side TypeScript project has no DOM library. */
interface PageGlobals {
  require?: unknown;
  process?: unknown;
  ledgerscope: { invoke: unknown; on: unknown };
  document: { createElement(name: string): object };
  location: { href: string; hash: string };
  open(url: string): unknown;
  fetch(url: string): Promise<{ headers: { get(name: string): string | null } }>;
}

interface DemoAccounts {
  passphrase: string;
  accounts: { name: string; publicKey: string; secretKey: string }[];
}

test.describe('desktop app (Electron)', () => {
  test.skip(!BINARY, SKIP_REASON);
  test.describe.configure({ mode: 'serial' });

  let app: ElectronApplication;
  let page: Page;
  let userDataDir: string;

  test.beforeAll(async () => {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
    expect(build.status, 'npm run build').toBe(0);
    userDataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-electron-'));
    // Chromium refuses to run as root with its sandbox on (CI containers); the page stays sandbox: true.
    const rootArgs = process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : [];
    app = await electron.launch({
      executablePath: BINARY!,
      args: [ROOT, `--user-data-dir=${userDataDir}`, ...rootArgs],
      cwd: ROOT,
    });
    page = await app.firstWindow();
    await expect(page.locator('[data-app-state="loaded"]')).toBeVisible({ timeout: 60_000 });
  });

  test.afterAll(async () => {
    await app?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  test('the window runs with the hardened web preferences', async () => {
    // Electron has no API that returns a window's webPreferences: read back their effects.
    const pageSide = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      return {
        require: typeof g.require,
        process: typeof g.process,
        bridge: Object.keys(g.ledgerscope).sort(),
        // contextIsolation: the bridge's functions are proxies made by contextBridge, not page code.
        invokeSource: String(g.ledgerscope.invoke),
        // webviewTag: false leaves <webview> an unknown element.
        webview: g.document.createElement('webview').constructor.name,
        url: g.location.href,
      };
    });
    expect(pageSide).toEqual({
      require: 'undefined',
      process: 'undefined',
      bridge: ['invoke', 'on'],
      invokeSource: expect.stringContaining('[native code]'),
      webview: 'HTMLUnknownElement',
      url: expect.stringMatching(/^app:\/\/ledgerscope\//),
    });
    // sandbox: Electron reports it per process where the platform can tell (macOS, Windows).
    const renderers = await app.evaluate(({ app: electronApp }) =>
      electronApp.getAppMetrics().filter((metric) => metric.type === 'Tab'),
    );
    for (const metric of renderers) if (metric.sandboxed !== undefined) expect(metric.sandboxed).toBe(true);
  });

  test('the page is served with the strict CSP header', async () => {
    const header = await page.evaluate(async () => {
      const g = globalThis as unknown as PageGlobals;
      return (await g.fetch(g.location.href)).headers.get('content-security-policy');
    });
    expect(header).toBe(CONTENT_SECURITY_POLICY);
  });

  test('new windows and foreign navigation are refused', async () => {
    await page.evaluate(() => (globalThis as unknown as PageGlobals).open('https://example.org/'));
    await page.evaluate(() => {
      (globalThis as unknown as PageGlobals).location.href = 'file:///etc/hostname';
    });
    await expect(page.locator('[data-app-state="loaded"]')).toBeVisible();
    expect(app.windows()).toHaveLength(1);
    expect(page.url()).toMatch(/^app:\/\/ledgerscope\//);
  });

  test('the embedded local network runs with its data in the user-data directory', async () => {
    const demo = join(userDataDir, 'local-network', 'demo-accounts.json');
    await expect.poll(() => existsSync(demo), { timeout: 60_000 }).toBe(true);
    await expect(page.getByRole('region', { name: 'Network status' }).getByTestId('network-state')).toHaveText(
      'online',
      { timeout: 30_000 },
    );
  });

  test('browses an account and submits a transaction', async () => {
    const demo = JSON.parse(
      readFileSync(join(userDataDir, 'local-network', 'demo-accounts.json'), 'utf8'),
    ) as DemoAccounts;
    const [from, to] = demo.accounts;
    await page.evaluate(
      (id) => ((globalThis as unknown as PageGlobals).location.hash = `#/account/${id}`),
      from!.publicKey,
    );
    await expect(page.getByTestId('sequence')).toHaveText(/^\d+$/);

    const servicePort = (
      JSON.parse(readFileSync(join(userDataDir, 'local-network', 'ports.json'), 'utf8')) as { service: number }
    ).service;
    const payment = envelopeOf(
      await paymentTx(`http://127.0.0.1:${servicePort}`, from!, to!.publicKey, {
        amount: '1.5',
        passphrase: demo.passphrase,
        timeoutSeconds: 600,
      }),
    );
    await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/submit'));
    await page.getByLabel('Signed transaction: hex, base64 XDR, a SEP-7 URI or JSON').fill(payment.xdr);
    await page.getByRole('button', { name: 'Inspect' }).click();
    await page.getByRole('button', { name: /^Submit to / }).click();
    await expect(page.getByTestId('submit-result')).toHaveText(/received|already_finished/);
    await expect(page.getByTestId('final-state')).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
  });
});
