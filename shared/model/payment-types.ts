// Which operations are payments, without the schemas: the renderer's first screen asks it of every
// live record and does not load zod for that (docs/design.md, "The renderer's bundle").

/** Types that move value from one account to another: Horizon lists them under /payments. */
export const PAYMENT_TYPES = ['payment', 'path_payment_strict_receive', 'path_payment_strict_send'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** A payment or a path payment: value from one account to another. */
export function isPaymentLike<T extends { type: string }>(op: T): op is Extract<T, { type: PaymentType }> {
  return (PAYMENT_TYPES as readonly string[]).includes(op.type);
}
