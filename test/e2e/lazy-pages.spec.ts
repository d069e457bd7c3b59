// Pages are loaded when they are opened (issue #25): the explore home asks only for the first
// screen's chunks (the entry and what it imports statically, read from the build's manifest), and
// opening each other page from inside the app fetches its chunk then and renders the page.
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/shared-network';
import { firstScreenFiles, readManifest } from '../../scripts/renderer-size.mjs';
import { openApp, startAppWith, type AppUnderTest } from './support/app';

const RENDERER = join(import.meta.dirname, '..', '..', 'dist', 'renderer');

let app: AppUnderTest;
let ids: { account: string; ledger: string; tx: string; op: string };

test.beforeAll(async ({ sharedNetwork }) => {
  app = await startAppWith(sharedNetwork);
  const account = app.network.demoAccounts[0]!.publicKey;
  // Ids above 2^53 are read as text, never through JSON.parse.
  const ops = await (
    await fetch(new URL(`/accounts/${account}/operations?limit=1&order=desc`, app.network.serviceUrl))
  ).text();
  const records = ops.slice(ops.indexOf('"records"'));
  const tx = /"transaction_hash":"([0-9a-f]{64})"/.exec(records)![1]!;
  const { ledger } = (await (await fetch(new URL(`/transactions/${tx}`, app.network.serviceUrl))).json()) as {
    ledger: number;
  };
  ids = { account, ledger: String(ledger), tx, op: /"id":"?(\d+)/.exec(records)![1]! };
});

test.afterAll(async () => {
  await app?.stop();
});

/** Every JavaScript file the page asks for, as its path under the renderer (`assets/…`), in order. */
function scriptsAskedFor(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname.replace(/^\//, '');
    if (path.endsWith('.js')) asked.push(path);
  });
  return asked;
}

interface Visit {
  name: string;
  /** How the user gets there from inside the app: a link of the sidebar, or an address. */
  open: { link: string } | { hash: string };
  /** The page's chunk, by its source in the manifest (none: the first screen holds it). */
  source?: string;
  ready(page: Page): Locator;
}

const entity = (kind: string) => (page: Page) => page.locator(`article[data-entity="${kind}"]`);
const region = (name: string) => (page: Page) => page.getByRole('region', { name, exact: true });

const VISITS = (): Visit[] => [
  { name: 'Live', open: { link: 'Live' }, source: 'src/features/live/live-page.tsx', ready: region('Live') },
  { name: 'Submit', open: { link: 'Submit' }, source: 'src/features/submit/submit-page.tsx', ready: region('Submit') },
  {
    name: 'Workbench',
    open: { link: 'Workbench' },
    source: 'src/features/workbench/workbench-page.tsx',
    ready: region('Workbench'),
  },
  {
    name: 'Settings',
    open: { link: 'Settings' },
    source: 'src/features/settings/settings-page.tsx',
    ready: region('Settings'),
  },
  {
    name: 'Asset',
    open: { hash: '#/asset/native' },
    source: 'src/features/explore/asset-page.tsx',
    ready: entity('asset'),
  },
  {
    name: 'Account',
    open: { hash: `#/account/${ids.account}` },
    source: 'src/features/explore/entity-page.tsx',
    ready: entity('account'),
  },
  {
    name: 'Ledger',
    open: { hash: `#/ledger/${ids.ledger}` },
    source: 'src/features/explore/entity-page.tsx',
    ready: entity('ledger'),
  },
  {
    name: 'Transaction',
    open: { hash: `#/tx/${ids.tx}` },
    source: 'src/features/explore/entity-page.tsx',
    ready: entity('tx'),
  },
  {
    name: 'Operation',
    open: { hash: `#/op/${ids.op}` },
    source: 'src/features/explore/entity-page.tsx',
    ready: entity('op'),
  },
  { name: 'Explore', open: { link: 'Explore' }, ready: region('Explore') },
];

test('the explore home loads the first screen only, and every page loads when it is opened', async ({ page }) => {
  const manifest = readManifest(RENDERER);
  const asked = scriptsAskedFor(page);
  await openApp(page, app, '#/explore');
  await expect(region('Explore')(page)).toBeVisible();
  const firstScreen = firstScreenFiles(manifest);
  expect([...new Set(asked)].sort()).toEqual([...firstScreen].sort());

  const opened = new Set<string>();
  for (const visit of VISITS()) {
    const chunk = visit.source ? manifest[visit.source]!.file : null;
    if (chunk && !opened.has(chunk))
      expect(asked, `${visit.name}: its chunk waits until the page is opened`).not.toContain(chunk);
    if ('link' in visit.open)
      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByRole('link', { name: visit.open.link, exact: true })
        .click();
    else await page.evaluate(`window.location.hash = ${JSON.stringify(visit.open.hash)}`);
    await expect(visit.ready(page), `${visit.name} renders`).toBeVisible();
    await expect(page.getByTestId('page-loading')).toHaveCount(0);
    await expect(page.getByTestId('view-error')).toHaveCount(0);
    if (chunk) expect(asked, `${visit.name}: its chunk was loaded`).toContain(chunk);
    if (chunk) opened.add(chunk);
  }
  // All of it in one document: the entry was loaded once, every page after it from inside the app.
  expect(asked.filter((file) => file === firstScreen[0])).toHaveLength(1);
});
