// The local history index of an account on the selected network (issue #13, docs/history-index.md):
// sync, pause, cancel, status, list, remove, and the analyses over the index (query, totals,
// types, flow, export). Indexes live in <userData>/history/<network-id>.sqlite, owned by a worker thread.
import type { CoreContext, DomainHandlers } from '../app/context';
import type { ServerRoot } from '../history-index/main-thread/walk';
import { scopeId } from '../sources/scope-id';
import { balanceHistory, reconcileAccount } from '../app/reconcile';

type HistoryChannels =
  | 'history:sync'
  | 'history:pause'
  | 'history:resume'
  | 'history:cancel'
  | 'history:status'
  | 'history:list'
  | 'history:remove'
  | 'history:rebuild'
  | 'history:query'
  | 'history:totals'
  | 'history:types'
  | 'history:flow'
  | 'history:reconcile'
  | 'history:balance'
  | 'history:export';

/**
 * The root a sync starts from: the health reading's, when one of the last few seconds found the
 * server (context.ts recentHealth), so that reading the root once serves both; else its own read,
 * whose error the sync reports.
 */
async function serverRoot(ctx: CoreContext, signal: AbortSignal): Promise<ServerRoot> {
  const health = await ctx.recentHealth(signal);
  return health.online
    ? { elder: health.historyElderLedger ?? null, latest: health.latestLedger ?? null }
    : ctx.source().history(signal);
}

/** Tries of the server's root before the interrupted syncs resume (the embedded network may still be starting), and the wait between. */
const RESUME_TRIES = 30;
const RESUME_WAIT_MS = 2_000;

/**
 * Resumes the selected network's syncs the app stopped mid-walk (service.ts resumeInterrupted),
 * once its server answers (for a minute at most: the embedded local network starts in the
 * background), so a resume does not end in `error` for a server not up yet; an error after that
 * is the sync's to report.
 */
export async function resumeInterruptedSyncs(ctx: CoreContext, closed: AbortSignal): Promise<string[]> {
  for (let tries = 1; ; tries++) {
    const health = await ctx.checkHealth(closed).catch(() => null);
    if (closed.aborted) return [];
    if (health?.online) break;
    if (tries >= RESUME_TRIES) return [];
    await new Promise((resolve) => setTimeout(resolve, RESUME_WAIT_MS).unref());
  }
  return ctx.history
    .resumeInterrupted(ctx.networks.selected(), ctx.source(), (signal) => serverRoot(ctx, signal))
    .catch(() => []);
}

export function historyHandlers(ctx: CoreContext): DomainHandlers<HistoryChannels> {
  const { history } = ctx;
  const selected = () => ctx.networks.selected();
  const account = (id: string) => scopeId('account', id);
  const root = (signal: AbortSignal) => serverRoot(ctx, signal);
  /** An index read from a lake goes on from that lake (to its end), never from the server's listings. */
  const fromLake = async (id: string) => {
    if (ctx.source().ledgerHistory) return null; // an RPC network's index is read from its own ledgers
    const meta = await history.call(selected(), 'meta', { account: account(id) }).catch(() => null);
    if (!meta?.ledgers) return null;
    return history.syncLake(selected(), account(id), meta.ledgers.where, {}, selected().passphrase).progress;
  };
  return {
    'history:sync': async function historySync({ account: id, follow }) {
      return (await fromLake(id)) ?? history.sync(selected(), ctx.source(), account(id), follow, root).progress;
    },
    'history:pause': async function historyPause({ account: id }) {
      return history.running(selected(), account(id))?.pause() ?? history.status(selected(), account(id));
    },
    'history:resume': async function historyResume({ account: id }) {
      const running = history.running(selected(), account(id));
      if (running) return running.start();
      return (await fromLake(id)) ?? history.sync(selected(), ctx.source(), account(id), undefined, root).progress;
    },
    'history:cancel': async function historyCancel({ account: id }) {
      return history.running(selected(), account(id))?.cancel() ?? history.status(selected(), account(id));
    },
    'history:status': async function historyStatus({ account: id }) {
      return history.status(selected(), account(id));
    },
    'history:list': async function historyList() {
      return history.list(selected());
    },
    'history:remove': async function historyRemove({ account: id }) {
      return { removed: await history.remove(selected(), account(id)) };
    },
    'history:rebuild': async function historyRebuild({ account: id }) {
      return history.rebuild(selected(), ctx.source(), account(id), root);
    },
    // Every answer that counts or sums says what the index covers (coverage.ts): a partial
    // index's figures are partial, and the renderer and the command line label them so.
    'history:query': async function historyQuery({ account: id, ...request }) {
      const page = await history.call(selected(), 'query', { account: account(id), ...request });
      return request.summary ? { ...page, coverage: await history.coverage(selected(), account(id)) } : page;
    },
    'history:totals': async function historyTotals({ account: id, filter, by, top }) {
      const rows = await history.call(selected(), 'totals', { account: account(id), filter, by, top });
      return { rows, coverage: await history.coverage(selected(), account(id)) };
    },
    'history:types': async function historyTypes({ account: id }) {
      const types = await history.call(selected(), 'types', { account: account(id) });
      return { types, coverage: await history.coverage(selected(), account(id)) };
    },
    'history:flow': async function historyFlow({ account: id, filter, asset }) {
      const points = await history.call(selected(), 'flow', { account: account(id), filter, asset });
      return { points, coverage: await history.coverage(selected(), account(id)) };
    },
    'history:reconcile': async function historyReconcile({ account: id }, { signal }) {
      return reconcileAccount(ctx, account(id), signal);
    },
    'history:balance': async function historyBalance({ account: id, asset, by }, { signal }) {
      const balance = await balanceHistory(ctx, account(id), asset, by, signal);
      return { history: balance, coverage: await history.coverage(selected(), account(id)) };
    },
    'history:export': async function historyExport({ account: id, ...request }) {
      const names = ctx.labels.book().map((entry): [string, string] => [entry.account, entry.label]);
      const done = await history.exportTo(selected(), { account: account(id), ...request, names });
      return { ...done, exportId: ctx.exports.adopt(done.path, done.rows).exportId };
    },
  };
}
