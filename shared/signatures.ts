// Signatures and thresholds of an envelope (issue #14): who signed (checked), what each account
// needs, whether the network would take it now, and the merge of several partly signed copies.
// Kept out of model.ts, which is already long; same conventions (ids and amounts as strings).
import { z } from 'zod';

export const SIGNER_TYPES = ['ed25519_public_key', 'preauth_tx', 'sha256_hash'] as const;
export const SignerType = z.enum(SIGNER_TYPES);
export type SignerType = z.infer<typeof SignerType>;

export const ThresholdLevel = z.enum(['low', 'med', 'high']);
export type ThresholdLevel = z.infer<typeof ThresholdLevel>;

/** Which signature list: a plain transaction's (inner), or a fee-bump's own (outer). */
export const SignaturePart = z.enum(['inner', 'outer']);
export type SignaturePart = z.infer<typeof SignaturePart>;

export const CheckedSignature = z.object({
  part: SignaturePart,
  /** Position in its list, 0-based. */
  index: z.number().int().nonnegative(),
  /** The 4-byte hint, hex. */
  hint: z.string(),
  /** The signature bytes (or hash-x preimage), base64. */
  signature: z.string(),
  /** valid: verifies for `signer`; invalid: a known signer's hint, but it does not verify; unknown_signer: no candidate has this hint. */
  status: z.enum(['valid', 'invalid', 'unknown_signer']),
  signer: z.string().optional(),
  signerType: SignerType.optional(),
  /** The weight this signer has on each account it counts for. */
  weights: z.array(z.object({ account: z.string(), weight: z.number().int() })),
  /** A second copy of a signature already counted (the network would answer tx_bad_auth_extra). */
  duplicate: z.boolean(),
});
export type CheckedSignature = z.infer<typeof CheckedSignature>;

export const OperationLevel = z.object({
  index: z.number().int().nonnegative(),
  type: z.string(),
  /** The account that must authorise it (the operation's source, else the transaction's). */
  source: z.string(),
  level: ThresholdLevel,
});
export type OperationLevel = z.infer<typeof OperationLevel>;

export const Requirement = z.object({
  account: z.string(),
  part: SignaturePart,
  level: ThresholdLevel,
  /** What needs it: "transaction", "fee bump", "operation 2 (set_options)". */
  neededBy: z.array(z.string()),
  /** met | short | no_account (the account does not exist) | unknown (it could not be read). */
  status: z.enum(['met', 'short', 'no_account', 'unknown']),
  needed: z.number().int().nonnegative(),
  /** Weight of the valid signatures (and a matching pre-authorised hash) for this account. */
  weight: z.number().int().nonnegative(),
  /** How much weight is still missing (0 when met). */
  short: z.number().int().nonnegative(),
  /** Signers of this account who have not signed yet and whose weight counts. */
  couldSign: z.array(z.object({ key: z.string(), type: SignerType, weight: z.number().int() })),
});
export type Requirement = z.infer<typeof Requirement>;

export const READINESS_CODES = [
  'threshold_short',
  'no_account',
  'accounts_unknown',
  'sequence_used',
  'too_early',
  'too_late',
  'underfunded',
  'wrong_network',
  'extra_signature',
  'too_many_signatures',
] as const;
export const Readiness = z.object({
  ready: z.boolean(),
  /** Why submission is held back; empty when ready. */
  reasons: z.array(z.object({ code: z.enum(READINESS_CODES), message: z.string() })),
});
export type Readiness = z.infer<typeof Readiness>;

export const SignatureReport = z.object({
  envelopeType: z.enum(['v0', 'v1', 'fee_bump']),
  /** Canonical base64 of the envelope this report describes. */
  envelope: z.string(),
  /** Hash under the detected network's passphrase (the outer one for a fee-bump). */
  hash: z.string(),
  innerHash: z.string().optional(),
  /** The network the signatures verify for (null: none verifies; the selected network is assumed). */
  networkId: z.string().nullable(),
  networkName: z.string(),
  signatures: z.array(CheckedSignature),
  operations: z.array(OperationLevel),
  requirements: z.array(Requirement),
  readiness: Readiness,
});
export type SignatureReport = z.infer<typeof SignatureReport>;

export const DroppedSignature = z.object({
  part: SignaturePart,
  hint: z.string(),
  signer: z.string().optional(),
  reason: z.enum(['invalid', 'unknown_signer', 'duplicate', 'not_needed']),
});

export const MergeReport = SignatureReport.extend({
  /** How many envelopes were merged, and how many detached signatures were added. */
  merged: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  /** Signatures left out of the merged envelope, and why. */
  dropped: z.array(DroppedSignature),
});
export type MergeReport = z.infer<typeof MergeReport>;

export const EXPORT_FORMATS = ['base64', 'hex', 'sep7'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormat>;

const STRKEY = /^[A-Z2-7]{56}$/;
export const DetachedSignature = z
  .object({
    publicKey: z.string().regex(STRKEY, 'a G… public key'),
    signature: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
  })
  .strict();
export type DetachedSignature = z.infer<typeof DetachedSignature>;

/** One envelope as pasted or read from a file: 200 kB is far above the largest possible one. */
export const SignedInput = z.string().min(1).max(200_000);
export const SignedInputs = z.array(SignedInput).min(1).max(20);
