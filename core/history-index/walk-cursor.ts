// Where a sync's walk goes next: the cursor a full page names for the page after it (fetched
// ahead while the page is parsed and written, or while it is still arriving if it stalls), and
// from which ledger an index is complete when a walk starts.
import { HEAD_BYTES, type OnProgress } from '../http/http-head';
import type { AccountMeta } from './worker-thread/account-meta';

export const PAGE_LIMIT = 200;

/**
 * The cursor of a page's `next` link when the page holds a full PAGE_LIMIT records (counted by
 * their `"transaction_hash"` keys: a key, quoted, never occurs inside a JSON string), else null.
 * Read from the bytes as they came (the key and the link are ASCII), as soon as the page is whole
 * and before it is decoded (worker-fetch.ts), so the walk can ask for the next page before this
 * one is written. A guess only: the sync checks it against the token the parse found.
 */
export function nextOfFullPage(bytes: Uint8Array): string | null {
  const page = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = page.indexOf(KEY); at >= 0 && count <= PAGE_LIMIT; at = page.indexOf(KEY, at + KEY.length)) count++;
  if (count !== PAGE_LIMIT) return null;
  // Horizon writes `_links` first.
  return nextCursorIn(page.toString('latin1', 0, Math.min(page.length, HEAD_BYTES)));
}

/** The cursor of the `next` link in the start of a page's text, if it names one. */
function nextCursorIn(head: string): string | null {
  const link = /"next"\s*:\s*\{\s*"href"\s*:\s*"([^"]{1,2000})"/.exec(head);
  // The link as the page's JSON text writes it: Horizon escapes `&` as \u0026.
  const cursor = link ? /(?:[?&]|\\u0026)cursor=(\d{1,19})(?:&|\\u0026|$|\{)/.exec(link[1]!) : null;
  return cursor ? cursor[1]! : null;
}

/**
 * Bytes of a page that must have arrived before its `next` link is followed early. A full page of
 * 200 operations with their transactions is far larger, compressed or not (the local service's
 * about 420 KB); an empty page, the last of most walks, is under 1 KB and never sets off a request.
 */
export const EARLY_BYTES = 32 * 1024;

/**
 * Watches a page's body as it arrives (its decoded head and the bytes so far, http-head.ts) and,
 * once EARLY_BYTES are in, names the cursor of its `next` link (once, if the head has one): the
 * page after it can be asked for while this one is still arriving, if it stalls (worker-fetch.ts
 * EARLY_STALL_MS). A guess as nextOfFullPage is; a short last page makes it one request too many.
 */
export function earlyNext(onCursor: (cursor: string) => void): OnProgress {
  let done = false;
  return (head, received) => {
    if (done || received < EARLY_BYTES) return;
    done = true;
    const cursor = nextCursorIn(Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1'));
    if (cursor !== null) onCursor(cursor);
  };
}

const KEY = Buffer.from('"transaction_hash"');

/** From which ledger the index is complete when a sync starts. */
export function completeFromAtStart(
  meta: AccountMeta | null,
  cursor: string | undefined,
  elder: number | null,
): number | null {
  // From the start: the server's oldest ledger (ledger 1 when it keeps all of history).
  if (cursor === undefined) return elder ?? 1;
  const known = meta?.completeFrom ?? null;
  if (elder === null || !/^\d+$/.test(cursor)) return known;
  // The server pruned past the stored token: what lay between is gone for good.
  const tokenLedger = Number(BigInt(cursor) >> 32n);
  return tokenLedger + 1 < elder ? Math.max(known ?? 0, elder) : known;
}
