// The sync's walk asks for the next page from the `next` link in the first bytes of the page
// before it (walk-cursor.ts earlyNext, page-fetch.ts PageFetch): once, only for the page the walk
// reads, reusing that request when the whole page agrees, and abandoning it when it does not.
import { describe, expect, it } from 'vitest';
import { PageFetch, type PageSource } from '../../core/history-index/main-thread/page-fetch';
import { EARLY_BYTES, earlyNext } from '../../core/history-index/walk-cursor';
import { HEAD_BYTES } from '../../core/http/http-head';

const encoder = new TextEncoder();

/** A page's text: its links first, as Horizon writes them, then `size` bytes of records. */
function pageText(next: string | null, size: number): string {
  const links =
    next === null
      ? '{"self": {"href": "/x"}}'
      : `{"self": {"href": "/x"}, "next": {"href": "https://h.example/accounts/G/operations?cursor=${next}&limit=200&order=asc"}}`;
  return `{"_links": ${links}, "_embedded": {"records": [${'{"id": "1"},'.repeat(Math.ceil(size / 12))}{}]}}`;
}

/** Tells a watcher of `text` sent in chunks of `size` bytes what http-head.ts would (its head, once whole); the cursors it named, and after how many bytes. */
function feed(text: string, size: number): { cursor: string; at: number }[] {
  const named: { cursor: string; at: number }[] = [];
  const bytes = encoder.encode(text);
  const head = bytes.subarray(0, HEAD_BYTES);
  const watch = earlyNext((cursor) => named.push({ cursor, at: received }));
  let received = 0;
  while (received < bytes.length) {
    received = Math.min(bytes.length, received + size);
    if (received >= HEAD_BYTES) watch(head, received);
  }
  return named;
}

describe('earlyNext', () => {
  it('names the next cursor once, as soon as EARLY_BYTES of the page have come', () => {
    for (const size of [7, 1000, 16 * 1024, 256 * 1024]) {
      const named = feed(pageText('1234567890123', 200 * 1024), size);
      expect(named).toHaveLength(1);
      expect(named[0]!.cursor).toBe('1234567890123');
      expect(named[0]!.at).toBeGreaterThanOrEqual(EARLY_BYTES);
      expect(named[0]!.at).toBeLessThan(EARLY_BYTES + size);
    }
  });

  it('names nothing for a page smaller than EARLY_BYTES, one without a next link, or one whose cursor is not a number', () => {
    expect(feed(pageText('55', EARLY_BYTES / 2), 1000)).toEqual([]);
    expect(feed(pageText(null, 200 * 1024), 1000)).toEqual([]);
    expect(feed(pageText('now', 200 * 1024), 1000)).toEqual([]);
    // A link past the start of the page (where Horizon never writes it) is not looked for.
    expect(
      feed(
        `{"_embedded": {"records": [${' '.repeat(10_000)}]}, "_links": ${JSON.stringify({ next: { href: '?cursor=9' } })}${' '.repeat(EARLY_BYTES)}}`,
        1000,
      ),
    ).toEqual([]);
  });
});

interface Call {
  cursor: string | undefined;
  signal: AbortSignal;
  /** Where the page arrives: its start names `next` as the following page's cursor. */
  start(next: string): void;
  finish(): void;
}

/** A page source whose pages (the call's index) arrive when the test says; every call and every page let go are kept. */
function fakeFetch(): { fetchPage: PageSource<number>; calls: Call[]; released: number[] } {
  const calls: Call[] = [];
  const released: number[] = [];
  const fetchPage: PageSource<number> = {
    fetch: (cursor, signal, onEarly) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        const index = calls.length;
        calls.push({ cursor, signal, start: (next) => onEarly(next), finish: () => resolve(index) });
      }),
    release: (page) => released.push(page),
  };
  return { fetchPage, calls, released };
}

describe('PageFetch', () => {
  it('asks for the next page early only for the page the walk reads, and the walk takes that request when the page agrees', async () => {
    const { fetchPage, calls } = fakeFetch();
    const walk = new AbortController();
    const first = new PageFetch(undefined, fetchPage, walk.signal).lead();
    calls[0]!.start('200');
    expect(calls.map((c) => c.cursor)).toEqual([undefined, '200']);
    // The second page names the third at once, but is not read yet: no request of its own.
    calls[1]!.start('400');
    expect(calls).toHaveLength(2);
    calls[0]!.finish();
    await first.page;
    const second = first.next('200');
    expect(calls).toHaveLength(2);
    expect(second!.cursor).toBe('200');
    second!.lead();
    expect(calls.map((c) => c.cursor)).toEqual([undefined, '200', '400']);
    expect(calls.some((c) => c.signal.aborted)).toBe(false);
  });

  it('abandons the early request when the whole page names another cursor or none, and a cancelled walk stops them all', async () => {
    const { fetchPage, calls } = fakeFetch();
    const walk = new AbortController();
    const first = new PageFetch('1', fetchPage, walk.signal).lead();
    calls[0]!.start('200');
    calls[0]!.finish();
    await first.page;
    const other = first.next('199');
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(other!.cursor).toBe('199');
    expect(calls.map((c) => c.cursor)).toEqual(['1', '200', '199']);
    expect(other!.next(null)).toBeNull();

    const again = new PageFetch('5', fetchPage, walk.signal).lead();
    calls[3]!.start('600');
    expect(again.next(null)).toBeNull();
    expect(calls[4]!.signal.aborted).toBe(true);

    const last = new PageFetch('7', fetchPage, walk.signal).lead();
    calls[5]!.start('800');
    walk.abort();
    expect(calls.slice(5).map((c) => c.signal.aborted)).toEqual([true, true]);
    await expect(last.page).rejects.toThrow('aborted');
    // A page of a walk already cancelled is stopped at once and asks for nothing more.
    new PageFetch('9', fetchPage, walk.signal).lead();
    expect(calls[7]!.signal.aborted).toBe(true);
    calls[7]!.start('900');
    expect(calls).toHaveLength(8);
  });

  it('asks for one page ahead however often the start of the page is reported, and lets go of a page that arrived but is abandoned', async () => {
    const { fetchPage, calls, released } = fakeFetch();
    const walk = new AbortController();
    const first = new PageFetch('1', fetchPage, walk.signal).lead();
    calls[0]!.start('200');
    calls[0]!.start('300');
    expect(calls.map((c) => c.cursor)).toEqual(['1', '200']);
    calls[1]!.finish();
    calls[0]!.finish();
    expect(await first.page).toBe(0);
    const second = first.next('200')!;
    expect(await second.page).toBe(1);
    expect(released).toEqual([]);
    // The walk stops after reading the second page (a cancel, an error): the page it held goes.
    second.abandon();
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toEqual([1]);
    // A page abandoned before it arrives is let go when it comes, if it comes at all.
    const third = new PageFetch('5', fetchPage, walk.signal).lead();
    third.abandon();
    await expect(third.page).rejects.toThrow('aborted');
    expect(released).toEqual([1]);
  });
});
