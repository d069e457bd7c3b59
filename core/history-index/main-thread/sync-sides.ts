// The walks beside an account's operations (issue #27): its transactions, for the fees it paid
// where none of a transaction's operations is its own (a fee bump for another account), and its
// trades, for the fills of its offers by other accounts' operations (side-records.ts). Each runs
// after the operations walk, from its own token, and reads only what that walk covers (`bound`:
// sideBound), so whether an operation of the account is in the index is known when a side record
// is read; what lies after waits for the next sync. A listing the server does not serve (404) is
// recorded as missing, and the reconciliation names it as the cause of a difference.
import type { AccountMeta, PageGuardArgs, PageResult, SideKind } from '../protocol';
import { ListingMissing, walk, type IndexCall, type ServerRoot, type WalkContext } from './walk';
import type { HeldPage } from './worker-transport';

/** In this order: a transaction's fee row is written before the fills its operations made. */
const SIDES: readonly SideKind[] = ['transactions', 'trades'];

/** A page of a side walk: its listing, read up to `bound` (the operations walk's token). */
export interface SidePage {
  kind: SideKind;
  bound: string;
}

export type SideIngest = (page: HeldPage, guard: PageGuardArgs, side: SidePage) => Promise<PageResult>;

/**
 * How far the side walks read: every id through the server's latest ledger as the sync started
 * (its operations walk, which ended after, holds every operation of the account through it), or
 * the operations' token if that is later; null when neither is known (nothing to bound them by).
 */
export function sideBound(opsToken: string | undefined, latestLedger: number | null): string | null {
  const token = opsToken !== undefined && /^\d{1,19}$/.test(opsToken) ? BigInt(opsToken) : null;
  const ledger = latestLedger === null ? null : (BigInt(latestLedger + 1) << 32n) - 1n;
  if (token === null && ledger === null) return null;
  return String(token === null ? ledger! : ledger === null || token > ledger ? token : ledger);
}

/** Walks each side listing up to `bound`; answers the listings the server does not serve. */
export async function walkSides(
  ctx: WalkContext,
  ingest: SideIngest,
  meta: AccountMeta | null,
  bound: string,
  signal: AbortSignal,
): Promise<SideKind[]> {
  const missing: SideKind[] = [];
  for (const kind of SIDES) {
    if (signal.aborted) break;
    const side: WalkContext = {
      ...ctx,
      listing: ctx.listings.sides[kind],
      ingest: (page, guard) => ingest(page, guard, { kind, bound }),
      // A side listing's pruned history says nothing of where the operations are complete from.
      onPruned: async () => undefined,
    };
    try {
      await walk(side, meta?.sides[kind] ?? undefined, signal);
    } catch (error) {
      if (!(error instanceof ListingMissing)) throw error;
      missing.push(kind);
    }
  }
  return missing;
}

/** The side walks read through `bound` (none when it is unknown), and the listings the server lacks recorded. */
export async function walkSidesTo(
  ctx: WalkContext,
  index: { call: IndexCall; account: string; ingest: SideIngest },
  meta: AccountMeta | null,
  bound: string | null,
  signal: AbortSignal,
): Promise<void> {
  if (bound === null) return;
  const sidesMissing = await walkSides(ctx, index.ingest, meta, bound, signal);
  if (!signal.aborted) await index.call('setState', { account: index.account, sidesMissing });
}

/**
 * One round of the side walks while a sync follows (sync.ts scheduleSides): the operations walked
 * on from the stored token first (the stream follows operations only; with it current this is one
 * short page, and a record met twice is written once), which bounds the side walks as a sync's
 * start does: through the server's latest ledger as that page was read. Answers the account's meta
 * after the round.
 */
export async function walkOnWithSides(
  round: {
    call: IndexCall;
    account: string;
    ingest: SideIngest;
    readRoot(signal: AbortSignal): Promise<ServerRoot>;
    context: WalkContext;
  },
  signal: AbortSignal,
): Promise<AccountMeta | null> {
  const { call, account } = round;
  let latest: number | null = null;
  const context: WalkContext = {
    ...round.context,
    onLatestLedger: (ledger) => {
      latest ??= ledger;
    },
  };
  const before = await call('meta', { account });
  const { cursor } = await walk(context, before?.lastToken ?? undefined, signal);
  if (signal.aborted) return before;
  const bound = sideBound(cursor, latest ?? (await round.readRoot(signal)).latest);
  await walkSidesTo(context, round, await call('meta', { account }), bound, signal);
  return call('meta', { account });
}
