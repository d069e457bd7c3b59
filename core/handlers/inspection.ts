// Reading a transaction without sending it: the inspection of a pasted envelope (checked against
// the selected network's accounts) and the plain-language explanation of result codes.
import type { CoreContext, DomainHandlers } from '../app/context';
import { allExplanations, explainCode } from '../submission/explain';
import { HttpError } from '../http/http';
import { inspectEnvelope } from '../submission/inspect';
import { normalizeAccount } from '../sources/horizon/resources';

export function inspectionHandlers(ctx: CoreContext): DomainHandlers<'tx:inspect' | 'tx:explain'> {
  const { networks } = ctx;
  return {
    'tx:inspect': async function txInspect({ input }, { signal }) {
      const selected = networks.selected();
      return inspectEnvelope(input, {
        profiles: networks.list(),
        selected,
        nameOf: ctx.labels.names(),
        loadAccount: async function loadAccount(id) {
          try {
            const account = normalizeAccount(
              (await ctx.http().getJson(`/accounts/${id}`, { signal, timeoutMs: 8_000 })).body,
            );
            return { sequence: account.sequence, signers: account.signers.map((s) => s.key) };
          } catch (error) {
            if (error instanceof HttpError && error.status === 404) return null;
            throw error;
          }
        },
      });
    },
    'tx:explain': async function txExplain({ codes }) {
      return { explanations: codes ? codes.map((code) => explainCode(code)) : allExplanations() };
    },
  };
}
