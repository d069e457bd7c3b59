// The one paging primitive (shared/paging.ts): where the next cursor comes from, and the walk
// over pages that the command line and export use.
import { describe, expect, test } from 'vitest';
import { cursorAfter, nextCursor, pages, type Page } from '../../shared/paging';

const rec = (token: number) => ({ pagingToken: String(token) });
const ALL = Array.from({ length: 7 }, (_, i) => rec(i + 1));

/** A listing of ALL honouring cursor and limit; records each call. */
function listing(records = ALL) {
  const calls: (string | undefined)[] = [];
  const fetch = async (cursor: string | undefined, limit: number) => {
    calls.push(cursor);
    const start = cursor ? records.findIndex((r) => r.pagingToken === cursor) + 1 : 0;
    return records.slice(start, start + limit);
  };
  return { fetch, calls };
}

async function collect<T extends { pagingToken: string }>(walk: AsyncGenerator<Page<T>>): Promise<Page<T>[]> {
  const seen: Page<T>[] = [];
  for await (const page of walk) seen.push(page);
  return seen;
}

describe('nextCursor', () => {
  test('a full page continues after its last record; a short or empty page is the end', () => {
    expect(nextCursor([rec(1), rec(2)], 2)).toBe('2');
    expect(nextCursor([rec(1)], 2)).toBeNull();
    expect(nextCursor([], 2)).toBeNull();
    expect(nextCursor([], 0)).toBeNull();
    expect(cursorAfter([rec(4), rec(9)])).toBe('9');
    expect(cursorAfter([])).toBeNull();
  });
});

describe('pages', () => {
  test('an empty listing is one empty page, then the end', async () => {
    const { fetch, calls } = listing([]);
    expect(await collect(pages(fetch, { limit: 3 }))).toEqual([{ cursor: undefined, records: [], next: null }]);
    expect(calls).toEqual([undefined]);
  });

  test('carries each page’s next cursor into the following request and stops after the short last page', async () => {
    const { fetch, calls } = listing();
    const seen = await collect(pages(fetch, { limit: 3 }));
    expect(seen.map((page) => page.records.map((r) => r.pagingToken))).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7'],
    ]);
    expect(seen.map((page) => page.next)).toEqual(['3', '6', null]);
    expect(calls).toEqual([undefined, '3', '6']);
    expect(seen.map((page) => page.cursor)).toEqual(calls);
  });

  test('a last page that is exactly full costs one more (empty) request', async () => {
    const { fetch, calls } = listing(ALL.slice(0, 6));
    const seen = await collect(pages(fetch, { limit: 3 }));
    expect(seen.map((page) => page.records.length)).toEqual([3, 3, 0]);
    expect(calls).toEqual([undefined, '3', '6']);
  });

  test('starts from the given cursor (an empty one is the start)', async () => {
    const { fetch, calls } = listing();
    expect((await collect(pages(fetch, { limit: 10, cursor: '5' })))[0]!.records).toEqual([rec(6), rec(7)]);
    await collect(pages(fetch, { limit: 10, cursor: '' }));
    expect(calls).toEqual(['5', undefined]);
  });

  test('the consumer may stop early: no further page is asked for', async () => {
    const { fetch, calls } = listing();
    for await (const page of pages(fetch, { limit: 2 })) if (page.records.length) break;
    expect(calls).toEqual([undefined]);
  });

  test('abort: the pending fetch gets the signal, and nothing more is fetched or yielded', async () => {
    const controller = new AbortController();
    const calls: (string | undefined)[] = [];
    const signals: (AbortSignal | undefined)[] = [];
    const fetch = async (cursor: string | undefined, limit: number, signal: AbortSignal | undefined) => {
      calls.push(cursor);
      signals.push(signal);
      if (cursor === '2') controller.abort(new DOMException('stop', 'AbortError'));
      return ALL.slice(calls.length * 2 - 2, calls.length * 2).slice(0, limit);
    };
    const seen: string[][] = [];
    await expect(
      (async () => {
        for await (const page of pages(fetch, { limit: 2, signal: controller.signal }))
          seen.push(page.records.map((r) => r.pagingToken));
      })(),
    ).rejects.toThrow(/stop/);
    expect(seen).toEqual([['1', '2']]);
    expect(calls).toEqual([undefined, '2']);
    expect(signals.every((signal) => signal === controller.signal)).toBe(true);
    // Already aborted: not even the first request is made.
    const before = calls.length;
    await expect(collect(pages(fetch, { limit: 2, signal: controller.signal }))).rejects.toThrow(/stop/);
    expect(calls).toHaveLength(before);
  });
});
