// The address book: names for accounts (and, through their issuers, assets), with import and
// export as JSON or CSV (electron/core/labels.ts).
import type { CoreContext, DomainHandlers } from '../context';
import { LabelStore } from '../labels';

type LabelChannel = 'labels:list' | 'labels:set' | 'labels:remove' | 'labels:import' | 'labels:export';

export function labelHandlers(ctx: CoreContext): DomainHandlers<LabelChannel> {
  const store = new LabelStore(ctx.userDataDir);
  return {
    'labels:list': async function labelsList() {
      return { labels: store.list() };
    },
    'labels:set': async function labelsSet(entry) {
      return store.set(entry);
    },
    'labels:remove': async function labelsRemove({ account }) {
      return { removed: store.remove(account) };
    },
    'labels:import': async function labelsImport({ text }) {
      return store.import(text);
    },
    'labels:export': async function labelsExport({ format }) {
      const labels = store.list();
      return { text: store.export(format), format, count: labels.length };
    },
  };
}
