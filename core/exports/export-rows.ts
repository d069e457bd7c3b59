// The rows of a listing export: the app's one column set (shared/export-columns.ts) or the
// accounting layout (shared/accounting.ts), read from each record by shared/moves.ts movesOf, or
// one NDJSON line of the normalised record. A listing is read once, in its order, so the writer
// keeps what one transaction needs: whether its fee was written already.
import { AccountingWriter, CurrencyNames } from '../../shared/accounting';
import { parseAmount } from '../../shared/amount';
import { columnRows, isoTime, orderLegs, type ExportLeg, type ExportOp } from '../../shared/export-columns';
import type { ListingTarget } from '../../shared/ipc';
import type { Operation } from '../../shared/model';
import { movedAssetKey, movesOf } from '../../shared/moves';
import { operationSummary, type NameOf } from '../../shared/operation-summary';

export { EXPORT_COLUMNS } from '../../shared/export-columns';
export { ACCOUNTING_COLUMNS } from '../../shared/accounting';

export function ndjsonRow(record: Operation): string {
  return `${JSON.stringify(record)}\n`;
}

/** The account a listing is read from: a payments listing's or an account's operations'; none for a ledger's or a transaction's. */
export function listingViewer(target: ListingTarget): string | undefined {
  if (target.kind === 'payments') return target.account;
  return target.scope === 'account' ? target.id : undefined;
}

function stroops(amount: string | undefined): bigint | null {
  if (amount === undefined) return null;
  try {
    return parseAmount(amount);
  } catch {
    return null;
  }
}

/**
 * Live records to ExportOp, from `viewer`'s side (without one, each operation's source account's).
 * The fee is the joined transaction's `fee_charged`, on the first of its operations met, where its
 * fee account (the fee-bump source where there is one, else the transaction's source) is the
 * viewer; without a viewer, the transaction's fee whoever paid it. A record without its joined
 * transaction carries no fee (and no memo).
 */
export class LiveOps {
  private lastHash: string | null = null;

  constructor(private readonly viewer?: string) {}

  of(record: Operation): ExportOp {
    const moves = movesOf(record, this.viewer ?? record.sourceAccount);
    const legs: ExportLeg[] = orderLegs(
      moves.legs.map((leg) => ({
        side: leg.side,
        asset: movedAssetKey(leg.asset),
        amount: stroops(leg.amount),
        counterparty: leg.counterparty ?? null,
      })),
    );
    const tx = record.transaction;
    let feePaid: bigint | null = null;
    if (tx && record.transactionHash !== this.lastHash) {
      const payer = tx.feeAccount ?? tx.sourceAccount;
      if (this.viewer === undefined || payer === this.viewer) feePaid = BigInt(tx.feeCharged);
    }
    this.lastHash = record.transactionHash;
    return {
      time: isoTime(record.createdAt),
      type: record.type === 'other' ? record.typeName : record.type,
      txHash: record.transactionHash,
      opId: record.id,
      memo: tx?.memo ?? null,
      successful: record.successful,
      counterparty: moves.counterparty ?? moves.attempted?.find((leg) => leg.counterparty)?.counterparty ?? null,
      legs,
      feePaid,
      // What it did where it moved nothing, as the index's export says it (no names: the sentence the index keeps).
      ...(legs.length === 0 ? { summary: operationSummary(record) } : {}),
    };
  }
}

/** A CSV writer of live records in one of the two layouts: call `rows` per record, then `end`. */
export class LiveCsv {
  private readonly ops: LiveOps;
  private readonly accounting: AccountingWriter | null;

  constructor(
    format: 'csv' | 'accounting',
    viewer: string | undefined,
    private readonly nameOf?: NameOf,
  ) {
    this.ops = new LiveOps(viewer);
    this.accounting = format === 'accounting' ? new AccountingWriter(new CurrencyNames(), nameOf) : null;
  }

  rows(record: Operation): string {
    const op = this.ops.of(record);
    return this.accounting ? this.accounting.add(op) : columnRows(op, this.nameOf);
  }

  end(): string {
    return this.accounting?.end() ?? '';
  }
}
