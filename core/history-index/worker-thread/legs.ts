// What a new row adds beyond its columns (issue #27): its further legs (the `legs` table: a pool
// deposit's second reserve, a contract call's further balance changes), the fee of its
// transaction when the indexed account paid it, and every leg and fee summed into the day and
// counterparty totals (roll-up.ts). A transaction's fee is charged once: to the first row of that
// transaction the index holds for the account (the lowest operation id), only where the record's
// `fee_account` (the fee-bump source where there is one, else the transaction's source) is the
// account. A walk ingests in id order, so the first row of a transaction is written first; a
// transaction's rows are found by its hash within the operation ids of its ledger and order
// (an operation id is a TOID: ledger, transaction order, operation index in the low 12 bits).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ExtraLeg, IndexRow } from './extract';
import { legsOf, type RollUps } from './roll-up';

type Intern = (table: 'assets' | 'parties', text: string | null) => number | null;

/** The operation index's bits of a TOID: the ids of one transaction's operations share the rest. */
const OP_INDEX_MASK = 0xfffn;

export class LegWriter {
  private readonly earlier: StatementSync;
  private readonly insertLeg: StatementSync;
  private readonly addLeg: StatementSync;

  constructor(
    db: DatabaseSync,
    private readonly intern: Intern,
    private readonly rollUps: RollUps,
  ) {
    this.earlier = db.prepare('SELECT 1 FROM ops WHERE acct = ? AND id >= ? AND id < ? AND tx_hash = ? LIMIT 1');
    this.insertLeg = db.prepare(
      'INSERT OR REPLACE INTO legs (acct, op, n, incoming, asset, amount, party) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.addLeg = db.prepare(
      'INSERT OR IGNORE INTO legs (acct, op, n, incoming, asset, amount, party) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
  }

  /**
   * The fee each of `rows` (new rows of `address`, in id order, not yet written) carries: its
   * transaction's fee on the first of the transaction's rows, where the account paid it; null on
   * every other row.
   */
  feesOf(acct: number, address: string, rows: IndexRow[]): (bigint | null)[] {
    const charged = new Set<string>();
    return rows.map((row) => {
      if (row.feeAccount !== address || row.fee === null || charged.has(row.txHash)) return null;
      charged.add(row.txHash);
      const first = row.id & ~OP_INDEX_MASK;
      return this.earlier.get(acct, first, row.id, row.txHash) ? null : row.fee;
    });
  }

  /** A new row's further legs written, and its legs and fee added to the pending totals. */
  write(acct: number, row: IndexRow, feePaid: bigint | null): void {
    const native = () => this.intern('assets', 'native')!;
    row.extra.forEach((leg, place) => {
      const party = this.intern('parties', leg.party);
      this.insertLeg.run(
        acct,
        row.id,
        leg.n ?? place,
        leg.incoming ? 1 : 0,
        this.intern('assets', leg.asset),
        leg.amount,
        party,
      );
    });
    for (const [asset, amount, incoming, party] of legsOf(row))
      this.rollUps.add(
        acct,
        row.createdAt,
        this.intern('parties', party) ?? 0,
        this.intern('assets', asset)!,
        amount,
        incoming,
      );
    if (feePaid !== null) this.rollUps.addFee(acct, row.createdAt, native(), feePaid);
    else if (row.feeAccount === null) this.rollUps.addFee(acct, row.createdAt, native(), null);
  }

  /**
   * A leg added to a row the index already holds (a fill of the account's offers, read from its
   * trades: side-writer.ts), under its own number `n`, and to the pending totals; a leg already
   * there under that number is not added again. True when it was added.
   */
  append(acct: number, op: bigint, createdAt: number, n: number, leg: ExtraLeg): boolean {
    const party = this.intern('parties', leg.party);
    const asset = this.intern('assets', leg.asset)!;
    const added = this.addLeg.run(acct, op, n, leg.incoming ? 1 : 0, asset, leg.amount, party).changes > 0;
    if (added) this.rollUps.add(acct, createdAt, party ?? 0, asset, leg.amount, leg.incoming);
    return added;
  }
}
