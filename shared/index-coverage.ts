// What a local history index covers, said the one way everywhere it answers (the workbench, the
// asset view, the account page's index panel, the command line): an index whose last sync did not
// finish is partial, and its counts and totals are labelled so, with the core's own numbers — the
// records it holds and the ledger its walk reached, of the server's latest when the core knows
// it. No estimate: nothing here says "about". Pure: the renderer's first screen imports it.

/** Why an index is partial: its sync runs, was paused, cancelled or failed, the app stopped mid-sync, or its file is damaged. */
export const INDEX_PARTIAL = ['syncing', 'paused', 'interrupted', 'failed', 'cancelled', 'damaged'] as const;
export type IndexPartial = (typeof INDEX_PARTIAL)[number];

export interface IndexCoverage {
  /** null: the last sync reached the end of the history (whole up to its newest operation). */
  partial: IndexPartial | null;
  /**
   * Records the index holds: the rows of its history, its operations and the fees and trades read
   * beside them (a fee paid for another's transaction, an offer's fill), so not called operations.
   */
  records: number;
  /** The ledger of the last operation the walk reached (null: none yet). */
  throughLedger: number | null;
  /** The server's latest ledger as the core last read it (null: not known). */
  latestLedger: number | null;
  /** An index built from ledgers (a data lake's, issue 39): the range asked and the ledger it has read through (null: none yet). */
  ledgers?: { where: string; from: number; to: number; through: number | null } | undefined;
}

/** What an index read from a Stellar RPC server's window is said to be read from (not a lake: core/sources/rpc/ledger-history.ts). */
export const rpcLedgersWhere = (baseUrl: string) => `Stellar RPC ${baseUrl}`;
export const readFromRpc = (where: string) => where.startsWith('Stellar RPC ');

const REASON: Readonly<Record<IndexPartial, string>> = {
  syncing: 'syncing',
  paused: 'paused: resume to complete it',
  interrupted: 'interrupted: resume',
  failed: 'the sync failed: resume',
  cancelled: 'cancelled: resume',
  damaged: 'damaged: rebuild the index',
};

const count = (n: number) => n.toLocaleString('en');

/** "partial: indexed 5,898 records through ledger 1,234 of 5,000; syncing", or "complete: 13,895 records". */
export function coverageText(coverage: IndexCoverage): string {
  const held = `${count(coverage.records)} record${coverage.records === 1 ? '' : 's'}`;
  const range = coverage.ledgers;
  if (range && coverage.partial !== 'damaged') {
    // An index from ledgers covers its range, never the account's whole history: said every time.
    const span = `ledgers ${count(range.from)}–${count(range.to)}`;
    if (coverage.partial === null) return `${held} of ${span}, read whole from the ledgers`;
    const through = range.through === null ? 'none read yet' : `read through ledger ${count(range.through)}`;
    return `partial: ${held} of ${span}, ${through}; ${REASON[coverage.partial]}`;
  }
  if (coverage.partial === null) return `complete: ${held}`;
  if (coverage.partial === 'damaged') return `damaged: the index cannot be read as it is; rebuild it`;
  const through =
    coverage.throughLedger === null
      ? ''
      : ` through ledger ${count(coverage.throughLedger)}${
          coverage.latestLedger !== null && coverage.latestLedger >= coverage.throughLedger
            ? ` of ${count(coverage.latestLedger)}`
            : ''
        }`;
  return `partial: indexed ${held}${through}; ${REASON[coverage.partial]}`;
}

/** The ledger of a paging token (a TOID: the ledger in its high 32 bits), or null. */
export function tokenLedger(token: string | null | undefined): number | null {
  return token && /^\d{1,19}$/.test(token) ? Number(BigInt(token) >> 32n) : null;
}
