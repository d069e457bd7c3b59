// Reads every row of an index again from its stored page (a migration's work, schema.ts): what
// it moved (shared/moves.ts, through extract.ts), its further legs, the fee it carries, and the
// day and counterparty totals summed afresh. A row without a stored page (none is written so
// since schema version 5) keeps its columns; its legs are summed from them, and its fee, whose
// payer its columns do not say, is counted as unknown (roll_day.nofee).
import type { DatabaseSync } from 'node:sqlite';
import { extractPage } from './extract';
import { LegWriter } from './legs';
import { unpackPageSync } from './pages';
import { indexRowOf, ROWS_FROM } from './query';
import { RollUps } from './roll-up';

export function rederive(db: DatabaseSync): void {
  db.exec('DELETE FROM roll_day; DELETE FROM roll_party; DELETE FROM legs; UPDATE ops SET fee_paid = NULL;');
  const cache = { assets: new Map<string, number>(), parties: new Map<string, number>() };
  const intern = (table: 'assets' | 'parties', text: string | null): number | null => {
    if (text === null) return null;
    let id = cache[table].get(text);
    if (id === undefined) {
      const column = table === 'assets' ? 'key' : 'address';
      db.prepare(`INSERT OR IGNORE INTO ${table} (${column}) VALUES (?)`).run(text);
      id = Number((db.prepare(`SELECT id FROM ${table} WHERE ${column} = ?`).get(text) as { id: number }).id);
      cache[table].set(text, id);
    }
    return id;
  };
  const rollUps = new RollUps(db);
  const legs = new LegWriter(db, intern, rollUps);
  const update = db.prepare(
    `UPDATE ops SET counterparty = ?, direction = ?, asset = ?, amount = ?, source_asset = ?, source_amount = ?, fee_paid = ?
     WHERE acct = ? AND id = ?`,
  );
  const pages = db.prepare('SELECT id, body FROM pages WHERE acct = ? ORDER BY id');
  const held = db.prepare('SELECT id FROM ops WHERE acct = ? AND page = ?');
  held.setReadBigInts(true);
  const pageless = db.prepare(`${ROWS_FROM} WHERE acct = ? AND page IS NULL`);
  pageless.setReadBigInts(true);
  const accounts = db.prepare('SELECT acct, address FROM accounts').all() as { acct: number; address: string }[];
  for (const { acct, address } of accounts) {
    for (const page of pages.iterate(acct) as Iterable<{ id: number; body: Uint8Array }>) {
      const ids = new Set((held.all(acct, page.id) as { id: bigint }[]).map((r) => r.id));
      const rows = extractPage(unpackPageSync(page.body), address).filter((row) => ids.delete(row.id));
      const fees = legs.feesOf(acct, address, rows);
      rows.forEach((row, i) => {
        const [cp, asset, sourceAsset] = [row.counterparty, row.asset, row.sourceAsset].map((t, k) =>
          intern(k === 0 ? 'parties' : 'assets', t),
        );
        update.run(
          cp ?? null,
          row.direction,
          asset ?? null,
          row.amount,
          sourceAsset ?? null,
          row.sourceAmount,
          fees[i]!,
          acct,
          row.id,
        );
        legs.write(acct, row, fees[i]!);
      });
    }
    for (const r of pageless.all(acct) as Parameters<typeof indexRowOf>[0][]) legs.write(acct, indexRowOf(r), null);
    rollUps.flush();
  }
}
