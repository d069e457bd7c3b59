// The submitter's channels: inspecting, submitting and following a transaction, explaining
// result codes, decoding XDR, and the signatures of multi-signature copies; spread into the one
// channel map of shared/ipc.ts.
import { z } from 'zod';
import { ExportFileName } from './file-name';
import { request } from './ipc-values';
import { Explanation, Inspection, JournalEntry, SubmissionReport, TxStatus } from './model';
import { DetachedSignature, ExportFormat, MergeReport, SignatureReport, SignedInput, SignedInputs } from './signatures';

/** Pasted transaction text: hex, base64, a SEP-7 URI or a JSON object holding an envelope. */
const EnvelopeInput = z.string().min(1).max(400_000);
/** A transaction hash, hex. */
const HASH = /^[0-9a-fA-F]{64}$/;

export const submitChannels = {
  // -- transactions ----------------------------------------------------------------------------
  'tx:inspect': request(z.object({ input: EnvelopeInput }).strict(), Inspection),
  /**
   * Posts the envelope; after `received` the core follows the hash (tx:status event/channel).
   * `expectedHash`: the hash the person was shown; an envelope with another hash is refused
   * (`hash_mismatch`) and nothing is sent.
   */
  'tx:submit': request(
    z.object({ input: EnvelopeInput, expectedHash: z.string().regex(HASH).optional() }).strict(),
    SubmissionReport,
  ),
  /** Looks the hash up now on the selected network. */
  'tx:status': request(z.object({ hash: z.string().regex(HASH) }).strict(), TxStatus),
  'tx:journal': request(
    z.object({ limit: z.number().int().min(1).max(1000).default(100) }).strict(),
    z.object({ entries: z.array(JournalEntry) }),
  ),
  /** Plain-language explanation and fix of result codes; no codes = every known code. */
  'tx:explain': request(
    z.object({ codes: z.array(z.string().max(80)).max(200).optional() }).strict(),
    z.object({ explanations: z.array(Explanation) }),
  ),
  /** Any XDR type to its JSON tree (@stellar/stellar-xdr-json); `type` absent = guessed. */
  'xdr:decode': request(
    z
      .object({
        type: z
          .string()
          .max(100)
          .regex(/^[A-Za-z0-9_]+$/)
          .optional(),
        xdr: z.string().min(1).max(400_000),
      })
      .strict(),
    z.object({ type: z.string(), json: z.unknown(), candidates: z.array(z.string()) }),
  ),

  // -- signatures and thresholds (issue #14; core/signatures/) ---------------------
  /** Each envelope's signatures checked, the weight each account needs, and what holds submission back. */
  'signatures:inspect': request(
    z.object({ inputs: SignedInputs }).strict(),
    z.object({ reports: z.array(SignatureReport) }),
  ),
  /** Copies of one transaction (and detached signatures) into one envelope with only the signatures the network uses. */
  'signatures:merge': request(
    z.object({ inputs: SignedInputs, detached: z.array(DetachedSignature).max(20).optional() }).strict(),
    MergeReport,
  ),
  /** An envelope as base64, hex or a SEP-7 URI; with `fileName`, also written to the export directory. */
  'signatures:export': request(
    z
      .object({
        input: SignedInput,
        format: ExportFormat,
        fileName: ExportFileName.optional(),
      })
      .strict(),
    z.object({ text: z.string(), hash: z.string(), path: z.string().optional() }),
  ),
};
