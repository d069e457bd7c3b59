// The one paging guard (shared/paging-guard.ts): each fault it names, both edges of each (a token
// equal to the cursor, and the one just after it), both orders, tokens that cannot be compared,
// and the walk's guard over pages (the page before kept as three tokens).
import { describe, expect, it } from 'vitest';
import {
  pageFault,
  PAGING_FAULTS,
  PagingError,
  PagingGuard,
  pagingMessage,
  type PagingOrder,
} from '../../shared/paging-guard';
import { pages } from '../../shared/paging';

const t = (...numbers: number[]) => numbers.map(String);
const fault = (order: PagingOrder, cursor: string | undefined, tokens: string[], next: string | null) =>
  pageFault(order, { cursor, tokens, next });

describe('pageFault, one page against its cursor', () => {
  it('accepts the first page, a page after its cursor, an empty last page', () => {
    expect(fault('asc', undefined, t(1, 2, 3), '3')).toBeNull();
    expect(fault('asc', '', t(1, 2, 3), '3')).toBeNull();
    expect(fault('asc', '3', t(4, 5, 6), '6')).toBeNull();
    expect(fault('asc', '3', t(4), null)).toBeNull();
    expect(fault('asc', '3', [], null)).toBeNull();
    expect(fault('desc', '9', t(8, 7, 6), '6')).toBeNull();
  });

  it('a page ending at its own cursor is the same page again', () => {
    expect(fault('asc', '3', t(1, 2, 3), '3')).toBe('same_page');
    expect(fault('desc', '6', t(8, 7, 6), '6')).toBe('same_page');
    expect(fault('asc', 'now', ['now'], null)).toBe('same_page');
  });

  it('the first record at the cursor repeats it; one just after does not (both edges)', () => {
    expect(fault('asc', '3', t(3, 4, 5), '5')).toBe('repeated');
    expect(fault('asc', '3', t(2, 4, 5), '5')).toBe('repeated');
    expect(fault('asc', '3', t(4, 5, 6), '6')).toBeNull();
    expect(fault('desc', '6', t(6, 5, 4), '4')).toBe('repeated');
    expect(fault('desc', '6', t(5, 4, 3), '3')).toBeNull();
  });

  it('a page wholly before its cursor went backwards', () => {
    expect(fault('asc', '10', t(4, 5, 6), '6')).toBe('backwards');
    expect(fault('asc', '10', t(9), null)).toBe('backwards');
    expect(fault('desc', '3', t(6, 5, 4), '4')).toBe('backwards');
  });

  it('records out of the listing order, or twice in one page', () => {
    expect(fault('asc', undefined, t(1, 3, 2), null)).toBe('out_of_order');
    expect(fault('asc', undefined, t(1, 2, 2), null)).toBe('out_of_order');
    expect(fault('desc', undefined, t(3, 2, 1), null)).toBeNull();
    expect(fault('desc', undefined, t(1, 2, 3), null)).toBe('out_of_order');
  });

  it('a next cursor equal to the request’s did not advance; one before it, or before the last record, went backwards', () => {
    expect(fault('asc', '3', [], '3')).toBe('not_advanced');
    expect(fault('asc', '3', [], '2')).toBe('backwards');
    expect(fault('asc', '3', [], '4')).toBeNull();
    expect(fault('asc', '3', t(4, 5, 6), '5')).toBe('backwards');
    expect(fault('asc', 'abc', [], 'abc')).toBe('not_advanced');
  });

  it('tokens that are not digits are compared for equality only', () => {
    expect(fault('asc', 'b', ['c', 'a'], 'a')).toBeNull();
    expect(fault('asc', 'b', ['c', 'b'], 'b')).toBe('same_page');
    expect(fault('asc', 'b', ['b', 'c'], 'c')).toBe('repeated');
    // 20 digits still compare as numbers (a TOID has at most 19)
    expect(fault('asc', '99999999999999999999', t(5), null)).toBe('backwards');
  });
});

describe('pageFault with the page before', () => {
  const previous = { cursor: '10', first: '11', last: '13' };
  it('the same first and last tokens are the same page, whatever cursor was followed', () => {
    expect(pageFault('asc', { cursor: '20', tokens: t(11, 12, 13), next: '13' }, previous)).toBe('same_page');
  });
  it('a record of the page before, or inside its span, repeats it; one before its cursor went backwards', () => {
    expect(pageFault('asc', { cursor: '20', tokens: t(13, 21), next: '21' }, previous)).toBe('repeated');
    expect(pageFault('asc', { cursor: '20', tokens: t(12), next: null }, previous)).toBe('backwards');
    expect(pageFault('asc', { cursor: '11', tokens: t(12, 14), next: '14' }, previous)).toBe('repeated');
    expect(pageFault('asc', { cursor: '5', tokens: t(6, 7), next: '7' }, previous)).toBe('backwards');
    expect(pageFault('asc', { cursor: '13', tokens: t(14, 15), next: '15' }, previous)).toBeNull();
  });
});

describe('PagingGuard', () => {
  it('walks good pages and stops at the first bad one with the sentence and cursor', () => {
    const guard = new PagingGuard('asc');
    guard.check({ cursor: undefined, tokens: t(1, 2), next: '2' });
    guard.check({ cursor: '2', tokens: t(3, 4), next: '4' });
    let error: unknown;
    try {
      guard.check({ cursor: '4', tokens: t(3, 4), next: '4' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PagingError);
    expect(error).toMatchObject({ fault: 'same_page', cursor: '4', code: 'bad_response' });
    expect((error as Error).message).toBe(pagingMessage('same_page', '4'));
    expect((error as Error).message).toContain(PAGING_FAULTS.same_page);
    expect((error as Error).message).toContain('after cursor 4');
  });

  it('keeps three tokens of the page before, however large the pages', () => {
    const guard = new PagingGuard('asc');
    guard.check({ cursor: undefined, tokens: Array.from({ length: 10_000 }, (_, i) => String(i + 1)), next: '10000' });
    expect(Object.values(guard['previous' as keyof PagingGuard] as object)).toEqual([undefined, '1', '10000']);
  });
});

describe('pages() stops a hostile listing', () => {
  it('a server that answers the same full page for every cursor: one good page, then the error', async () => {
    const calls: (string | undefined)[] = [];
    const fetch = async (cursor: string | undefined) => {
      calls.push(cursor);
      return t(1, 2, 3).map((pagingToken) => ({ pagingToken }));
    };
    const seen: string[][] = [];
    const walk = (async () => {
      for await (const page of pages(fetch, { order: 'asc', limit: 3 }))
        seen.push(page.records.map((r) => r.pagingToken));
    })();
    await expect(walk).rejects.toThrow(PAGING_FAULTS.same_page);
    expect(seen).toEqual([t(1, 2, 3)]);
    expect(calls).toEqual([undefined, '3']);
  });
});
