// The history index reads what a row moved as every view does (shared/moves.ts): for a record of
// each operation type, from each of its parties (and a stranger), successful and failed, the row's
// direction, asset, amount and counterparty are movesOf's (test/renderer/moved-cells.test.tsx: and
// the Amount cell shows them). A file of version 8 is migrated by reading its rows again.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractRow } from '../../core/history-index/worker-thread/extract';
import { openIndex, SCHEMA_VERSION } from '../../core/history-index/worker-thread/schema';
import { IndexWriter } from '../../core/history-index/worker-thread/store';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { parseJsonFast } from '../../core/http/json-fast';
import { parseAmount } from '../../shared/amount';
import type { Operation } from '../../shared/model';
import { movedAssetKey, movesOf } from '../../shared/moves';

const DIR = new URL('../fixtures/horizon/operations/', import.meta.url);
const NAMES = readdirSync(DIR).map((file) => file.replace(/\.json$/, ''));
const STRANGER = 'GAWRR7NJKNFLUGBZTXD7HZNSN73TVUYKO4STMAK2J6KAN3PBHM2WBQ7S';

function record(name: string, failed: boolean): string {
  const text = readFileSync(new URL(`${name}.json`, DIR), 'utf8');
  return failed ? text.replace('"transaction_successful": true', '"transaction_successful": false') : text;
}

/** Every account an operation names: its source and each party of its transfers. */
function viewers(op: Operation): string[] {
  const moves = [...movesOf(op).legs, ...(movesOf(op).attempted ?? [])];
  const parties = moves.map((leg) => leg.counterparty).filter((id): id is string => !!id && /^G/.test(id));
  return [...new Set([op.sourceAccount, ...parties, STRANGER])];
}

const cases = NAMES.flatMap((name) =>
  [false, true].flatMap((failed) => {
    const op = normalizeOperation(parseJsonFast(record(name, failed)));
    return viewers(op).map(
      (viewer) => [`${name}${failed ? ' (failed)' : ''} from ${viewer.slice(0, 6)}`, name, failed, viewer] as const,
    );
  }),
);

describe('the index row and movesOf agree', () => {
  it('covers every fixture type, with value moving both ways somewhere', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(28);
    const words = new Set(
      cases.map(([, name, failed, viewer]) => extractRow(parseJsonFast(record(name, failed)), viewer).direction),
    );
    // One word for value out and in, the explorer's and the index's alike: 'both'.
    expect([...words].sort()).toEqual(['both', 'in', 'none', 'out']);
  });

  it.each(cases)('%s', (_title, name, failed, viewer) => {
    const text = record(name, failed);
    const op = normalizeOperation(parseJsonFast(text));
    const row = extractRow(parseJsonFast(text), viewer);
    const moves = movesOf(op, viewer);
    expect(row.direction).toBe(moves.direction);
    const legs = moves.legs.length ? moves.legs : (moves.attempted ?? []);
    const main = legs.find((leg) => leg.side === 'in') ?? legs.find((leg) => leg.side === 'out');
    expect(row.asset).toBe(main ? movedAssetKey(main.asset) : null);
    expect(row.amount).toBe(main?.amount === undefined ? null : parseAmount(main.amount));
    expect(row.counterparty).toBe(main?.counterparty ?? null);
    if (failed) expect(row.direction).toBe('none');
  });
});

describe('a file of version 8', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-rederive-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const ALICE = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
  const pageText = readFileSync(new URL('../fixtures/horizon/pages/account-operations.json', import.meta.url), 'utf8');
  const snapshot = (db: ReturnType<typeof openIndex>) => ({
    ops: db.prepare('SELECT type, direction, asset, amount, source_asset, counterparty FROM ops ORDER BY id').all(),
    days: db.prepare('SELECT * FROM roll_day ORDER BY acct, day, asset').all(),
    parties: db.prepare('SELECT * FROM roll_party ORDER BY acct, party, asset').all(),
  });

  it('is migrated by reading every row again from its stored page, and summing the totals again', () => {
    const path = join(dir, 'v8.sqlite');
    let db = openIndex(path);
    const writer = new IndexWriter(db);
    writer.ingestPageBytes(ALICE, new TextEncoder().encode(pageText));
    writer.commit();
    const fresh = snapshot(db);
    // The pool deposit moved value both ways for its depositor: version 9 reads it, 8 did not.
    expect(fresh.ops).toContainEqual(expect.objectContaining({ type: 'liquidity_pool_deposit', direction: 'both' }));
    // What version 8 held: no amount for a pool deposit, no totals of it.
    db.exec(
      "UPDATE ops SET direction = 'none', asset = NULL, amount = NULL, source_asset = NULL, source_amount = NULL, counterparty = NULL WHERE type = 'liquidity_pool_deposit'; DELETE FROM roll_day; DELETE FROM roll_party; PRAGMA user_version = 8;",
    );
    db.close();
    db = openIndex(path);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    expect(snapshot(db)).toEqual(fresh);
    db.close();
  });

  it("of version 11 reads its 'self' rows as 'both', the one word of every view", () => {
    const path = join(dir, 'v11.sqlite');
    let db = openIndex(path);
    const writer = new IndexWriter(db);
    writer.ingestPageBytes(ALICE, new TextEncoder().encode(pageText));
    writer.commit();
    const fresh = snapshot(db);
    db.exec("UPDATE ops SET direction = 'self' WHERE direction = 'both'; PRAGMA user_version = 11;");
    db.close();
    db = openIndex(path);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    expect(db.prepare("SELECT count(*) AS n FROM ops WHERE direction = 'self'").get()).toEqual({ n: 0 });
    expect(snapshot(db)).toEqual(fresh);
    db.close();
  });
});
