// Which operation types the history index gives an amount, a direction and a counterparty. Apart
// from shared/history.ts (zod schemas) so the history worker loads no schema library.

/** Operation types that move value from one account to another: they get an asset, an amount, a direction and a counterparty. */
const MOVES_VALUE = new Set([
  'payment',
  'create_account',
  'account_merge',
  'path_payment_strict_send',
  'path_payment_strict_receive',
  'path_payment',
]);

/**
 * The one place that decides which operation types the index gives an amount and a counterparty;
 * extend it here. Wider than shared/model's isPaymentLike (payments only), since a funding and a
 * merge move value too.
 */
export function movesValue(type: string): boolean {
  return MOVES_VALUE.has(type);
}
