// Reading a transaction without sending it: the inspection of a pasted envelope (checked against
// the selected network's accounts) and the plain-language explanation of result codes.
import type { CoreContext, DomainHandlers } from '../app/context';
import { allExplanations, explainCode } from '../submission/explain';
import { inspectEnvelope } from '../submission/inspect';

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
          const account = await ctx.source().account(id, { signal, timeoutMs: 8_000 });
          return account && { sequence: account.sequence, signers: account.signers.map((s) => s.key) };
        },
        loadData: async function loadData(id) {
          const account = await ctx.source().account(id, { signal, timeoutMs: 8_000 });
          return account && (account.data ?? {});
        },
      });
    },
    'tx:explain': async function txExplain({ codes }) {
      return { explanations: codes ? codes.map((code) => explainCode(code)) : allExplanations() };
    },
  };
}
