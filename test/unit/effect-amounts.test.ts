// Amounts Horizon leaves out of an operation record: a merge's (older Horizon writes none) and a
// claim's. The Horizon source reads them from the operation's effects when one operation is
// opened (the drawer, the operation view); where the server has no effects, or they do not say,
// the amount stays absent and every row says "amount unknown". Real records (../shared/fixtures,
// skipped where absent) served by a real HTTP server.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../core/http/http';
import { horizonSource } from '../../core/sources/horizon/source';
import type { Operation } from '../../shared/model';
import { operationSummary } from '../../shared/operation-summary';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { realFixtures } from '../support/real-fixtures';

const REAL_BASE = realFixtures('horizon-real');
const REAL = REAL_BASE ? resolve(REAL_BASE, 'java-sdk', 'operations') : '';
const haveReal = REAL !== '' && existsSync(REAL);
const PROFILE = { id: 'test', name: 'Test', passphrase: 'Test SDF Network ; September 2015', builtIn: false };

let server: LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const real = (name: string) =>
  JSON.parse(readFileSync(resolve(REAL, `${name}.json`), 'utf8')) as Record<string, string>;
const page = (records: unknown[]) => ({ _links: {}, _embedded: { records } });

async function open(
  record: Record<string, string>,
  effects: unknown[] | null,
): Promise<{ op: Operation; seen: string[] }> {
  const seen: string[] = [];
  server = await startLocalServer((request, response) => {
    const url = new URL(request.url!, 'http://x');
    seen.push(`${url.pathname}${url.search}`);
    response.setHeader('content-type', 'application/json');
    if (url.pathname === `/operations/${record['id']}`) return void response.end(JSON.stringify(record));
    if (url.pathname === `/operations/${record['id']}/effects` && effects)
      return void response.end(JSON.stringify(page(effects)));
    response.statusCode = 404;
    response.end(JSON.stringify({ type: 'not_found', title: 'Resource Missing', status: 404 }));
  });
  const source = horizonSource(
    { ...PROFILE, url: server.base, dialect: 'horizon' } as never,
    new HttpClient(server.base, { maxRetries: 0 }),
  );
  const op = await source.resource('operation', record['id']!, new AbortController().signal);
  return { op, seen };
}

describe.skipIf(!haveReal)('an operation opened alone', () => {
  it('a merge reads its amount from the account_credited effect of the account merged into', async () => {
    const merge = real('account_merge');
    const { op, seen } = await open(merge, [
      { type: 'account_debited', account: merge['account'], asset_type: 'native', amount: '99.9999800' },
      { type: 'account_credited', account: merge['into'], asset_type: 'native', amount: '99.9999800' },
      { type: 'account_removed', account: merge['account'] },
    ]);
    expect(op.type === 'account_merge' && op.amount).toBe('99.99998'); // exact, as every amount is held
    expect(operationSummary(op)).toMatch(/\(99\.9999800 XLM\)$/);
    expect(seen).toContain(`/operations/${merge['id']}/effects?limit=50`);
  });

  it('a claim reads the claimed amount and asset from the claimable_balance_claimed effect', async () => {
    const claim = real('claim_claimable_balance');
    const { op } = await open(claim, [
      {
        type: 'claimable_balance_claimed',
        balance_id: claim['balance_id'],
        asset: 'USD:GDUVUOCZJDGXC4U2Y7M5E3VKC75XTFEBXQ6G5NZ2TC6SE5VXN4AS3SFB',
        amount: '44.2654097',
      },
    ]);
    expect(operationSummary(op)).toMatch(/claims .* \(44\.2654097 USD\)$/);
  });

  it('without effects (404), or effects that do not say, the amount is unknown, said so', async () => {
    const merge = real('account_merge');
    expect(operationSummary((await open(merge, null)).op)).toMatch(/\(amount unknown\)$/);
    await server?.close();
    const claim = real('claim_claimable_balance');
    const { op } = await open(claim, [
      { type: 'account_credited', account: 'GOTHER', asset_type: 'native', amount: '1.0000000' },
    ]);
    expect(operationSummary(op)).toMatch(/\(amount unknown\)$/);
  });

  it('a record that carries its amount asks for no effects', async () => {
    const merge = { ...real('account_merge'), amount: '5.0000000' };
    const { op, seen } = await open(merge, []);
    expect(operationSummary(op)).toMatch(/\(5\.0000000 XLM\)$/);
    expect(seen.some((path) => path.includes('/effects'))).toBe(false);
  });
});
