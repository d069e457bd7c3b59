// The live feed's order: newest first by paging token (TOIDs compare as integers, so a record
// replayed after a reconnection or fetched as history lands where its time puts it), each record
// of each watched account once, bounded. The core's backlog and the renderer's feed share it.

interface FeedLike {
  account: string;
  record: { pagingToken: string };
}

/** Newer first: TOIDs as integers; anything else as text, after every TOID. */
export function compareTokensDesc(a: string, b: string): number {
  const digitsA = /^\d{1,20}$/.test(a);
  const digitsB = /^\d{1,20}$/.test(b);
  if (digitsA && digitsB) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x === y ? 0 : x > y ? -1 : 1;
  }
  if (digitsA !== digitsB) return digitsA ? -1 : 1;
  return a < b ? 1 : a > b ? -1 : 0;
}

/**
 * Merges records into a feed: an item already there is kept (not replaced), the result is newest
 * first and at most `limit` long.
 */
export function mergeFeed<T extends FeedLike>(current: readonly T[], incoming: readonly T[], limit: number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of [...current, ...incoming]) {
    const key = `${item.account}:${item.record.pagingToken}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  out.sort(
    (a, b) =>
      compareTokensDesc(a.record.pagingToken, b.record.pagingToken) ||
      (a.account < b.account ? -1 : a.account > b.account ? 1 : 0),
  );
  return out.slice(0, limit);
}

/** Whether merging would change nothing (every incoming item is already in the feed). */
export function allSeen<T extends FeedLike>(current: readonly T[], incoming: readonly T[]): boolean {
  const keys = new Set(current.map((item) => `${item.account}:${item.record.pagingToken}`));
  return incoming.every((item) => keys.has(`${item.account}:${item.record.pagingToken}`));
}
