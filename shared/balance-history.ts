// An asset's balance over time from the history index (issue #27): per day, week or month, what
// came in, went out and was paid in fees, and the balance after it. Exact decimal strings.
import { z } from 'zod';
import { DecimalString } from './model';

export const BALANCE_PERIODS = ['day', 'week', 'month'] as const;
export type BalancePeriod = (typeof BALANCE_PERIODS)[number];

/** An asset of a balance: "native" (or "XLM"), "CODE:ISSUER", or "pool:ID" (a liquidity pool's shares). */
export const BalanceAsset = z
  .string()
  .max(80)
  .regex(
    /^(native|XLM|[A-Za-z0-9]{1,12}:G[A-Z2-7]{55}|pool:[0-9a-f]{64})$/,
    'an asset: native, CODE:ISSUER or pool:ID',
  );

export const BalancePoint = z.object({
  /** The period's first day, YYYY-MM-DD (UTC; weeks start on Monday). */
  period: z.string(),
  in: DecimalString,
  out: DecimalString,
  fees: DecimalString,
  /** The balance at the end of the period. */
  balance: DecimalString,
});
export type BalancePoint = z.infer<typeof BalancePoint>;

export const BalanceHistory = z.object({
  asset: z.string(),
  by: z.enum(BALANCE_PERIODS),
  /**
   * What the line stands on: "creation" (the index holds the account's creation: it starts at
   * zero), or "reported" (it does not: the line is drawn back from the balance the network
   * reports now, so each point is that balance less what moved after it).
   */
  anchor: z.enum(['creation', 'reported']),
  points: z.array(BalancePoint),
});
export type BalanceHistory = z.infer<typeof BalanceHistory>;
