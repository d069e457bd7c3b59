// The app core: every handler of the channel map, with no Electron import, so the Electron main
// process, the web host and the command-line client share it. It builds the shared context and
// composes one handler map per domain (handlers/); a new domain is one file there, one line here
// and its channels in shared/ipc.ts.
import type { Handlers } from './dispatch';
import { createCoreContext, type AppCoreOptions } from './context';
import type { Exports } from '../exports/export';
import { appHandlers } from '../handlers/app';
import { conventionsHandlers } from '../handlers/conventions';
import { exportHandlers } from '../handlers/export';
import { lakeHandlers } from '../handlers/history-lake';
import { historyHandlers, resumeInterruptedSyncs } from '../handlers/history';
import { inspectionHandlers } from '../handlers/inspection';
import { ledgerTransactionHandlers } from '../handlers/ledger-transactions';
import { homeHandlers } from '../handlers/home';
import { labelHandlers } from '../handlers/labels';
import { listingHandlers } from '../handlers/listings';
import { logHandlers } from '../handlers/log';
import { networkHandlers } from '../handlers/networks';
import { resourceHandlers } from '../handlers/resources';
import { signaturesHandlers } from '../handlers/signatures';
import { streamHandlers } from '../handlers/streams';
import { submissionHandlers } from '../handlers/submission';
import { xdrHandlers } from '../handlers/xdr';
import type { HttpClient } from '../http/http';
import type { Networks } from '../networks/networks';
import type { StreamManager } from '../streams/streams';
import type { Submissions } from '../submission/submit';

export type { AppCoreOptions } from './context';

export interface AppCore {
  handlers: Handlers;
  networks: Networks;
  exports: Exports;
  submissions: Submissions;
  streams: StreamManager;
  /** The HTTP client of the selected network (one per base URL, so its 429 gate is shared). */
  http(): HttpClient;
  /** The address book's names on the selected network, read now (notifications, the command line). */
  names(): (account: string) => string | undefined;
  /** Every name the address book gives now (labels and the network's own names): the command line resolves names with it. */
  book(): { account: string; label: string }[];
  /**
   * Resumes the selected network's history syncs the app stopped mid-walk (quit or killed), from
   * their stored tokens: the app's windows call it once the network is chosen; the command line does not.
   */
  resumeSyncs(): Promise<string[]>;
  close(): Promise<void>;
}

export function createAppCore(options: AppCoreOptions): AppCore {
  const ctx = createCoreContext(options);
  // Aborted when the core closes: a resume still waiting for the server gives up.
  const closing = new AbortController();
  const handlers: Handlers = {
    ...appHandlers(ctx),
    ...networkHandlers(ctx),
    ...listingHandlers(ctx),
    ...resourceHandlers(ctx),
    ...inspectionHandlers(ctx),
    ...submissionHandlers(ctx),
    ...xdrHandlers(ctx),
    ...streamHandlers(ctx),
    ...exportHandlers(ctx),
    ...signaturesHandlers(ctx),
    ...logHandlers(),
    ...ledgerTransactionHandlers(ctx),
    ...historyHandlers(ctx),
    ...lakeHandlers(ctx),
    ...labelHandlers(ctx),
    ...homeHandlers(ctx),
    ...conventionsHandlers(ctx),
  };
  return {
    handlers,
    networks: ctx.networks,
    exports: ctx.exports,
    submissions: ctx.submissions,
    streams: ctx.streams,
    http: ctx.http,
    names: () => ctx.labels.names(),
    book: () => ctx.labels.book(),
    resumeSyncs: () => resumeInterruptedSyncs(ctx, closing.signal),
    close: async () => {
      closing.abort();
      await ctx.close();
    },
  };
}
