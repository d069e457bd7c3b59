// What an account's sync is given (sync.ts): the network's source, the index worker's calls and
// page transport, and how it follows once current.
import type { HistoryProgress } from '../../../shared/history';
import type { NetworkProfile } from '../../../shared/ipc';
import type { Transport } from '../../http/http';
import type { Source } from '../../sources/source';
import type { StreamOptions } from '../../streams/stream-options';
import type { PageGuardArgs, PageResult } from '../protocol';
import type { SidePage } from './sync-sides';
import type { IndexCall, ServerRoot } from './walk';
import type { HeldAnswer, HeldPage } from './worker-transport';

/** While following, the side walks read on once a minute: three requests when nothing is new. */
export const SIDES_EVERY_MS = 60_000;

export interface SyncOptions {
  /** The network's source: what the walks read (its index listings, over its HTTP client) and the root. */
  source: Source;
  profile: NetworkProfile;
  account: string;
  call: IndexCall;
  /** The server's root (its oldest ledger) as the sync starts: a recent health reading's, or a read of its own (default). */
  root?(signal: AbortSignal): Promise<ServerRoot>;
  /** How a page is fetched: by the index worker, which keeps it (worker-transport.ts); `onEarly` is told the next page's cursor early. */
  transport(onEarly: (cursor: string) => void): Transport<HeldAnswer>;
  /** Writes a page the index worker holds, with its token, once it passes the walk's paging guard (walk.ts); `side`: a page of a walk beside the operations. */
  ingest(page: HeldPage, guard: PageGuardArgs, side?: SidePage): Promise<PageResult>;
  /** Lets a page the worker holds go unwritten. */
  release(page: HeldPage): void;
  emit(progress: HistoryProgress): void;
  /** The server's latest ledger as the core last read it, for the progress's coverage. */
  latestLedger?(): number | null;
  /** Keep the index current from a stream once the pages are in (default true). */
  follow?: boolean;
  /**
   * While following, how often the walks beside the operations read on (what others did to the
   * account: fills of its offers, fee bumps it paid), the operations walked on first to bound
   * them (default SIDES_EVERY_MS).
   */
  sidesEveryMs?: number;
  stream?: StreamOptions;
}
