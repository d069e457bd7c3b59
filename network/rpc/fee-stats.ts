// getFeeStats as stellar-rpc computes it (internal/feewindow): the fee charged per operation of
// every transaction in the last 10 ledgers (classic), nearest-rank percentiles, the mode the
// longest run of equal values (the first such run on a tie); Soroban's inclusion fees over 50
// ledgers are empty here, the local core running no contracts. Amounts as decimal strings.
import type { Store } from '../service/queries';
import { ledgerWindow, oneRead, type RpcContext } from './common';

/** stellar-rpc's `--classic-fee-stats-retention-window` and `--soroban-fee-stats-retention-window`. */
export const CLASSIC_FEE_LEDGERS = 10;
export const SOROBAN_FEE_LEDGERS = 50;

const PERCENTILES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99] as const;

export type FeeDistribution = { max: string; min: string; mode: string } & Record<
  `p${(typeof PERCENTILES)[number]}`,
  string
> & { transactionCount: string; ledgerCount: number };

/** The distribution of `fees` over `ledgerCount` ledgers, as stellar-rpc writes it; all zero when there are none. */
export function feeDistribution(fees: bigint[], ledgerCount: number): FeeDistribution {
  const sorted = [...fees].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const zero = sorted.length === 0;
  let mode = sorted[0] ?? 0n;
  let run = 0;
  let longest = 0;
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1]) {
      run++;
      continue;
    }
    if (run > longest) {
      longest = run;
      mode = sorted[i - 1]!;
    }
    run = 0;
  }
  if (run > longest) mode = sorted.at(-1)!;
  const count = BigInt(sorted.length);
  const percentile = (p: number) => (zero ? 0n : sorted[Number((BigInt(p) * count + 99n) / 100n) - 1]!);
  return {
    max: String(sorted.at(-1) ?? 0n),
    min: String(sorted[0] ?? 0n),
    mode: String(mode),
    ...(Object.fromEntries(PERCENTILES.map((p) => [`p${p}`, String(percentile(p))])) as Record<
      `p${(typeof PERCENTILES)[number]}`,
      string
    >),
    transactionCount: String(sorted.length),
    ledgerCount: zero ? 0 : ledgerCount,
  };
}

function classicFees(store: Store, from: number, to: number): bigint[] {
  const rows = store.db
    .prepare('SELECT fee_charged, operation_count FROM transactions WHERE id >= ? AND id < ? ORDER BY id')
    .all(BigInt(from) << 32n, BigInt(to + 1) << 32n) as { fee_charged: bigint; operation_count: bigint }[];
  return rows
    .filter((r) => BigInt(r.operation_count) > 0n)
    .map((r) => BigInt(r.fee_charged) / BigInt(r.operation_count));
}

export function getFeeStats(context: RpcContext) {
  const { store } = context;
  return oneRead(store, () => {
    const window = ledgerWindow(store, context.retentionLedgers);
    const kept = window.latestLedger - window.oldestLedger + 1;
    const classicLedgers = Math.min(CLASSIC_FEE_LEDGERS, kept);
    const fees = classicFees(store, window.latestLedger - classicLedgers + 1, window.latestLedger);
    return {
      sorobanInclusionFee: feeDistribution([], Math.min(SOROBAN_FEE_LEDGERS, kept)),
      inclusionFee: feeDistribution(fees, classicLedgers),
      latestLedger: window.latestLedger,
    };
  });
}
