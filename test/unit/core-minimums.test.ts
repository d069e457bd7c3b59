// Notification minimums per asset (shared/minimums.ts): the asset's own minimum, else the one for
// any asset, else every payment; the watch list written before minimums were per asset migrates;
// typed minimums are checked with clear errors.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../core/app/dispatch';
import { createAppCore, type AppCore } from '../../core/app/app';
import { StreamManager } from '../../core/streams/streams';
import { formatMinimums, migrateWatched, parseMinimumsText, passesMinimum } from '../../shared/minimums';
import type { Operation } from '../../shared/model';

const ME = 'GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR';
const ISSUER = 'GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U';
const USD = `USD:${ISSUER}`;

function pay(amount: string, currency: { code: string; issuer?: string }): Operation {
  return {
    type: 'payment',
    id: '1',
    pagingToken: '1',
    sourceAccount: ISSUER,
    transactionHash: 'a'.repeat(64),
    successful: true,
    createdAt: '2026-11-01T00:00:00Z',
    from: ISSUER,
    to: ME,
    currency,
    amount,
    raw: '{}',
  };
}
const xlm = (amount: string) => pay(amount, { code: 'XLM' });
const usd = (amount: string) => pay(amount, { code: 'USD', issuer: ISSUER });

describe('per-asset minimums', () => {
  it("use the payment's asset first, then any asset, then notify every payment", () => {
    const minimums = { native: '100', [USD]: '5', '*': '1000' };
    expect(passesMinimum(xlm('99.9999999'), minimums, ME)).toBe(false);
    expect(passesMinimum(xlm('100'), minimums, ME)).toBe(true);
    expect(passesMinimum(usd('4.9999999'), minimums, ME)).toBe(false);
    expect(passesMinimum(usd('5'), minimums, ME)).toBe(true);
    // EUR of the same issuer has no minimum of its own: the any-asset one applies.
    expect(passesMinimum(pay('999', { code: 'EUR', issuer: ISSUER }), minimums, ME)).toBe(false);
    expect(passesMinimum(pay('1000', { code: 'EUR', issuer: ISSUER }), minimums, ME)).toBe(true);
    expect(passesMinimum(usd('0.0000001'), undefined, ME)).toBe(true);
    expect(passesMinimum(usd('0.0000001'), { native: '100' }, ME)).toBe(true);
  });

  it('compare exactly, beyond 2^53 units', () => {
    expect(passesMinimum(xlm('922337203685.4775807'), { native: '922337203685.4775807' }, ME)).toBe(true);
    expect(passesMinimum(xlm('922337203685.4775806'), { native: '922337203685.4775807' }, ME)).toBe(false);
  });

  it('count what came in to the viewer, by the one reading of the record', () => {
    const minimums = { native: '100' };
    // Seen from the sender, the same payment brought nothing in.
    expect(passesMinimum(xlm('500'), undefined, ISSUER)).toBe(false);
    // A failed payment moved nothing.
    expect(passesMinimum({ ...xlm('500'), successful: false }, undefined, ME)).toBe(false);
    // A funding counts its starting balance, at the minimum's edge.
    const funding = (startingBalance: string): Operation => ({
      ...xlm('0'),
      type: 'create_account',
      funder: ISSUER,
      account: ME,
      startingBalance,
    });
    expect(passesMinimum(funding('100'), minimums, ME)).toBe(true);
    expect(passesMinimum(funding('99.9999999'), minimums, ME)).toBe(false);
    // A pool withdrawal brings assets in but sends shares out: the viewer's own move, not news.
    const withdraw: Operation = {
      ...xlm('0'),
      type: 'liquidity_pool_withdraw',
      sourceAccount: ME,
      liquidityPoolId: 'ab'.repeat(32),
      shares: '1',
      reservesMin: [],
      reservesReceived: [{ currency: { code: 'XLM' }, amount: '500' }],
    };
    expect(passesMinimum(withdraw, undefined, ME)).toBe(false);
    // A claim whose amount the record does not carry passes only where no minimum applies.
    const claim: Operation = {
      ...xlm('0'),
      type: 'claim_claimable_balance',
      balanceId: `00000000${'cd'.repeat(32)}`,
      claimant: ME,
    };
    expect(passesMinimum(claim, undefined, ME)).toBe(true);
    expect(passesMinimum(claim, { '*': '1' }, ME)).toBe(false);
  });

  it('read from typed text, and print back the same way', () => {
    const map = parseMinimumsText(` 10, xlm=5 ; ${USD} = 100\n`);
    expect(map).toEqual({ '*': '10', native: '5', [USD]: '100' });
    expect(formatMinimums(map)).toBe(`10, XLM=5, ${USD}=100`);
    expect(parseMinimumsText('')).toEqual({});
  });

  it.each([
    ['an exponent', '1e9', 'amount of 0 or more'],
    ['a negative amount', '-5', 'amount of 0 or more'],
    ['eight decimal places', 'XLM=0.00000001', 'amount of 0 or more'],
    ['an issuer with a bad checksum', `USD:${ISSUER.slice(0, 55)}A=5`, 'is not an asset'],
    ['a 14-character code', 'TOOLONGCODE123:' + ISSUER + '=5', 'is not an asset'],
    ['a formula', '=cmd=5', '"" is not an asset'],
    ['51 minimums', Array.from({ length: 51 }, (_, i) => `C${i}:${ISSUER}=1`).join(','), 'at most 50'],
  ])('refuse %s with a clear message', (_what, text, words) => {
    expect(() => parseMinimumsText(text)).toThrow(words);
  });

  it('accept a minimum of 0 and one a stroop above it, refuse one a stroop below it', () => {
    expect(parseMinimumsText('XLM=0')).toEqual({ native: '0' });
    expect(parseMinimumsText('XLM=0.0000001')).toEqual({ native: '0.0000001' });
    expect(() => parseMinimumsText('XLM=-0.0000001')).toThrow('amount of 0 or more');
  });

  it('accept 49 and 50 minimums, refuse 51', () => {
    const minimums = (count: number) => Array.from({ length: count }, (_, i) => `C${i}:${ISSUER}=1`).join(',');
    expect(Object.keys(parseMinimumsText(minimums(49)))).toHaveLength(49);
    expect(Object.keys(parseMinimumsText(minimums(50)))).toHaveLength(50);
    expect(() => parseMinimumsText(minimums(51))).toThrow('at most 50');
  });
});

