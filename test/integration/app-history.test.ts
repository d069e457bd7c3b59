// The history index against the real query service: a sync indexes every operation of the
// account (failed ones too) exactly once; paused, or stopped with the app and started again by
// another app core, it resumes from its stored token with nothing lost or doubled; following the
// stream, it takes in what is written later. The channels refuse malformed input.
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { EXPORT_COLUMNS } from '../../shared/export-columns';
import type { FlowPoint, HistoryPage, HistoryProgress, TotalsRow } from '../../shared/history';
import { coverageText, type IndexCoverage } from '../../shared/index-coverage';
import { startGatedProxy, type GatedProxy } from '../support/gated-proxy';
import { paymentOp, type SyntheticTx } from '../support/service-store';
import { waitFor } from '../support/wait';
import { startCore, startSyntheticService, type CoreFixture, type ServiceFixture } from './app-support';

let service: ServiceFixture | undefined;
const cores: CoreFixture[] = [];

const proxies: GatedProxy[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const proxy of proxies.splice(0)) await proxy.close();
  await service?.close();
  service = undefined;
});

function progress(app: CoreFixture, account: string): HistoryProgress[] {
  return app.events
    .filter((e) => e.channel === 'history:progress')
    .map((e) => e.payload as HistoryProgress)
    .filter((p) => p.account === account);
}

const lastState = (app: CoreFixture, account: string) => progress(app, account).at(-1)?.state;

/** Every operation id of the account as the service lists them (failed included), oldest first. */
async function listedIds(url: string, account: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  for (;;) {
    const response = await fetch(
      `${url}/accounts/${account}/operations?limit=200&order=asc&include_failed=true&cursor=${cursor}`,
    );
    const records = ((await response.json()) as { _embedded: { records: { paging_token: string }[] } })._embedded
      .records;
    ids.push(...records.map((r) => r.paging_token));
    if (records.length < 200) return ids;
    cursor = records.at(-1)!.paging_token;
  }
}

/** The account's token and row ids as the index file holds them on disk. */
function stored(userDataDir: string, account: string): { lastToken: string | null; ids: string[] } {
  const dir = join(userDataDir, 'history');
  const db = new DatabaseSync(
    join(
      dir,
      readdirSync(dir).find((name) => name.endsWith('.sqlite'))!,
    ),
    { readOnly: true },
  );
  try {
    const row = db.prepare('SELECT acct, last_token FROM accounts WHERE address = ?').get(account) as Record<
      string,
      string | number | null
    >;
    const ids = (
      db.prepare('SELECT CAST(id AS TEXT) AS id FROM ops WHERE acct = ? ORDER BY ops.id').all(row['acct']!) as {
        id: string;
      }[]
    ).map((r) => r.id);
    return { lastToken: row['last_token'] as string | null, ids };
  } finally {
    db.close();
  }
}

/** Opens the gate and syncs the account again in another app core on `first`'s data until it is current: the index's row ids. */
async function resumeInAnotherCore(first: CoreFixture, proxy: GatedProxy, account: string): Promise<string[]> {
  proxy.open();
  const second = startCore(proxy.url, {}, first.userDataDir);
  cores.push(second);
  await second.call('history:sync', { account, follow: false });
  await waitFor('the sync to be current', () => lastState(second, account) === 'current');
  return indexedIds(second, account);
}

/** Every row id of the index, oldest first, paged as the UI pages. */
async function indexedIds(app: CoreFixture, account: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await app.call<HistoryPage>('history:query', {
      account,
      sort: 'time',
      limit: 700,
      ...(cursor ? { cursor } : {}),
    });
    ids.push(...page.rows.map((r) => r.id));
    if (!page.next) return ids;
    cursor = page.next;
  }
}

