// Where a sync's walk goes next: the cursor a full page names for the page after it (fetched
// ahead while the page is parsed), and from which ledger an index is complete when a walk starts.
import type { AccountMeta } from './store';

export const PAGE_LIMIT = 200;

/**
 * The cursor of a page's `next` link when the page holds a full PAGE_LIMIT records (counted by
 * their `"transaction_hash"` keys: a key, quoted, never occurs inside a JSON string), else null.
 * Read from the bytes as they came (the key and the link are ASCII), so the page is not decoded
 * on this thread. A guess only: the sync checks it against the token the parse found.
 */
export function nextOfFullPage(bytes: Uint8Array): string | null {
  const page = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = page.indexOf(KEY); at >= 0 && count <= PAGE_LIMIT; at = page.indexOf(KEY, at + KEY.length)) count++;
  if (count !== PAGE_LIMIT) return null;
  const link = /"next"\s*:\s*\{\s*"href"\s*:\s*"([^"]{1,2000})"/.exec(page.toString('latin1', 0, Math.min(page.length, 8192)));
  const cursor = link ? /[?&]cursor=(\d{1,19})(?:&|$|\{)/.exec(link[1]!) : null;
  return cursor ? cursor[1]! : null;
}

const KEY = Buffer.from('"transaction_hash"');

/** From which ledger the index is complete when a sync starts. */
export function completeFromAtStart(meta: AccountMeta | null, cursor: string | undefined, elder: number | null): number | null {
  // From the start: the server's oldest ledger (ledger 1 when it keeps all of history).
  if (cursor === undefined) return elder ?? 1;
  const known = meta?.completeFrom ?? null;
  if (elder === null || !/^\d+$/.test(cursor)) return known;
  // The server pruned past the stored token: what lay between is gone for good.
  const tokenLedger = Number(BigInt(cursor) >> 32n);
  return tokenLedger + 1 < elder ? Math.max(known ?? 0, elder) : known;
}
