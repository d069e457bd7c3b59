// A page of a walk beside the operations (side-records.ts) written into the index: a transaction's
// fee the account paid where the index holds none of the transaction's operations becomes a row
// of its own; the fills of the account's offers become legs of the operation that made them (a
// row of its own when that operation is another account's). A walk reads only what the
// operations walk already covers (`bound`: its token), so whether an operation of the account is
// in the index is known when its transaction or trade is read; the page's last record within the
// bound is the walk's new token, written with the rows in one transaction (store.ts).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { stringifyJson, type JsonValue } from '../../../shared/json';
import { PagingError } from '../../../shared/paging-guard';
import { indexFormat } from '../../sources/index-formats';
import { parseListingFast } from '../../http/json-fast';
import { obj } from '../../http/values';
import { PAGE_LIMIT } from '../walk-cursor';
import type { IndexRow } from './extract';
import type { LegWriter } from './legs';
import type { PageGuardArgs } from './page-guard';
import { datedFill } from './ledger-times';
import { packPageSync, pageOfRecords } from './pages';
import {
  feeRowOf,
  fillLegNumber,
  OP_INDEX_SPAN,
  tradeOf,
  tradeRowOf,
  TRADE_ROW,
  tradeToken,
  transactionToken,
  type SideKind,
  type TradeFill,
} from './side-records';
import { readMeta, type AccountMeta, type IndexWriter, type PageResult } from './store';

/** Where a record stands in its listing: [operation or transaction id, trade order (-1 for a transaction)]. */
type Place = [bigint, number];

/** A cursor's place: a transaction's TOID, a trade's "operation-order", or an id to start after (a walk past pruned history). */
function cursorPlace(cursor: string | undefined): Place | null {
  if (!cursor) return null;
  const match = /^(\d{1,19})(?:-(\d{1,9}))?$/.exec(cursor);
  if (!match) throw new PagingError('backwards', cursor);
  return [BigInt(match[1]!), match[2] === undefined ? -1 : Number(match[2])];
}

const after = (a: Place, b: Place) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

interface Read {
  token: string;
  place: Place;
  record: JsonValue;
}

function placesOf(kind: SideKind, records: JsonValue[]): Read[] {
  return records.map((record) => {
    const r = obj(record) ?? {};
    if (kind === 'transactions') {
      const token = transactionToken(r);
      return { token, place: [BigInt(token), -1], record };
    }
    const { token, opId, order } = tradeToken(r);
    return { token, place: [opId, order], record };
  });
}

export class SideWriter {
  private readonly txRow: StatementSync;
  private readonly opType: StatementSync;
  private readonly setToken: Record<SideKind, StatementSync>;

  constructor(
    private readonly db: DatabaseSync,
    private readonly writer: IndexWriter,
  ) {
    this.txRow = db.prepare('SELECT 1 FROM ops WHERE acct = ? AND id >= ? AND id < ? AND tx_hash = ? LIMIT 1');
    this.opType = db.prepare('SELECT type, paging_token AS token FROM ops WHERE acct = ? AND id = ?');
    const token = (column: string) => db.prepare(`UPDATE accounts SET ${column} = ? WHERE acct = ?`);
    this.setToken = { transactions: token('tx_token'), trades: token('trade_token') };
  }

  /**
   * A side walk's page: its records in order after the walk's cursor (else a PagingError, as the
   * operations walk's guard), those up to `bound` read and written with the token of the last.
   * `count` is the records read: fewer than a page's limit when the bound cut it, which ends the walk.
   */
  ingest(
    address: string,
    kind: SideKind,
    bytes: Uint8Array,
    guard: PageGuardArgs,
    bound: string,
    format = indexFormat(),
  ): PageResult {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    const records = format.records(parseListingFast(text));
    const all = placesOf(kind, records);
    let previous = cursorPlace(guard.cursor);
    for (const read of all) {
      if (previous && !after(read.place, previous)) throw new PagingError('backwards', guard.cursor);
      previous = read.place;
    }
    const limit = BigInt(bound);
    const within = all.filter((read) => read.place[0] <= limit);
    const lastToken = within.at(-1)?.token ?? null;
    // Decided and written in one transaction: whether a fill's operation is held is read under the
    // write lock, so two syncs of the account at once write each fill once (issue 37.2).
    const added = this.writer.transact(address, within.length === PAGE_LIMIT, (meta, legs) => {
      const written = this.write(meta, legs, kind, within);
      if (lastToken !== null) this.setToken[kind].run(lastToken, meta.acct);
      return written;
    });
    return {
      added,
      meta: readMeta(this.db, address)!,
      count: within.length,
      firstToken: within[0]?.token ?? null,
      lastToken,
    };
  }

