// The RPC's own index of events, as stellar-rpc keeps its own events table: the CAP-67 events of
// every transaction in the retention window, read once from the TransactionMetaV4 the core
// recorded (the store's transaction_meta.result_meta), one row each, keyed by stellar-rpc's event
// id (the TOID of the event's operation and its index) and with each topic segment's XDR bytes in
// a column, so that getEvents is a range scan of one index per filter instead of a decoding of
// every transaction's meta per request. Kept in its own SQLite file beside the store (the store is
// read-only to the RPC; the core's close path is left as it is), filled incrementally as ledgers
// close and trimmed as the window moves. A store rebuilt under it (another history in the same
// data folder) is noticed by the hash of the last ledger it read, and the index is rebuilt.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { xdr } from '@stellar/stellar-base';
import type { Store } from '../service/queries';

/** stellar-rpc's ids: pre-transaction events have transaction 0, after-all-transactions events the largest. */
export const TX_MAX = 0xf_ffff;
export const OP_MAX = 0xfff;
export const EVENT_MAX = 0xffff_ffff;

/** ledger << 32 | transaction << 12 | operation, as go-stellar-sdk's toid.New. */
export const toid = (ledger: number, tx: number, op: number): bigint =>
  (BigInt(ledger) << 32n) | (BigInt(tx) << 12n) | BigInt(op);

/** stellar-rpc's event id: `%019d-%010d` of the TOID and the event's index. */
export const eventId = (id: bigint, index: number): string =>
  `${id.toString().padStart(19, '0')}-${String(index).padStart(10, '0')}`;

const SCHEMA = `
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS events (
  toid        INTEGER NOT NULL,  -- ledger << 32 | transaction << 12 | operation, as the event id's
  idx         INTEGER NOT NULL,  -- the event id's index
  contract_id BLOB,
  event_type  INTEGER NOT NULL,  -- ContractEventType: 0 system, 1 contract, 2 diagnostic
  topic_count INTEGER NOT NULL,
  topic1 BLOB, topic2 BLOB, topic3 BLOB, topic4 BLOB,  -- each segment's ScVal XDR
  value       BLOB NOT NULL,     -- the data ScVal's XDR
  successful  INTEGER NOT NULL,  -- the transaction's outcome (inSuccessfulContractCall)
  tx_hash     BLOB NOT NULL,
  closed_at   TEXT NOT NULL,     -- the ledger's close time, RFC 3339 UTC
  PRIMARY KEY (toid, idx)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS events_contract ON events (contract_id, toid, idx);
CREATE INDEX IF NOT EXISTS events_topic1 ON events (topic1, toid, idx);
CREATE INDEX IF NOT EXISTS events_topic2 ON events (topic2, toid, idx);
CREATE INDEX IF NOT EXISTS events_topic3 ON events (topic3, toid, idx);
`;

/** One stored event, as a getEvents page reads it. */
export interface EventRow {
  toid: bigint;
  idx: number;
  contract_id: Uint8Array | null;
  event_type: number;
  topic1: Uint8Array | null;
  topic2: Uint8Array | null;
  topic3: Uint8Array | null;
  topic4: Uint8Array | null;
  value: Uint8Array;
  successful: number;
  tx_hash: Uint8Array;
  closed_at: string;
}

/** How long one slice of ingestion may hold the event loop before it yields. */
const SLICE_MS = 25;

export class EventIndex {
  readonly db: DatabaseSync;
  private readonly insert: StatementSync;
  private readonly setState: StatementSync;
  private readonly getState: StatementSync;
  private catching: Promise<number> | undefined;
  private stopping = false;

