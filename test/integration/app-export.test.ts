// Export of 10,000 rows under a low rate limit: every row exactly once, in order, with progress
// events and 429s waited out; NDJSON, cancel, and hostile arguments.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../shared/csv-cell';
import { EXPORT_COLUMNS } from '../../core/exports/export';
import { Operation, type ExportProgress } from '../../shared/model';
import { startCore, startSyntheticService, type CoreFixture, type ServiceFixture } from './app-support';
import { waitFor } from '../support/wait';

let service: ServiceFixture;
let app: CoreFixture;

beforeAll(async () => {
  // 10,000 payments of account 0 (every 9th failed); 15 requests per second for this client.
  service = await startSyntheticService(
    { ledgers: 100, perLedger: 100, failEvery: 9 },
    { loopbackRateLimit: 15, rateLimitWindowMs: 1000 },
  );
  app = startCore(service.url);
});

afterAll(async () => {
  await app?.close();
  await service?.close();
});

function paymentIds(includeFailed: boolean): string[] {
  const rows = service.store.db
    .prepare(
      `SELECT operation_id FROM operation_scopes WHERE scope = 'payment' AND key = ? ${includeFailed ? '' : 'AND successful = 1'} ORDER BY operation_id`,
    )
    .all(service.accounts[0]!) as { operation_id: bigint | number }[];
  return rows.map((row) => String(row.operation_id));
}

function progressOf(exportId: string): ExportProgress[] {
  return app.events
    .filter((e) => e.channel === 'export:progress')
    .map((e) => e.payload as ExportProgress)
    .filter((p) => p.exportId === exportId);
}

describe('export:start', () => {
  it('writes 10,000 rows to CSV exactly once each despite 429s', async () => {
    const started = await app.call<ExportProgress>('export:start', {
      target: { kind: 'payments', account: service.accounts[0] },
      query: { order: 'asc', includeFailed: true, includeTransactions: false },
      format: 'csv',
      fileName: 'all-payments.csv',
    });
    expect(started).toMatchObject({ state: 'running', rows: 0 });
    // Written under a temporary name, named only when whole (core/exports/whole-file.ts).
    expect(basename(started.path)).toMatch(/^\.all-payments\.csv\.[0-9a-f]{8}\.part$/);
    const done = await app.core.exports.wait(started.exportId);
    expect(done).toMatchObject({ state: 'done', rows: 10_000 });
    expect(basename(done.path)).toBe('all-payments.csv');
    expect(existsSync(started.path)).toBe(false);
    const lines = readFileSync(done.path, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(EXPORT_COLUMNS.join(','));
    // One row per leg: a payment has one (a failed one none, so one row too).
    const ids = lines.slice(1).map((line) => line.split(',')[EXPORT_COLUMNS.indexOf('operation_id')]!);
    expect(ids).toEqual(paymentIds(true));
    const progress = progressOf(started.exportId);
    expect(progress.some((p) => (p.waitingMs ?? 0) > 0)).toBe(true); // the limit was hit and waited out
    expect(progress.at(-1)).toMatchObject({ state: 'done', rows: 10_000, pages: 51 });
    const counts = progress.map((p) => p.rows);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  });

  it('writes NDJSON of normalised records, descending, successful only', async () => {
    const started = await app.call<ExportProgress>('export:start', {
      target: { kind: 'operations', scope: 'account', id: service.accounts[0] },
      query: { order: 'desc', includeFailed: false, includeTransactions: false, maxRows: 1234 },
      format: 'ndjson',
    });
    const done = await app.core.exports.wait(started.exportId);
    expect(done).toMatchObject({ state: 'done', rows: 1234 });
    const records = readFileSync(done.path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => Operation.parse(JSON.parse(line)));
    expect(records.map((r) => r.id)).toEqual(paymentIds(false).reverse().slice(0, 1234));
    expect(records.every((r) => r.successful && r.direction !== undefined)).toBe(true);
  });

  it('cancels a running export', async () => {
    const started = await app.call<ExportProgress>('export:start', {
      target: { kind: 'payments', account: service.accounts[0] },
      query: { order: 'asc', includeFailed: true, includeTransactions: true },
      format: 'csv',
    });
    await waitFor('a first page', () => progressOf(started.exportId).some((p) => p.rows > 0));
    expect(await app.call('export:cancel', { exportId: started.exportId })).toEqual({ cancelled: true });
    const done = await app.core.exports.wait(started.exportId);
    expect(done.state).toBe('cancelled');
    expect(done.rows).toBeLessThan(10_000);
    expect(await app.call('export:cancel', { exportId: started.exportId })).toEqual({ cancelled: false });
    const listed = await app.call<{ exports: ExportProgress[]; directory: string }>('export:list', {});
    expect(listed.exports.find((e) => e.exportId === started.exportId)?.state).toBe('cancelled');
  });

  it('refuses hostile file names and bad targets without creating a file', async () => {
    const before = readdirSync(app.core.exports.directory).length;
    for (const fileName of ['../escape.csv', '/etc/passwd', 'a\\b.csv', 'x'.repeat(200), '']) {
      const reply = await app.dispatch('export:start', {
        target: { kind: 'payments', account: service.accounts[0] },
        query: { order: 'asc', includeFailed: false, includeTransactions: false },
        format: 'csv',
        fileName,
      });
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    }
    const bad = await app.dispatch('export:start', {
      target: { kind: 'payments', account: 'nope' },
      query: { order: 'asc', includeFailed: false, includeTransactions: false },
      format: 'csv',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(
      await app.dispatch('export:start', { target: { kind: 'everything' }, query: {}, format: 'csv' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(
      await app.dispatch('export:start', {
        target: { kind: 'payments', account: service.accounts[0] },
        query: { order: 'asc', includeFailed: false, includeTransactions: false },
        format: 'xlsx',
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(readdirSync(app.core.exports.directory).length).toBe(before);
    expect(existsSync(`${app.core.exports.directory}/../escape.csv`)).toBe(false);
  });

  it('quotes CSV cells and neutralises spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\n')).toBe('"say ""hi""\n"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});
