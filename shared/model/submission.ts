// Submission, inspection and result-code explanations.
import { z } from 'zod';
import { DigitsString } from './base';
import { ResultCodes } from './resources';

export const SUBMISSION_RESULTS = [
  'received',
  'success',
  'already_finished',
  'failed',
  'malformed',
  'connection_failed',
  'timeout',
] as const;
export const SubmissionOutcome = z.object({
  result: z.enum(SUBMISSION_RESULTS),
  hash: z.string(),
  /** Base64 or hex TransactionResult XDR as received, "" when there is none. */
  resultXdr: z.string(),
  transactionCode: z.string().optional(),
  operationCodes: z.array(z.string()).optional(),
  ledger: z.number().int().optional(),
  message: z.string().optional(),
});
export type SubmissionOutcome = z.infer<typeof SubmissionOutcome>;

export const Explanation = z.object({
  code: z.string(),
  /** Where the code applies: the transaction as a whole or one operation (0-based index). */
  scope: z.enum(['transaction', 'operation']),
  operationIndex: z.number().int().nonnegative().optional(),
  title: z.string(),
  explanation: z.string(),
  fix: z.string(),
});
export type Explanation = z.infer<typeof Explanation>;

/** SEP-29 on one operation: its destination requires a memo the transaction lacks, or could not be read. */
export const MemoCheck = z.object({
  status: z.enum(['required', 'could_not_check']),
  account: z.string().max(128),
  message: z.string().max(1000),
});
export type MemoCheck = z.infer<typeof MemoCheck>;

export const InspectedOperation = z.object({
  index: z.number().int().nonnegative(),
  type: z.string(),
  /** The operation's own source, when it overrides the transaction's. */
  source: z.string().optional(),
  /** One line a person can read: "pay 12.5 USD (G…) to G…". */
  summary: z.string(),
  /** Field name to display text. */
  details: z.record(z.string(), z.string()),
  /** SEP-29, where it flags this operation or could not be made for it (core/conventions/memo-required.ts). */
  memoCheck: MemoCheck.optional(),
});
export type InspectedOperation = z.infer<typeof InspectedOperation>;

export const NetworkMatch = z.object({
  networkId: z.string(),
  name: z.string(),
  passphrase: z.string(),
  /** Hash of the (inner) transaction under this network's passphrase, hex. */
  hash: z.string(),
  /** How many of the envelope's signatures verify against a known signer under this hash. */
  verifiedSignatures: z.number().int().nonnegative(),
});
export type NetworkMatch = z.infer<typeof NetworkMatch>;

export const SequenceCheck = z.object({
  status: z.enum(['ok', 'too_low', 'ahead', 'no_account', 'unknown']),
  /** The account's current sequence on the selected network, when it could be read. */
  current: DigitsString.optional(),
  message: z.string(),
});

export const Inspection = z.object({
  envelopeType: z.enum(['v0', 'v1', 'fee_bump']),
  /** The encoding that was detected in the input. */
  encoding: z.enum(['hex', 'base64']),
  /** Canonical base64 of the envelope, for submission. */
  envelopeXdr: z.string(),
  /** Hash under the selected network's passphrase (what the server will call it). */
  hash: z.string(),
  networks: z.array(NetworkMatch),
  /** Ids of the networks whose hash the signatures verify for. */
  signedFor: z.array(z.string()),
  warnings: z.array(z.string()),
  source: z.string(),
  feeSource: z.string().optional(),
  sequence: DigitsString,
  sequenceCheck: SequenceCheck,
  /** Max fee in stroops (the outer fee for a fee-bump). */
  fee: DigitsString,
  innerFee: DigitsString.optional(),
  timeBounds: z.object({ minTime: DigitsString, maxTime: DigitsString }).nullable(),
  memo: z.object({ type: z.enum(['none', 'text', 'id', 'hash', 'return']), value: z.string().optional() }),
  operations: z.array(InspectedOperation),
  signatures: z.array(z.object({ hint: z.string(), signer: z.string().nullable() })),
  /** The envelope as @stellar/stellar-xdr-json's JSON tree. */
  json: z.unknown(),
});
export type Inspection = z.infer<typeof Inspection>;

// SubmissionOutcome above is extended here (fields optional, so existing producers keep working).
export const SubmissionReport = SubmissionOutcome.extend({
  networkId: z.string(),
  /** Plain-language meaning and fix of every code in the result. */
  explanations: z.array(Explanation),
  /** The TransactionResult as a JSON tree, when there is one. */
  resultJson: z.unknown().optional(),
  /** Journal entry recorded for this submission. */
  journalId: z.string(),
  /** true while the core is following a `received` transaction to its ledger (see tx:status). */
  following: z.boolean(),
});
export type SubmissionReport = z.infer<typeof SubmissionReport>;

export const TX_STATES = ['pending', 'success', 'failed', 'not_found', 'timeout', 'error'] as const;
export const TxStatus = z.object({
  hash: z.string(),
  networkId: z.string(),
  state: z.enum(TX_STATES),
  ledger: z.number().int().optional(),
  resultCodes: ResultCodes.optional(),
  explanations: z.array(Explanation).optional(),
  message: z.string().optional(),
  checkedAt: z.string(),
});
export type TxStatus = z.infer<typeof TxStatus>;

export const JournalEntry = z.object({
  id: z.string(),
  hash: z.string(),
  networkId: z.string(),
  submittedAt: z.string(),
  result: z.enum(SUBMISSION_RESULTS),
  /** Final state once known (after following a `received` transaction). */
  finalState: z.enum(TX_STATES).optional(),
  ledger: z.number().int().optional(),
  transactionCode: z.string().optional(),
  operationCodes: z.array(z.string()).optional(),
  message: z.string().optional(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;