  /** `path`: a file (kept between runs), or ':memory:'. */
  constructor(
    private readonly store: Store,
    path: string,
  ) {
    this.db = new DatabaseSync(path, { timeout: 5000 });
    this.db.exec(SCHEMA);
    this.insert = this.db.prepare(
      `INSERT OR REPLACE INTO events (toid, idx, contract_id, event_type, topic_count, topic1, topic2, topic3, topic4,
         value, successful, tx_hash, closed_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    );
    this.setState = this.db.prepare('INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)');
    this.getState = this.db.prepare('SELECT value FROM state WHERE key = ?');
  }

  private state(key: string): string | undefined {
    return (this.getState.get(key) as { value: string } | undefined)?.value;
  }

  /** The ledgers the index holds: [first, last]; undefined before it has read any. */
  held(): { first: number; last: number } | undefined {
    const first = this.state('first');
    const last = this.state('last');
    return first === undefined || last === undefined ? undefined : { first: Number(first), last: Number(last) };
  }

  close(): void {
    this.db.close();
  }

  /**
   * Brings the index up to the store's latest ledger, in slices that yield to the event loop,
   * reading only ledgers within the retention window (`retentionLedgers` back from the latest) and
   * dropping those that fell out of it. Calls made while one runs share it. Resolves to the latest
   * ledger the index holds.
   */
  current(retentionLedgers: number): Promise<number> {
    if (!this.catching) {
      const run = async () => {
        for (;;) {
          const { done, last } = this.ingestSlice(retentionLedgers, SLICE_MS);
          if (done || this.stopping) return last;
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      // Cleared once settled (a callback, so never before it is set: a run that ends at once included).
      this.catching = run().finally(() => {
        this.catching = undefined;
      });
    }
    return this.catching;
  }

  /** Stops catching up after the slice in flight (a long first reading included); resolves once it has. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.catching?.catch(() => undefined);
  }

  /**
   * One slice of ingestion: ledgers after the last one held, up to the store's latest, for at
   * most about `budgetMs` (at least one ledger). Synchronous; `done` when the index is current.
   */
  ingestSlice(retentionLedgers: number, budgetMs: number): { done: boolean; last: number } {
    const { store } = this;
    const latest = Number(store.latestLedger());
    const earliest = Number(store.earliestLedger() ?? latest);
    const oldest = Math.max(earliest, latest - retentionLedgers + 1);
    let held = this.held();
    if (held) {
      // Another store under the same index (a history generated again), a window reaching before
      // what was read, or one that has left all of it behind: read the window afresh.
      const hash = store.ledger(BigInt(held.last))?.hash;
      const stale = oldest < held.first || held.last < oldest - 1;
      if (hash === undefined || String(hash) !== this.state('last_hash') || stale) {
        this.reset();
        held = undefined;
      }
    }
    if (latest === 0) return { done: true, last: 0 };
    const from = held ? held.last + 1 : oldest;
    const first = held ? held.first : oldest;
    const started = performance.now();
    let last = held ? held.last : oldest - 1;
    this.db.exec('BEGIN');
    try {
      while (last < latest && (last < from || performance.now() - started < budgetMs)) {
        last += 1;
        this.ingestLedger(last);
      }
      // The window moved: what fell out of it is dropped, as stellar-rpc trims its events.
      const kept = Math.max(first, oldest);
      if (kept > first || !held) this.db.prepare('DELETE FROM events WHERE toid < ?').run(toid(kept, 0, 0));
      this.setState.run('first', String(Math.min(kept, last + 1)));
      this.setState.run('last', String(last));
      this.setState.run('last_hash', String(store.ledger(BigInt(last))?.hash ?? ''));
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    return { done: last >= latest, last };
  }

  private reset(): void {
    this.db.exec("DELETE FROM events; DELETE FROM state WHERE key IN ('first', 'last', 'last_hash');");
  }

  private transactionsOf?: StatementSync;

  /** One ledger's events, as stellar-rpc's InsertEvents orders and numbers them. */
  private ingestLedger(ledger: number): void {
    this.transactionsOf ??= this.store.db.prepare(
      `SELECT t.application_order AS orderInLedger, t.hash, t.successful, m.result_meta, t.created_at
         FROM transactions t JOIN transaction_meta m ON m.transaction_id = t.id
        WHERE t.id >= ? AND t.id < ? ORDER BY t.id`,
    );
    const rows = this.transactionsOf.all(toid(ledger, 0, 0), toid(ledger + 1, 0, 0)) as {
      orderInLedger: bigint | number;
      hash: string;
      successful: bigint | number;
      result_meta: Uint8Array;
      created_at: string;
    }[];
    // Events before all transactions (the fee charged) are numbered across the ledger, under
    // transaction 0; after all transactions under the largest transaction; after one transaction
    // under its largest operation (stellar-rpc's db/event.go).
    let before = 0;
    let after = 0;
    for (const row of rows) {
      const meta = xdr.TransactionMeta.fromXDR(Buffer.from(row.result_meta));
      if (meta.switch() !== 4) continue;
      const v4 = meta.v4();
      const order = Number(row.orderInLedger);
      const tx = { hash: Buffer.from(row.hash, 'hex'), successful: Number(row.successful), closedAt: row.created_at };
      let afterTx = 0;
      for (const event of v4.events()) {
        const stage = event.stage().value;
        if (stage === 0) this.put(toid(ledger, 0, 0), before++, event.event(), tx);
        else if (stage === 2) this.put(toid(ledger, TX_MAX, 0), after++, event.event(), tx);
        else this.put(toid(ledger, order, OP_MAX), afterTx++, event.event(), tx);
      }
      v4.operations().forEach((operation, op) => {
        operation.events().forEach((event, index) => this.put(toid(ledger, order, op), index, event, tx));
      });
    }
  }

  private put(
    id: bigint,
    index: number,
    event: xdr.ContractEvent,
    tx: { hash: Buffer; successful: number; closedAt: string },
  ): void {
    const body = event.body().v0();
    // Four topic columns, as stellar-rpc's table; a CAP-67 event has at most four topics.
    const topics = body.topics().map((topic) => topic.toXDR());
    const contract = event.contractId();
    this.insert.run(
      id,
      index,
      contract ? Buffer.from(contract as unknown as Uint8Array) : null,
      event.type().value,
      topics.length,
      topics[0] ?? null,
      topics[1] ?? null,
      topics[2] ?? null,
      topics[3] ?? null,
      body.data().toXDR(),
      tx.successful,
      tx.hash,
      tx.closedAt,
    );
  }
}
