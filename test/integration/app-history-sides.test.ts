// Issue #27, through the app core against a stand-in Horizon that lists an account's transactions
// and trades as Horizon does: fills of the account's offer by another account's operation (not in
// its operations listing) and a fee it paid as the fee-bump source of another account's
// transaction are indexed as rows of their own, summed in the totals; a trade after the server's
// latest ledger as the sync started waits for the next sync; and a sync of a current account asks
// each side listing once, from its own token.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryPage, HistoryProgress, TotalsRow } from '../../shared/history';
import { runCli } from '../support/cli-process';
import { accountKeys } from '../support/service-store';
import { toid, tradeRecord, transactionRecord } from '../support/side-records';
import { StandinHorizon } from '../support/standin-horizon';
import { waitFor } from '../support/wait';
import { startCore, type CoreFixture } from './app-support';

const [ACCOUNT, OTHER, ISSUER] = accountKeys(3, 77) as [string, string, string];
const USD = `USD:${ISSUER}`;
let standIn: StandinHorizon | undefined;
const cores: CoreFixture[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await standIn?.close();
  standIn = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function syncToCurrent(app: CoreFixture): Promise<HistoryProgress> {
  const before = app.events.length;
  await app.call('history:sync', { account: ACCOUNT, follow: false });
  return waitFor('the sync to settle', () =>
    app.events
      .slice(before)
      .map((e) => e.payload as HistoryProgress)
      .find((p) => p.state === 'current' || p.state === 'error'),
  );
}

describe('the walks beside the operations, against Horizon-shaped listings', () => {
  it('indexes fills by others and fees paid for others, through the latest ledger, each listing once a sync', async () => {
    const fill = (ledger: number, order: number, amounts: [string, string]) =>
      tradeRecord(toid(ledger, 999, 1), order, OTHER, ACCOUNT, amounts, false, ['USD', ISSUER]);
    const trades = [fill(11, 0, ['6.0000000', '2.0000000']), fill(11, 1, ['3.0000000', '1.0000000'])];
    const later = fill(40, 0, ['99.0000000', '33.0000000']);
    const bump = transactionRecord(toid(12, 998, 0), 'ab'.repeat(32), OTHER, ACCOUNT, '400');
    standIn = await new StandinHorizon({
      account: ACCOUNT,
      counterparties: [OTHER],
      operations: 30,
      elderLedger: 10,
      sides: { trades: [...trades, later], transactions: [bump] },
    }).start();
    const app = startCore(standIn.url);
    cores.push(app);
    expect(await syncToCurrent(app)).toMatchObject({ state: 'current', records: 32 });
    const page = await app.call<HistoryPage>('history:query', {
      account: ACCOUNT,
      filter: { types: ['trade', 'transaction_fee'] },
      sort: 'time',
      limit: 10,
    });
    expect(page.rows.map((r) => [r.type, r.id, r.counterparty, r.feePaid])).toEqual([
      ['trade', String(toid(11, 999, 1)), OTHER, null],
      ['transaction_fee', String(toid(12, 998, 0)), OTHER, '400'],
    ]);
    const { rows } = await app.call<{ rows: TotalsRow[] }>('history:totals', {
      account: ACCOUNT,
      filter: { types: ['trade', 'transaction_fee'] },
      by: 'asset',
    });
    const byAsset = Object.fromEntries(rows.map((r) => [r.asset, r]));
    expect(byAsset['native']).toMatchObject({ in: '9', out: '0', fees: '0.00004' });
    expect(byAsset[USD]).toMatchObject({ in: '0', out: '3' });
    // A sync of the current account: each side listing once, from its own token.
    const before = standIn.requests.length;
    await syncToCurrent(app);
    const sides = standIn.requests.slice(before).filter((r) => /\/(transactions|trades)$/.test(r.path));
    expect(sides.map((r) => [r.path.split('/').pop(), r.query.get('cursor')])).toEqual([
      ['transactions', String(toid(12, 998, 0))],
      ['trades', `${toid(11, 999, 1)}-1`],
    ]);
  });
});

describe('the walks beside the operations while a sync follows (issue 36)', () => {
  it('read on every round: a fill by another and a fee bump after the sync became current are indexed without a new sync', async () => {
    const trades: Record<string, unknown>[] = [];
    const transactions: Record<string, unknown>[] = [];
    standIn = await new StandinHorizon({
      account: ACCOUNT,
      counterparties: [OTHER],
      operations: 30,
      elderLedger: 10,
      sides: { trades, transactions },
    }).start();
    const app = startCore(standIn.url, { historySidesEveryMs: 200 });
    cores.push(app);
    await app.call('history:sync', { account: ACCOUNT, follow: true });
    await waitFor('the sync to be current', () =>
      app.events.some((e) => (e.payload as HistoryProgress).state === 'current'),
    );
    // After the sync is current: a new ledger (the stream delivers its payment), in which another
    // account fills the account's offer and bumps a fee the account pays. Neither is an operation
    // of the account: only the side walks read them.
    const payment = standIn.addPayment();
    const ledger = payment.ledger;
    trades.push(
      tradeRecord(toid(ledger, 999, 1), 0, OTHER, ACCOUNT, ['6.0000000', '2.0000000'], false, ['USD', ISSUER]),
    );
    transactions.push(transactionRecord(toid(ledger, 998, 0), 'cd'.repeat(32), OTHER, ACCOUNT, '700'));
    const sideRows = async () =>
      (
        await app.call<HistoryPage>('history:query', {
          account: ACCOUNT,
          filter: { types: ['trade', 'transaction_fee'] },
          sort: 'time',
          limit: 10,
        })
      ).rows.map((r) => [r.type, r.id, r.feePaid]);
    expect(
      await waitFor('the fill and the fee bump in the index', async () => {
        const rows = await sideRows();
        return rows.length === 2 ? rows : undefined;
      }),
    ).toEqual([
      ['transaction_fee', String(toid(ledger, 998, 0)), '700'],
      ['trade', String(toid(ledger, 999, 1)), null],
    ]);
    // Rounds go on; a record met twice (the stream's payment, the walk's page) is written once.
    const before = standIn.requests.length;
    await waitFor('two more rounds', () =>
      standIn!.requests.slice(before).filter((r) => r.path.endsWith('/trades')).length >= 2 ? true : undefined,
    );
    expect(await sideRows()).toHaveLength(2);
    const progress = app.events.map((e) => e.payload as HistoryProgress).filter((p) => p.account === ACCOUNT);
    expect(progress.at(-1)).toMatchObject({ state: 'current', records: 33 });
  });
});

describe('syncs of one account at once (issue 37.2)', () => {
  it('two and three command-line syncs at once give exactly the totals of one, fills across pages', async () => {
    // Operations of another account, each filling the account's offer 130 times: 4,000 trades
    // over 21 pages of 200, so fills of one operation cross pages.
    const trades = Array.from({ length: 4000 }, (_, i) =>
      tradeRecord(toid(11, 900 + Math.floor(i / 130), 1), i % 130, OTHER, ACCOUNT, ['3.0000000', '1.0000000'], false, [
        'USD',
        ISSUER,
      ]),
    );
    standIn = await new StandinHorizon({
      account: ACCOUNT,
      counterparties: [OTHER],
      operations: 30,
      elderLedger: 10,
      sides: { trades },
    }).start();
    const syncAll = async (count: number) => {
      const userData = mkdtempSync(join(tmpdir(), 'ls-sides-'));
      dirs.push(userData);
      const runs = await Promise.all(
        Array.from({ length: count }, () => runCli(['sync', ACCOUNT, '--network', standIn!.url], userData)),
      );
      for (const run of runs) expect(run, run.err).toMatchObject({ code: 0 });
      const totals = await runCli(
        ['totals', ACCOUNT, '--by', 'asset', '--type', 'trade', '--format', 'ndjson', '--network', standIn!.url],
        userData,
      );
      expect(totals.code, totals.err).toBe(0);
      return totals.out;
    };
    const one = await syncAll(1);
    // 4,000 fills of 3 XLM in and 1 USD out: 12,000 XLM and 4,000 USD.
    expect(one).toContain('"in":"12000"');
    expect(one).toContain('"out":"4000"');
    expect(await syncAll(2)).toBe(one);
    expect(await syncAll(3)).toBe(one);
  });
});
