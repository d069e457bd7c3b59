// A ledger's header and LedgerCloseMeta (v2, as protocol 23's core emits it), assembled from what
// the store keeps of the ledger: its row, and each transaction's envelope, result, fee changes and
// TransactionMetaV4 in application order, written as bytes by validator/close-meta.ts (the same
// writer the core keeps each ledger's compressed close meta with), for a range of ledgers read with
// two statements. The RPC's getLedgers and getLatestLedger read it (ledgerXdr), and the lake
// writer for a ledger the core kept no compressed close meta of (a store written before it did).
// test/unit/lake-writer.test.ts holds every ledger of a generated store byte for byte to the header
// and the close meta built with @stellar/stellar-base objects, and decodes each.
import type { StatementSync } from 'node:sqlite';
import { xdr } from '@stellar/stellar-base';
import { assembleCloseMeta, type CloseMetaPiece, type LedgerBytes } from '../validator/close-meta';
import type { Store } from '../service/queries';

export { MAX_TX_SET_SIZE, PROTOCOL_VERSION, type LedgerBytes } from '../validator/close-meta';

export interface LedgerXdr {
  header: xdr.LedgerHeader;
  /** Its LedgerCloseMeta's XDR; undefined: a transaction of the ledger has no recorded meta (a store written before the core recorded it). */
  closeMeta: Buffer | undefined;
}

interface Statements {
  ledgers: StatementSync;
  transactions: StatementSync;
}
const statements = new WeakMap<Store, Statements>();

function statementsOf(store: Store): Statements {
  let found = statements.get(store);
  if (!found) {
    const ledgers = store.db.prepare(`SELECT sequence, hash, prev_hash, closed_at, fee_pool, base_fee, base_reserve,
      operation_count FROM ledgers WHERE sequence >= ? AND sequence <= ? ORDER BY sequence`);
    // Transaction ids are TOIDs: ledger << 32 | order << 12.
    const transactions = store.db.prepare(`SELECT t.id, t.hash, t.envelope_xdr, t.result_xdr, m.fee_meta, m.result_meta
      FROM transactions t LEFT JOIN transaction_meta m ON m.transaction_id = t.id
      WHERE t.id >= ? AND t.id < ? ORDER BY t.id`);
    for (const statement of [ledgers, transactions]) {
      statement.setReturnArrays(true);
      statement.setReadBigInts(true);
    }
    found = { ledgers, transactions };
    statements.set(store, found);
  }
  return found;
}

type LedgerRow = [bigint, string, string, string, bigint, bigint, bigint, bigint];
type TransactionRow = [bigint, string, string, string, Uint8Array | null, Uint8Array | null];

/**
 * Operations read at once, at most, unless one ledger holds more: a ledger of 1,000 transactions
 * of 100 operations each holds tens of MB of meta, and a read of several such is not held at once.
 */
export const OPERATIONS_A_READ = 5_000;

/**
 * The ledgers from `first` towards `last` the store holds, in order, as bytes (a ledger not in the
 * store is left out): as many as hold at most `maxOperations` operations together, and always the
 * first, so a caller reads on from the last one given.
 */
export function ledgerBytes(
  store: Store,
  first: number,
  last: number,
  maxOperations = OPERATIONS_A_READ,
): LedgerBytes[] {
  const { ledgers, transactions } = statementsOf(store);
  const all = ledgers.all(first, last) as unknown as LedgerRow[];
  let operations = 0;
  let taken = 0;
  while (taken < all.length) {
    operations += Number(all[taken]![7]);
    if (taken > 0 && operations > maxOperations) break;
    taken++;
  }
  const rows = all.slice(0, taken);
  if (rows.length === 0) return [];
  const through = Number(rows.at(-1)![0]);
  const txs = transactions.all(BigInt(first) << 32n, BigInt(through + 1) << 32n) as unknown as TransactionRow[];
  const out: LedgerBytes[] = [];
  let at = 0;
  for (const ledger of rows) {
    const sequence = Number(ledger[0]);
    const pieces: CloseMetaPiece[] = [];
    while (at < txs.length && Number(txs[at]![0] >> 32n) <= sequence) {
      const tx = txs[at++]!;
      if (Number(tx[0] >> 32n) < sequence) continue; // a transaction of a ledger not stored: none in a sound store
      pieces.push({
        hash: Buffer.from(tx[1], 'hex'),
        envelope: Buffer.from(tx[2], 'base64'),
        result: Buffer.from(tx[3], 'base64'),
        feeMeta: tx[4],
        resultMeta: tx[5],
      });
    }
    out.push(
      assembleCloseMeta(
        {
          sequence,
          hash: ledger[1],
          prevHash: ledger[2],
          closedAt: ledger[3],
          feePool: ledger[4],
          baseFee: ledger[5],
          baseReserve: ledger[6],
        },
        pieces,
      ),
    );
  }
  return out;
}

/** The ledger's header as a stellar-base object and its LedgerCloseMeta's XDR; undefined: no such ledger. */
export function ledgerXdr(store: Store, sequence: number): LedgerXdr | undefined {
  const [built] = ledgerBytes(store, sequence, sequence);
  if (!built) return undefined;
  return { header: xdr.LedgerHeader.fromXDR(built.header), closeMeta: built.closeMeta };
}