describe('history:sync', () => {
  it('indexes every operation once, failed ones included, and answers the filters', async () => {
    service = await startSyntheticService({ ledgers: 30, perLedger: 40, failEvery: 7 });
    const app = startCore(service.url);
    cores.push(app);
    const account = service.accounts[0]!;
    await app.call('history:sync', { account, follow: false });
    await waitFor('the sync to be current', () => lastState(app, account) === 'current');
    const listed = await listedIds(service.url, account);
    expect(listed.length).toBe(1200);
    expect(await indexedIds(app, account)).toEqual(listed);
    const failed = await app.call<HistoryPage>('history:query', {
      account,
      filter: { status: 'failed' },
      limit: 1,
      summary: true,
    });
    expect(failed.summary?.count).toBe(Math.ceil(1200 / 7));
    const incoming = await app.call<HistoryPage>('history:query', {
      account,
      filter: { direction: 'in', status: 'successful' },
      sort: '-amount',
      limit: 3,
      summary: true,
    });
    // Payment n (0-based) comes in when n is odd, with n + 1 stroops, and fails when 7 divides n:
    // n = 1199 and 1195 come in, 1197 failed.
    expect(incoming.rows.map((r) => r.amount)).toEqual(['0.00012', '0.0001196', '0.0001194']);
    const list = await app.call<{ indexes: { account: string; rows: number; bytes: number }[] }>('history:list', {});
    expect(list.indexes).toEqual([expect.objectContaining({ account, rows: 1200 })]);
    expect(list.indexes[0]!.bytes).toBeGreaterThan(1200 * 100);
    // The types the index holds, with their counts (the workbench's type filter), the index current.
    expect(await app.call('history:types', { account })).toEqual({
      types: [{ type: 'payment', count: 1200 }],
      coverage: expect.objectContaining({ partial: null, records: 1200 }),
    });
  });

  it('resumes after a pause, and in another app core after the first stopped, with nothing lost or doubled', async () => {
    service = await startSyntheticService({ ledgers: 100, perLedger: 50, failEvery: 5 });
    const account = service.accounts[0]!;
    // The pages pass through a gate, so each stop falls mid-sync however fast the sync is.
    const proxy = await startGatedProxy(service.url, (path) => path.includes('/operations'));
    proxies.push(proxy);
    proxy.allow(5);
    const first = startCore(proxy.url);
    await first.call('history:sync', { account, follow: false });
    // Five pages written, the sixth (fetched ahead) held at the gate.
    await waitFor(
      'the sync to wait at the gate',
      async () =>
        proxy.waiting === 1 && (await first.call<HistoryProgress>('history:status', { account })).records === 1000,
    );
    const paused = await first.call<HistoryProgress>('history:pause', { account });
    expect(paused.state).toBe('paused');
    const stored = await first.call<HistoryProgress>('history:status', { account });
    expect([stored.state, stored.records]).toEqual(['paused', 1000]);
    proxy.allow(4);
    expect((await first.call<HistoryProgress>('history:resume', { account })).state).toBe('syncing');
    await waitFor(
      'more pages',
      async () =>
        proxy.waiting === 1 &&
        (await first.call<HistoryProgress>('history:status', { account })).records > stored.records,
    );
    await first.close(); // stops mid-sync, as quitting the app does: the file still says `syncing`
    // #28.2: started again, the app resumes the sync by itself; before it does, and while it runs,
    // what the index answers is labelled partial with its own numbers.
    const second = startCore(proxy.url, {}, first.userDataDir);
    cores.push(second);
    const gap = await second.call<{ rows: TotalsRow[]; coverage: IndexCoverage }>('history:totals', {
      account,
      by: 'asset',
    });
    const held = (await second.call<HistoryProgress>('history:status', { account })).records;
    expect(gap.coverage).toMatchObject({ partial: 'interrupted', records: held });
    expect(gap.coverage.throughLedger).toBeGreaterThan(0);
    expect(coverageText(gap.coverage)).toMatch(
      /^partial: indexed [\d,]+ records through ledger [\d,]+.*; interrupted: resume$/,
    );
    expect(await second.core.resumeSyncs()).toEqual([account]);
    expect(await second.core.resumeSyncs()).toEqual([]); // once
    const resumed = await second.call<HistoryPage>('history:query', { account, limit: 1, summary: true });
    expect(resumed.coverage?.partial).toBe('syncing');
    expect(progress(second, account)[0]?.coverage?.partial).toBe('syncing');
    proxy.open();
    await waitFor('the resumed sync to be current', () => lastState(second, account) === 'current');
    const whole = await second.call<{ points: FlowPoint[]; coverage: IndexCoverage }>('history:flow', {
      account,
      asset: 'native',
    });
    expect(whole.coverage).toMatchObject({ partial: null, records: 5000 });
    const ids = await indexedIds(second, account);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await listedIds(service.url, account));
    expect(ids.length).toBe(5000);
  });

  it('walks a long history in one walk, each page once, and resumes after a stop from a file that holds exactly what precedes its token', async () => {
    service = await startSyntheticService({ ledgers: 150, perLedger: 80, failEvery: 9 });
    const account = service.accounts[0]!;
    const listed = await listedIds(service.url, account);
    expect(listed.length).toBe(12_000);
    const proxy = await startGatedProxy(service.url, (path) => path.includes('/operations'));
    proxies.push(proxy);
    proxy.allow(12);
    const first = startCore(proxy.url);
    await first.call('history:sync', { account, follow: false });
    await waitFor('the sync to wait at the gate', () => proxy.waiting >= 1 && proxy.served === 12);
    // Every page served is written: one walk reads each in turn, the thirteenth asked for early.
    await waitFor(
      'the written pages',
      async () => (await first.call<HistoryProgress>('history:status', { account })).records === 2400,
    );
    expect(proxy.waiting).toBe(1);
    await first.close();
    const onDisk = stored(first.userDataDir, account);
    // The file holds exactly the operations up to the stored token (rows and token commit together).
    expect(onDisk.ids).toEqual(listed.filter((id) => BigInt(id) <= BigInt(onDisk.lastToken!)));
    expect(onDisk.ids).toHaveLength(2400);
    const ids = await resumeInAnotherCore(first, proxy, account);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(listed);
    expect(stored(first.userDataDir, account)).toEqual({ lastToken: listed.at(-1), ids: listed });
    // Resumed from its token: the pages after it, each once (the one waiting at the gate at the stop was never served).
    expect(proxy.served).toBe(12 + Math.ceil((12_000 - 2400 + 1) / 200));
  });

  it('keeps the index current from the stream', async () => {
    service = await startSyntheticService({ ledgers: 3, perLedger: 10 });
    const fixture = service;
    const app = startCore(fixture.url, { streams: { backoffBaseMs: 50, backoffCapMs: 400 } });
    cores.push(app);
    const [a, b] = fixture.accounts as [string, string];
    await app.call('history:sync', { account: a });
    await waitFor('the sync to be current', () => lastState(app, a) === 'current');
    for (let i = 0; i < 5; i++) {
      const txs: SyntheticTx[] = [
        { source: b, successful: true, ops: [paymentOp(b, a, 7n)] },
        { source: a, successful: false, ops: [paymentOp(a, b, 9n)] },
      ];
      fixture.store.appendLedger(fixture.nextLedger++, txs);
    }
    await waitFor(
      'the streamed records',
      async () =>
        (await app.call<HistoryPage>('history:query', { account: a, limit: 1, summary: true })).summary?.count === 40,
    );
    expect(await indexedIds(app, a)).toEqual(await listedIds(fixture.url, a));
    // The failed payments to b moved nothing: they have no direction (shared/moves.ts), and keep whom they tried to pay.
    const tried = await app.call<HistoryPage>('history:query', {
      account: a,
      filter: { counterparty: b, status: 'failed' },
      summary: true,
    });
    expect(tried.summary?.count).toBe(5);
    expect(tried.rows.map((row) => row.direction)).toEqual(Array(5).fill('none'));
  });
});