describe('the watch list', () => {
  const dirs: string[] = [];
  let core: AppCore | null = null;
  afterEach(async () => {
    await core?.close();
    core = null;
  });
  const profile = {
    id: 'local',
    name: 'Local',
    baseUrl: 'http://127.0.0.1:9',
    passphrase: 'p',
    dialect: 'ledger' as const,
    builtIn: true,
  };

  it('migrates a minimum written for any asset, keeping the paging token', () => {
    expect(migrateWatched({ account: ME, networkId: 'local', minAmount: '2' })).toEqual({
      account: ME,
      networkId: 'local',
      minAmounts: { '*': '2' },
    });
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-minimums-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'watched.json'),
      JSON.stringify({
        accounts: [
          { account: ME, networkId: 'local', minAmount: '2.5', lastPagingToken: '257698037761' },
          { account: ISSUER, networkId: 'local' },
        ],
      }),
    );
    const manager = new StreamManager(dir, () => undefined, { backoffBaseMs: 60_000 });
    manager.useNetwork(profile);
    try {
      expect(manager.watched()).toEqual([
        { account: ME, networkId: 'local', minAmounts: { '*': '2.5' }, lastPagingToken: '257698037761' },
        { account: ISSUER, networkId: 'local' },
      ]);
      manager.watch(ISSUER, { [USD]: '7' });
      const saved = JSON.parse(readFileSync(join(dir, 'watched.json'), 'utf8')) as { accounts: unknown[] };
      expect(saved.accounts).toEqual([
        { account: ME, networkId: 'local', minAmounts: { '*': '2.5' }, lastPagingToken: '257698037761' },
        { account: ISSUER, networkId: 'local', minAmounts: { [USD]: '7' } },
      ]);
    } finally {
      manager.close();
    }
  });

  it('takes minimums per asset over IPC, and refuses hostile ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-minimums-'));
    core = createAppCore({
      userDataDir: dir,
      localUrl: 'http://127.0.0.1:9',
      host: 'web',
      version: 'test',
      healthIntervalMs: 0,
      exportDir: dir,
      streams: { backoffBaseMs: 60_000 },
    });
    const dispatch = createDispatcher(core.handlers);
    expect(await dispatch('stream:watch', { account: ME, minAmounts: { native: '1', [USD]: '2.5' } })).toMatchObject({
      ok: true,
      value: { minAmounts: { native: '1', [USD]: '2.5' } },
    });
    expect(await dispatch('stream:watch', { account: ME, minAmount: '3' })).toMatchObject({
      ok: true,
      value: { minAmounts: { '*': '3' } },
    });
    expect(await dispatch('stream:watch', { account: ME })).toMatchObject({ ok: true, value: { account: ME } });
    expect(((await dispatch('stream:watch', { account: ME })) as { value: object }).value).not.toHaveProperty(
      'minAmounts',
    );
    for (const minAmounts of [
      { native: '1e3' },
      { 'USD:nope': '1' },
      { native: 5 },
      Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`C${i}:${ISSUER}`, '1'])),
    ]) {
      const reply = await dispatch('stream:watch', { account: ME, minAmounts });
      expect(reply, JSON.stringify(minAmounts)).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    }
    // A "__proto__" key is dropped by the schema, never set on an object: no minimum, no pollution.
    const proto = await dispatch('stream:watch', {
      account: ME,
      minAmounts: JSON.parse('{"__proto__": {"polluted": "1"}}') as object,
    });
    expect(proto).toMatchObject({ ok: true });
    expect((proto as { value: object }).value).not.toHaveProperty('minAmounts');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
