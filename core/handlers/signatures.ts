// Handlers of the signatures domain (issue #14): checking who signed, what each account still
// needs, merging partly signed copies, and exporting the result. Secret keys never reach here:
// the dispatcher refuses them before any handler runs (secrets.ts).
import { mkdirSync } from 'node:fs';
import type { NetworkProfile } from '../../shared/ipc';
import type { Handlers } from '../app/dispatch';
import { CoreError } from '../app/errors';
import { writeFresh } from '../exports/whole-file';
import { sourceLookup } from '../signatures/accounts';
import type { Source } from '../sources/source';
import { analyse, type Analysis, type SignatureContext } from '../signatures/analyse';
import { draftFromInput } from '../signatures/draft';
import { encodeEnvelope } from '../signatures/encode';
import { mergeEnvelopes } from '../signatures/merge';

/** What these handlers use of the app core's context (docs/design.md, issue #11). */
export interface SignaturesContext {
  networks: { list(): NetworkProfile[]; selected(): NetworkProfile };
  source(): Source;
  exports: { directory: string };
}

type SignatureHandlers = Pick<Handlers, 'signatures:inspect' | 'signatures:merge' | 'signatures:export'>;

export function signaturesHandlers(ctx: SignaturesContext): SignatureHandlers {
  const context = (signal: AbortSignal): SignatureContext => ({
    profiles: ctx.networks.list(),
    selected: ctx.networks.selected(),
    lookup: sourceLookup(() => ctx.source(), signal),
  });
  return {
    'signatures:inspect': async function signaturesInspect({ inputs }, { signal }) {
      const shared = context(signal);
      const reports = [];
      // One at a time, each reusing the accounts the ones before read: copies name the same accounts.
      let lookups: Analysis['lookups'] | undefined;
      for (const [i, input] of inputs.entries()) {
        const analysis = await analyse(readDraft(input, i, inputs.length), shared, lookups ? { lookups } : {});
        lookups = analysis.lookups;
        reports.push(analysis.report);
      }
      return { reports };
    },
    'signatures:merge': async function signaturesMerge({ inputs, detached }, { signal }) {
      return mergeEnvelopes(inputs, detached ?? [], context(signal));
    },
    'signatures:export': async function signaturesExport({ input, format, fileName }, { signal }) {
      const { report, detected } = await analyse(draftFromInput(input), context(signal));
      const text = encodeEnvelope(report.envelope, format, detected.profile.passphrase);
      if (!fileName) return { text, hash: report.hash };
      // A fresh name, as every export: a file of that name already there is never overwritten.
      mkdirSync(ctx.exports.directory, { recursive: true });
      const path = writeFresh(ctx.exports.directory, fileName, `${text}\n`);
      return { text, hash: report.hash, path };
    },
  };
}

function readDraft(input: string, index: number, count: number) {
  try {
    return draftFromInput(input);
  } catch (error) {
    if (error instanceof CoreError && count > 1)
      throw new CoreError(error.code, `Envelope ${index + 1}: ${error.message}`);
    throw error;
  }
}