describe('history analyses through the channels', () => {
  it('exports the filtered set, sums it, and removes the index', async () => {
    service = await startSyntheticService({ ledgers: 10, perLedger: 30, failEvery: 4 });
    const app = startCore(service.url);
    cores.push(app);
    // Payment n goes to or from account 1 + n % 4 and fails when 4 divides n: account 2's all succeed.
    const [account, , second] = service.accounts as [string, string, string];
    await app.call('history:sync', { account, follow: false });
    await waitFor('the sync to be current', () => lastState(app, account) === 'current');
    const filter = { counterparty: second, status: 'successful' };
    const page = await app.call<HistoryPage>('history:query', {
      account,
      filter,
      sort: 'time',
      limit: 1000,
      summary: true,
    });
    const csv = await app.call<{ path: string; rows: number }>('history:export', {
      account,
      filter,
      format: 'csv',
      fileName: 'second.csv',
    });
    expect(page.rows.length).toBe(75);
    expect(csv.rows).toBe(page.rows.length);
    const lines = readFileSync(csv.path, 'utf8').trimEnd().split('\n');
    // Payments: one leg each, so one row each, in time order.
    expect(lines).toHaveLength(page.rows.length + 1);
    expect(lines.slice(1).map((line) => line.split(',')[EXPORT_COLUMNS.indexOf('operation_id')])).toEqual(
      page.rows.map((r) => r.id),
    );
    const ndjson = await app.call<{ path: string; rows: number }>('history:export', {
      account,
      filter,
      format: 'ndjson',
      fileName: 'second.csv',
    });
    expect(ndjson.path).not.toBe(csv.path); // a fresh name, never an overwrite
    // #28.7: a file already there is untouched, and two exports of its name at once get two files.
    const taken = join(app.userDataDir, 'exports', 'taken.csv');
    writeFileSync(taken, 'mine\n');
    const both = await Promise.all(
      [1, 2].map(() =>
        app.call<{ path: string; rows: number }>('history:export', {
          account,
          filter,
          format: 'csv',
          fileName: 'taken.csv',
        }),
      ),
    );
    expect(readFileSync(taken, 'utf8')).toBe('mine\n');
    expect(both.map((b) => basename(b.path)).sort()).toEqual(['taken (2).csv', 'taken (3).csv']);
    for (const b of both) expect(readFileSync(b.path, 'utf8')).toBe(readFileSync(csv.path, 'utf8'));
    const records = readFileSync(ndjson.path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; record: { paging_token: string } });
    // The record is spliced in as the server wrote it (its numeric id would lose digits in JSON.parse).
    expect(records.map((r) => [r.id, r.record.paging_token])).toEqual(page.rows.map((r) => [r.id, r.id]));
    const { rows } = await app.call<{ rows: TotalsRow[] }>('history:totals', {
      account,
      filter: { status: 'successful' },
      by: 'counterparty',
      top: 10,
    });
    // Accounts 2, 3 and 4 (account 1's payments all failed and moved nothing).
    expect(rows.map((r) => r.key).sort()).toEqual(service.accounts.slice(2).sort());
    const mine = rows.find((r) => r.key === second)!;
    expect([mine.in, mine.out, mine.count]).toEqual([page.summary!.totals[0]!.in, page.summary!.totals[0]!.out, 75]);
    const { points } = await app.call<{ points: FlowPoint[] }>('history:flow', { account, asset: 'native' });
    const whole = await app.call<HistoryPage>('history:query', { account, limit: 1, summary: true });
    expect(points.at(-1)?.cumulative).toBe(whole.summary!.totals.find((t) => t.asset === 'native')!.net);
    expect(await app.call('history:remove', { account })).toEqual({ removed: true });
    expect(await app.call('history:list', {})).toEqual(expect.objectContaining({ indexes: [] }));
    expect((await app.dispatch('history:query', { account })).ok).toBe(false);
  });
});