  /**
   * Records of a side listing, in order, written inside the caller's transaction (`transact`):
   * a walk's page above, or a ledger's transactions and trades read from a lake (ledger-writer.ts),
   * whose operations are written first so that what is held is known. The rows added.
   */
  writeRecords(meta: AccountMeta, legs: LegWriter, kind: SideKind, records: JsonValue[]): number {
    return this.write(meta, legs, kind, placesOf(kind, records));
  }

  private write(meta: AccountMeta, legs: LegWriter, kind: SideKind, within: Read[]): number {
    const { acct, address } = meta;
    const { rows, fills } =
      kind === 'transactions' ? this.feeRows(acct, address, within) : this.trades(acct, address, within);
    const texts = rows.map((row) => stringifyJson(within[row.slot]!.record));
    const slotted = rows.map((row, slot) => ({ ...row, slot }));
    const page = texts.length ? packPageSync(pageOfRecords(texts)) : null;
    this.writer.checkTimes(acct, fills.map(datedFill));
    const written = this.writer.writeRows(meta, slotted, null, page);
    for (const fill of fills) this.appendFill(acct, fill, legs);
    return written;
  }

  /** Fees the account paid for transactions none of whose operations the index holds. */
  private feeRows(acct: number, address: string, reads: Read[]): { rows: IndexRow[]; fills: TradeFill[] } {
    const rows: IndexRow[] = [];
    reads.forEach((read, slot) => {
      const row = feeRowOf(read.record, address, slot);
      if (row && !this.txRow.get(acct, row.id, row.id + OP_INDEX_SPAN, row.txHash)) rows.push(row);
    });
    return { rows, fills: [] };
  }

  /**
   * Fills grouped by the operation that made them: a new row for another account's operation;
   * legs of the account's own operation's row, but for the trades its own path payment took (its
   * row already holds what it sent and received).
   */
  private trades(acct: number, address: string, reads: Read[]): { rows: IndexRow[]; fills: TradeFill[] } {
    const rows: IndexRow[] = [];
    const fills: TradeFill[] = [];
    const byOp = new Map<bigint, { slot: number; fills: TradeFill[] }>();
    reads.forEach((read, slot) => {
      const fill = tradeOf(read.record, address);
      if (!fill) return;
      const held = this.opType.get(acct, fill.opId) as { type: string; token: string } | undefined;
      if (held) {
        // A trade row's columns hold its first fill (the row's token); its own path payment's trades are its row.
        const inColumns = held.type === TRADE_ROW && held.token === fill.token;
        if (!inColumns && !(fill.taker && held.type.startsWith('path_payment'))) fills.push(fill);
        return;
      }
      const group = byOp.get(fill.opId) ?? { slot, fills: [] };
      group.fills.push(fill);
      byOp.set(fill.opId, group);
    });
    for (const group of byOp.values()) rows.push(tradeRowOf(group.fills, group.slot));
    return { rows, fills };
  }

  /** A fill's two legs on the row of the operation that made it, numbered by its place among that operation's trades (once, whoever writes it again). */
  private appendFill(acct: number, fill: TradeFill, legs: LegWriter): void {
    fill.legs.forEach((leg, i) => legs.append(acct, fill.opId, fill.createdAt, fillLegNumber(fill, i), leg));
  }
}
