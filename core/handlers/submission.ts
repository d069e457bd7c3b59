// Sending a signed transaction, following it into a ledger, and the journal of what was sent.
import type { CoreContext, DomainHandlers } from '../app/context';

export function submissionHandlers(ctx: CoreContext): DomainHandlers<'tx:submit' | 'tx:status' | 'tx:journal'> {
  const { networks, submissions } = ctx;
  return {
    'tx:submit': async function txSubmit({ input, expectedHash }, { signal }) {
      return submissions.submit(input, networks.selected(), ctx.http(), signal, expectedHash);
    },
    'tx:status': async function txStatus({ hash }, { signal }) {
      return submissions.status(hash.toLowerCase(), networks.selected(), ctx.http(), signal);
    },
    'tx:journal': async function txJournal({ limit }) {
      return { entries: submissions.entries(limit) };
    },
  };
}