describe('a damaged index (#28.9)', () => {
  /** The network's index file under a user-data directory. */
  const indexPath = (userDataDir: string) => {
    const dir = join(userDataDir, 'history');
    return join(
      dir,
      readdirSync(dir).find((name) => name.endsWith('.sqlite'))!,
    );
  };

  /** A damaged index is said (whose, how to rebuild), refused whole, never synced to current, and rebuilt. */
  async function refusedThenRebuilt(app: CoreFixture, account: string, why: RegExp, whole: string[]): Promise<void> {
    const status = await app.call<HistoryProgress>('history:status', { account });
    expect(status.coverage?.partial).toBe('damaged');
    expect(status.message).toMatch(why);
    expect(status.message).toContain(account);
    expect(status.message).toContain(`ledgerscope sync ${account} --rebuild`);
    for (const [channel, args] of [
      ['history:query', { account, sort: 'time', limit: 1000, includeRaw: true, summary: true }],
      ['history:totals', { account, by: 'asset' }],
      ['history:flow', { account, asset: 'native' }],
      ['history:export', { account, format: 'ndjson' }],
    ] as const) {
      const reply = await app.dispatch(channel, args);
      expect(reply.ok ? 'answered' : reply.error.code).toBe('index_damaged');
      if (!reply.ok) expect(reply.error.message).toContain(account);
    }
    await app.call('history:sync', { account, follow: false });
    const failed = await waitFor('the sync to stop', () => progress(app, account).find((p) => p.state === 'error'));
    expect(failed.message).toMatch(why);
    expect(progress(app, account).some((p) => p.state === 'current')).toBe(false);
    await app.call('history:rebuild', { account });
    await waitFor('the rebuilt index to be current', () => lastState(app, account) === 'current');
    expect(await indexedIds(app, account)).toEqual(whole);
    const totals = await app.call<{ coverage: IndexCoverage }>('history:totals', { account, by: 'asset' });
    expect(totals.coverage.partial).toBeNull();
  }

  it('a flipped byte in a stored page, and a page of the SQLite file overwritten after an unclean stop', async () => {
    service = await startSyntheticService({ ledgers: 10, perLedger: 30, failEvery: 4 });
    const account = service.accounts[0]!;
    const first = startCore(service.url);
    cores.push(first);
    await first.call('history:sync', { account, follow: false });
    await waitFor('the sync to be current', () => lastState(first, account) === 'current');
    const whole = await indexedIds(first, account);
    await first.close();
    const file = indexPath(first.userDataDir);
    const db = new DatabaseSync(file);
    const page = db.prepare('SELECT id, body FROM pages ORDER BY id LIMIT 1').get() as { id: number; body: Uint8Array };
    const flipped = Buffer.from(page.body);
    flipped[flipped.length >> 1]! ^= 0x01;
    db.prepare('UPDATE pages SET body = ? WHERE id = ?').run(flipped, page.id);
    db.close();
    const second = startCore(service.url, {}, first.userDataDir);
    cores.push(second);
    // The rows still answer until a record's own text is read: then the account is marked damaged.
    expect((await second.call<HistoryPage>('history:query', { account, limit: 1 })).rows).toHaveLength(1);
    const read = await second.dispatch('history:query', { account, sort: 'time', limit: 1000, includeRaw: true });
    expect(read.ok ? 'answered' : read.error.message).toContain(`stored page ${page.id} fails its checksum`);
    await refusedThenRebuilt(second, account, /stored page \d+ fails its checksum/, whole);
    await second.close();

    // A stop that was not clean: the marker of a process that is gone stays beside the file.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${file}.open-${gone}-1`, '');
    const pageSize = 4096;
    const pages = Math.floor(statSync(file).size / pageSize);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, Math.floor(pages / 2) * pageSize);
    closeSync(fd);
    const third = startCore(service.url, {}, first.userDataDir);
    cores.push(third);
    await refusedThenRebuilt(third, account, /SQLite's check: /, whole);
    await third.close();
    // Rebuilt and closed cleanly: no marker is left.
    expect(readdirSync(join(first.userDataDir, 'history')).filter((name) => name.includes('.open-'))).toEqual([]);
  });
});

