// The sync's check of the page it asked for early (core/history-index/main-thread/walk.ts): the
// next page is asked for from the cursor a full page's `next` link names, and that request is
// used only if the cursor is the token the whole page ended with. A stand-in Horizon whose links
// name exactly the last token, one record after it, or one record before it, and nothing else
// changed: when they agree the walk takes every early request; when the link is a record ahead
// (a page taken from it would skip that record) or a record behind, the walk asks again from the
// last token and indexes every operation once.
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryPage, HistoryProgress } from '../../shared/history';
import { accountKeys } from '../support/service-store';
import { StandinHorizon } from '../support/standin-horizon';
import { waitFor } from '../support/wait';
import { startCore, type CoreFixture } from './app-support';

const [ACCOUNT, ...OTHERS] = accountKeys(4, 37) as [string, ...string[]];
let standIn: StandinHorizon | undefined;
const cores: CoreFixture[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await standIn?.close();
  standIn = undefined;
});

/** A full sync of 600 operations (three full pages) against a stand-in whose `next` links name the token `step` records from each page's last. */
async function syncWithLinks(step: -1 | 0 | 1): Promise<{ ids: string[]; cursors: string[]; server: StandinHorizon }> {
  const shifted = (last: string): string => {
    const ids = standIn!.ids;
    return ids[ids.indexOf(last) + step] ?? last;
  };
  standIn = await new StandinHorizon({
    account: ACCOUNT,
    counterparties: OTHERS,
    operations: 600,
    elderLedger: 10,
    ...(step ? { nextCursor: shifted } : {}),
  }).start();
  const app = startCore(standIn.url);
  cores.push(app);
  await app.call('history:sync', { account: ACCOUNT, follow: false });
  const progress = () =>
    app.events.filter((e) => e.channel === 'history:progress').map((e) => e.payload as HistoryProgress);
  const done = await waitFor('the sync to settle', () =>
    progress().find((p) => p.state === 'current' || p.state === 'error'),
  );
  expect(done.state).toBe('current');
  const page = await app.call<HistoryPage>('history:query', { account: ACCOUNT, sort: 'time', limit: 1000 });
  const cursors = standIn.requests
    .filter((r) => r.path.endsWith('/operations'))
    .map((r) => r.query.get('cursor') ?? '');
  return { ids: page.rows.map((r) => r.id), cursors, server: standIn };
}

describe("the page asked for early from a full page's next link", () => {
  it('is taken when the link names the last token: one request a page', async () => {
    const { ids, cursors, server } = await syncWithLinks(0);
    expect(ids).toEqual(server.ids);
    expect(cursors).toEqual(['', server.ids[199], server.ids[399], server.ids[599]]);
  });

  it('is not taken when the link names the record after the last: that record is indexed, asked for again from the last token', async () => {
    const { ids, cursors, server } = await syncWithLinks(1);
    expect(ids).toEqual(server.ids);
    expect(cursors).toEqual(expect.arrayContaining(['', server.ids[199], server.ids[399], server.ids[599]]));
  });

  it('is not taken when the link names the record before the last: asked for again from the last token', async () => {
    const { ids, cursors, server } = await syncWithLinks(-1);
    expect(ids).toEqual(server.ids);
    expect(cursors).toEqual(expect.arrayContaining(['', server.ids[199], server.ids[399], server.ids[599]]));
  });
});
