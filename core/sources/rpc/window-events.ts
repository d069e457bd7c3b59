// The events of filters over a Stellar RPC server's whole window, as stellar-rpc pages them: each
// getEvents page scans at most 10,000 ledgers (its LedgerScanLimit) and gives at most 10,000
// events, so the window is read in ranges at once, each page after page while its pages fill;
// every answer checked (ids in order, once; a cursor that advances), and the pages bounded. An
// account's listing (account-listing.ts) and its trustlines (account.ts) read it.
import { CoreError } from '../../app/errors';
import type { Events, RpcCalls } from './calls';
import { eventToid, type RpcEventRecord } from './event-records';
import { RpcCallError } from './json-rpc';
import { windowOfRefusal, windowStart } from './window';

/** Events asked per getEvents call (stellar-rpc's largest page). */
export const EVENTS_PAGE = 10_000;
/** Ledgers one getEvents page scans at most (stellar-rpc's LedgerScanLimit). */
export const SCAN_LEDGERS = 10_000;
/** The window is read in at least this many ranges at once. */
export const RANGES_AT_ONCE = 4;
/** Pages of an account's events read at most for one listing (beyond the one per range): beyond, the listing says it cannot. */
export const MAX_EVENT_PAGES = 10;

export interface WindowEvents {
  /** The events, in id order, each once. */
  events: RpcEventRecord[];
  /** The ledgers read: the window's first (as read) and latest. */
  oldest: number;
  latest: number;
  oldestCloseTime?: number | undefined;
  latestCloseTime?: number | undefined;
}

/** Every event of `filters` in the window, bounded (MAX_EVENT_PAGES beyond each range's first page). */
export async function windowEvents(calls: RpcCalls, filters: unknown[], signal?: AbortSignal): Promise<WindowEvents> {
  // Where the window starts as the server last said it (every getHealth and getEvents answer names
  // it: the app's health reading, an earlier listing), else asked: one round trip saved per listing.
  const known = calls.seen.window
    ? { oldest: windowStart(calls.seen.window)!, latest: calls.seen.window.latest }
    : null;
  const { oldest: start, latest } =
    known ??
    (({ oldestLedger, latestLedger }) => ({ oldest: oldestLedger, latest: latestLedger }))(
      await calls.health({ signal }),
    );
  // The window in ranges read at once (each page of getEvents scans at most 10,000 ledgers, and a
  // busy account's events fill pages): one round trip for all of them unless a range fills a page.
  const count = Math.max(RANGES_AT_ONCE, Math.ceil((latest - start + 1) / SCAN_LEDGERS));
  const size = Math.max(1, Math.ceil((latest - start + 1) / count));
  const ranges: [number, number | undefined][] = [];
  for (let from = start; from <= latest; from += size)
    ranges.push([from, from + size > latest ? undefined : from + size]);
  if (ranges.length === 0) ranges.push([start, undefined]);
  const answers = await readRanges(calls, filters, ranges, signal);
  const events: RpcEventRecord[] = [];
  let lastId = '';
  for (const answer of answers)
    for (const record of answer.events) {
      // Ids are ordered and unique (`%019d-%010d`, so text order is id order): one that is not
      // after the last is a server repeating itself or going back.
      if (record.id <= lastId)
        throw new CoreError(
          'bad_response',
          `The server gave event ${record.id.slice(0, 30)} after ${lastId.slice(0, 30)}: its events are out of order or repeated, so nothing of them is shown.`,
        );
      eventToid(record);
      lastId = record.id;
      events.push(record);
    }
  const answer = answers.at(-1)!;
  const firstAnswer = answers[0]!;
  return {
    events,
    // From the start read: past the server's oldest when it was foreseen a ledger too far.
    oldest: Math.max(start, firstAnswer.oldestLedger),
    latest: answer.latestLedger,
    oldestCloseTime: answer.oldestLedgerCloseTime,
    latestCloseTime: answer.latestLedgerCloseTime,
  };
}

/**
 * The events of `ranges` (ledger ranges, the last open), read at once; each range page after page
 * while its pages fill. A range's start refused as before the window is read again from the window
 * the refusal names (once). Bounded in pages; refuses a cursor that does not advance.
 */
async function readRanges(
  calls: RpcCalls,
  filters: unknown[],
  ranges: [number, number | undefined][],
  signal?: AbortSignal,
): Promise<Events[]> {
  let pages = 0;
  const readRange = async ([from, end]: [number, number | undefined]): Promise<Events[]> => {
    const answers: Events[] = [];
    let cursor: string | undefined;
    let first = from;
    let refused = false;
    for (;;) {
      if (++pages > MAX_EVENT_PAGES + ranges.length)
        throw new CoreError(
          'too_large',
          `This account has more than ${(EVENTS_PAGE * MAX_EVENT_PAGES).toLocaleString('en')} events in the ledgers this server keeps: list it from a Horizon server, or index it from the ledger data lake.`,
        );
      let answer: Events;
      try {
        answer = await calls.events(
          {
            ...(cursor ? {} : { startLedger: first, ...(end === undefined ? {} : { endLedger: end }) }),
            filters,
            pagination: { limit: EVENTS_PAGE, ...(cursor ? { cursor } : {}) },
          },
          { signal },
        );
      } catch (error) {
        // The window moved past the start it was last seen at: the refusal names it; once. A
        // range wholly before it holds nothing now.
        const window = !cursor && !refused && error instanceof RpcCallError ? windowOfRefusal(error.rpcMessage) : null;
        if (!window || window.oldest <= first) throw error;
        if (end !== undefined && end <= window.oldest) return answers;
        refused = true;
        first = window.oldest;
        continue;
      }
      // A page after a cursor takes no endLedger and runs on into the next range: cut at the end.
      const within = end === undefined ? answer.events : answer.events.filter((e) => eventToid(e).ledger < end);
      answers.push(within.length === answer.events.length ? answer : { ...answer, events: within });
      const next = answer.cursor;
      const last = answer.events.at(-1)?.id ?? '';
      // A full page goes on after its last event; a short one ends its range, unless the range is
      // the last (open) one and its scan stopped short of the latest ledger.
      const scanned = next && /^\d{19}-\d{10}$/.test(next) ? Number(BigInt(next.slice(0, 19)) >> 32n) : undefined;
      const more =
        within.length === answer.events.length &&
        (answer.events.length >= EVENTS_PAGE ||
          (end === undefined && scanned !== undefined && scanned < answer.latestLedger));
      if (!more) break;
      if (!next || next < last.slice(0, next.length) || next === cursor)
        throw new CoreError('bad_response', 'The server gave a page of events with a cursor that does not advance.');
      cursor = next;
    }
    return answers;
  };
  return (await Promise.all(ranges.map(readRange))).flat();
}
