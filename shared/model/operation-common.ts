// Fields every operation record carries, whatever its type.
import { z } from 'zod';
import { IdString, DigitsString, MAX_ID, TransactionSummary } from './base';

export const common = {
  id: DigitsString,
  pagingToken: z.string().max(MAX_ID),
  sourceAccount: IdString,
  transactionHash: IdString,
  /** false for an operation of a failed transaction. */
  successful: z.boolean(),
  createdAt: z.string(),
  /** Direction relative to the viewed account, when one is viewed: decided by the normaliser only. */
  direction: z.enum(['in', 'out', 'self', 'none']).optional(),
  transaction: TransactionSummary.optional(),
  /** The account that pays the reserve of the entry this operation created (Horizon's `sponsor`). */
  sponsor: IdString.optional(),
  /**
   * Horizon's muxed forms of the record's accounts, by Horizon's field name: `source_account_muxed`,
   * `to_muxed`, `to_muxed_id`, … (an M… address and its 64-bit id as a decimal string).
   */
  muxed: z
    .record(
      z
        .string()
        .max(64)
        .regex(/_muxed(_id)?$/),
      z.string().max(MAX_ID),
    )
    .optional(),
  /**
   * The record exactly as the server wrote it, for the detail view: only `operation:get` carries
   * it; listing and stream rows do not (the drawer asks `operation:get` when a row is opened).
   */
  raw: z.string().optional(),
};
