// What an index covers (shared/index-coverage.ts), from its row in the file and the sync of this
// session: partial unless its last sync reached the end of the history. A sync the app stopped
// (quit or killed) mid-walk leaves the file saying `syncing`; with no sync of this session running
// that reads as interrupted (and is resumed when the app starts, service.ts).
import type { HistoryProgress } from '../../../shared/history';
import { tokenLedger, type IndexCoverage, type IndexPartial } from '../../../shared/index-coverage';
import type { AccountMeta } from '../protocol';

type State = HistoryProgress['state'];

const RUNNING: Readonly<Record<State, IndexPartial | null | undefined>> = {
  syncing: 'syncing',
  current: null,
  paused: 'paused',
  error: 'failed',
  cancelled: 'cancelled',
  // Not started in this session: the file says.
  idle: undefined,
};

const STORED: Readonly<Record<State, IndexPartial | null>> = {
  current: null,
  syncing: 'interrupted',
  idle: 'interrupted',
  paused: 'paused',
  error: 'failed',
  cancelled: 'cancelled',
};

/** Why the index is partial (null: it is not), from the state of this session's sync if one ran, else the file's. */
export function partialOf(stored: State, running: State | undefined): IndexPartial | null {
  const now = running === undefined ? undefined : RUNNING[running];
  return now === undefined ? STORED[stored] : now;
}

export function coverageOf(
  meta: AccountMeta | null,
  running: State | undefined,
  latestLedger: number | null,
): IndexCoverage {
  return {
    partial: meta?.damaged ? 'damaged' : partialOf(meta?.state ?? 'idle', running),
    records: meta?.rows ?? 0,
    throughLedger: meta?.ledgers ? meta.ledgers.next - 1 : tokenLedger(meta?.lastToken),
    latestLedger,
    ...(meta?.ledgers
      ? {
          ledgers: {
            where: meta.ledgers.where,
            from: meta.ledgers.from,
            to: meta.ledgers.to,
            through: meta.ledgers.next > meta.ledgers.from ? meta.ledgers.next - 1 : null,
          },
        }
      : {}),
  };
}
