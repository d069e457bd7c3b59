// The app itself: what it is and which host runs it.
import type { CoreContext, DomainHandlers } from '../app/context';

export function appHandlers(ctx: CoreContext): DomainHandlers<'app:info'> {
  return {
    'app:info': async function appInfo() {
      return { name: 'Ledgerscope', version: ctx.options.version, host: ctx.options.host };
    },
  };
}
