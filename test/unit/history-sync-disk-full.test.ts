// A sync whose index cannot keep a page (a full disk: SQLite refuses the group's commit and rolls
// it back) ends saying how many records the index holds, not how many its pages brought: the
// worker's view after the rollback is the committed one (store.ts), and the sync reads it before
// it reports the error (issue 37.8: "5,800 records" shown where 3,600 were kept).
import { describe, expect, it } from 'vitest';
import type { HistoryProgress } from '../../shared/history';
import { HttpClient } from '../../core/http/http';
import type { Answer } from '../../core/http/http-node';
import type { AccountMeta, PageResult } from '../../core/history-index/protocol';
import { AccountSync, type IndexCall } from '../../core/history-index/main-thread/sync';
import type { HeldAnswer, HeldPage } from '../../core/history-index/main-thread/worker-transport';
import { PAGE_LIMIT } from '../../core/history-index/walk-cursor';
import { sourceOf } from '../../core/sources/registry';

const ME = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
const meta = (rows: number, token: string | null): AccountMeta => ({
  acct: 1,
  address: ME,
  lastToken: token,
  completeFrom: 1,
  state: 'syncing',
  rows,
  bytes: 0,
  oldest: rows ? 1_700_000_000_000 : null,
  newest: rows ? 1_700_000_000_000 : null,
  damaged: null,
  sides: { transactions: null, trades: null, missing: null },
  ledgers: null,
});

/** Pages of PAGE_LIMIT records as the worker would hold them: page n names token `${n}`. */
function transport(): (url: URL) => Promise<HeldAnswer> {
  let rid = 0;
  return async (url) => {
    const cursor = Number(url.searchParams.get('cursor') ?? '0');
    rid += 1;
    const held: HeldPage = { rid, length: 100, guess: String(cursor + 1) };
    const answer = { status: 200, ok: true, headers: new Headers(), text: async () => '' } as unknown as Answer;
    return { ...answer, held: async () => held } as HeldAnswer;
  };
}

describe('a sync whose index cannot keep a page', () => {
  it('ends reporting the records the index kept, not those its pages brought', async () => {
    const profile = {
      id: 'standin',
      name: 'Stand-in',
      baseUrl: 'http://127.0.0.1:9',
      passphrase: 'p',
      dialect: 'horizon' as const,
      builtIn: false,
    };
    // Pages 1 to 5 are written in an open group; the sixth fails, and its group rolls back to the
    // 2 pages committed before it.
    const committed = 2 * PAGE_LIMIT;
    let pages = 0;
    const call = (async (op: string) => {
      if (op === 'meta') return meta(pages >= 6 ? committed : 0, pages >= 6 ? '2' : null);
      return undefined;
    }) as unknown as IndexCall;
    const progress: HistoryProgress[] = [];
    const sync = new AccountSync({
      source: sourceOf(profile, new HttpClient(profile.baseUrl, { maxRetries: 0 })),
      profile,
      account: ME,
      call,
      root: async () => ({ elder: 1, latest: 100 }),
      transport: () => transport() as never,
      ingest: async (): Promise<PageResult> => {
        pages += 1;
        if (pages === 6) throw new Error('database or disk is full');
        const token = String(pages);
        return {
          added: PAGE_LIMIT,
          count: PAGE_LIMIT,
          firstToken: token,
          lastToken: token,
          meta: meta(pages * PAGE_LIMIT, token),
        };
      },
      release: () => undefined,
      emit: (p) => progress.push(p),
      follow: false,
    });
    sync.start(false);
    const end = await sync.settled();
    expect(end.state).toBe('error');
    expect(end.message).toMatch(/database or disk is full/);
    // Five pages' 1,000 records went by on the way; 400 are in the index, and that is what it says.
    expect(pages).toBe(6);
    expect(end.records).toBe(committed);
    expect(progress.at(-1)!.records).toBe(committed);
  });
});
