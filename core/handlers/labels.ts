// The address book: names for accounts (and, through their issuers, assets), with import and
// export as JSON or CSV (core/app/labels.ts).
import type { CoreContext, DomainHandlers } from '../app/context';

type LabelChannel = 'labels:list' | 'labels:set' | 'labels:remove' | 'labels:import' | 'labels:export';

export function labelHandlers(ctx: CoreContext): DomainHandlers<LabelChannel> {
  const store = ctx.labels;
  // Every page (another browser tab, another window) reloads its labels.
  const changed = () => ctx.emit('labels:changed', { count: store.book().length });
  return {
    'labels:list': async function labelsList() {
      return { labels: store.book() };
    },
    'labels:set': async function labelsSet(entry) {
      const saved = store.set(entry);
      changed();
      return saved;
    },
    'labels:remove': async function labelsRemove({ account }) {
      const removed = store.remove(account);
      if (removed) changed();
      return { removed };
    },
    'labels:import': async function labelsImport({ text }) {
      const summary = store.import(text);
      changed();
      return summary;
    },
    'labels:export': async function labelsExport({ format }) {
      const labels = store.list();
      return { text: store.export(format), format, count: labels.length };
    },
  };
}
