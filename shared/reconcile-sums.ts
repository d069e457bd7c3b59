// The figures a reconciliation (reconcile.ts) reads from its input: the network's balances as
// amounts, an asset's flows from the index's sums, and what the network reports now of an asset.
// Exact (bigints of stroops); apart from reconcile.ts so that it stays one reading of the lines.
import { AmountError, formatAmount, parseAmount, parseSum } from './amount';
import type { AssetSums, ReconcileInput, ReportedBalance } from './reconcile-input';

/** A balance the network reports: one amount, within int64, else an error that names it. */
export function reportedAmount(balance: ReportedBalance): bigint {
  try {
    return parseAmount(balance.amount, { allowNegative: true });
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    throw new AmountError(`the balance of ${balance.asset} the network reports: ${error.message}`);
  }
}

/** In, out, fees and their net of one asset (zero without sums). */
export const flowsOf = (sums: AssetSums | undefined) => {
  // Sums, not amounts: beyond int64 where the rows add up past it (issue 37.5).
  const [inflow, outflow, fees] = sums ? [sums.in, sums.out, sums.fees].map(parseSum) : [0n, 0n, 0n];
  return { inflow: inflow!, outflow: outflow!, fees: fees!, net: inflow! - outflow! - fees! };
};

/** What the network reports now of an asset (an index read from ledgers): null where it was not asked or does not say. */
export function nowOf(input: ReconcileInput, reported: Map<string, bigint> | null, asset: string): string | null {
  if (reported === null) return input.networkAsked ? '0' : null; // gone, or not asked
  const amount = reported.get(asset);
  return amount === undefined ? (input.someBalances ? null : '0') : formatAmount(amount);
}
