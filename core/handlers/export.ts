// Exports of a listing to a CSV or NDJSON file in the host's export directory.
import type { CoreContext, DomainHandlers } from '../app/context';

export function exportHandlers(ctx: CoreContext): DomainHandlers<'export:start' | 'export:cancel' | 'export:list'> {
  const { exports } = ctx;
  return {
    'export:start': async function exportStart(request) {
      return exports.start(request, ctx.http());
    },
    'export:cancel': async function exportCancel({ exportId }) {
      return { cancelled: exports.cancel(exportId) };
    },
    'export:list': async function exportList() {
      return { exports: exports.list(), directory: exports.directory };
    },
  };
}