describe('history channels refuse bad input', () => {
  it('answers invalid_arguments or invalid_input, and not_found for an account never synced', async () => {
    service = await startSyntheticService({ ledgers: 1, perLedger: 1 });
    const app = startCore(service.url);
    cores.push(app);
    const account = service.accounts[0]!;
    const refused = async (channel: string, args: unknown) => {
      const reply = await app.dispatch(channel, args);
      return reply.ok ? 'ok' : reply.error.code;
    };
    expect(await refused('history:query', { account, filter: { minAmount: 'abc' } })).toBe('invalid_arguments');
    expect(await refused('history:query', { account, filter: { minAmount: '1.00000001' } })).toBe('invalid_arguments');
    expect(await refused('history:query', { account, filter: { asset: 'USD:GBAD' } })).toBe('invalid_arguments');
    expect(await refused('history:query', { account, filter: { memo: 'x'.repeat(10_000) } })).toBe('invalid_arguments');
    expect(await refused('history:query', { account, cursor: "1:1' OR 1=1" })).toBe('invalid_arguments');
    expect(await refused('history:query', { account, filter: { types: ["payment'); DROP TABLE ops; --"] } })).toBe(
      'invalid_arguments',
    );
    expect(await refused('history:query', { account, filter: { unknown: 1 } })).toBe('invalid_arguments');
    expect(await refused('history:totals', { account, by: 'year' })).toBe('invalid_arguments');
    expect(await refused('history:sync', { account: 'not-an-account' })).toBe('invalid_input');
    expect(await refused('history:query', { account })).toBe('not_found');
    // A well-formed account the network does not know: the sync ends in `error`, saying so.
    const unknown = 'GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7';
    await app.call('history:sync', { account: unknown, follow: false });
    const failed = await waitFor('the sync to fail', () => progress(app, unknown).find((p) => p.state === 'error'));
    expect(failed.message).toMatch(/not found/);
    // Its (empty) index exists now: a query of it is checked, not refused as unknown.
    expect(await refused('history:query', { account: unknown, filter: { minAmount: '5', maxAmount: '1' } })).toBe(
      'invalid_input',
    );
    expect(await refused('history:query', { account: unknown, filter: { minAmount: '1', maxAmount: '5' } })).toBe('ok');
    expect(await refused('history:export', { account, format: 'csv', fileName: '../escape.csv' })).toBe(
      'invalid_arguments',
    );
  });
});
