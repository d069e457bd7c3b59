// kill -9 of `ledgerscope sync` while it walks a long history as two walks (walk.ts: the local
// service announces requests to spare), at points chosen by the index's own progress, then a
// resume: after every kill the file holds exactly the operations up to the stored token and, if a
// walk ahead was under way, those after its start up to its own token (each page commits with
// its walk's token); the finished index holds every operation of the account exactly once, with
// one token and no walk ahead left.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryProgress } from '../../shared/history';
import { indexedRows, listedIds, runCli, startCli } from '../support/cli-process';
import { startNetwork, type RunningNetwork } from '../support/network';
import { waitFor } from '../support/wait';

let net: RunningNetwork;
let busy: string;
const userData = mkdtempSync(join(tmpdir(), 'ledgerscope-history-kill-two-'));

beforeAll(async () => {
  net = await startNetwork({ historyOps: 40_000, accounts: 6, seed: 'history-kill-two' });
  busy = net.demoAccounts[0]!.publicKey;
}, 120_000);

afterAll(async () => {
  await net?.stop();
});

/** The account's tokens and indexed ids, read from the file as it is on disk. */
function stored(): { token: string | null; aheadFrom: string | null; aheadToken: string | null; ids: bigint[] } {
  const dir = join(userData, 'history');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite'))!;
  const db = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    const account = db
      .prepare('SELECT acct, last_token, ahead_from, ahead_token FROM accounts WHERE address = ?')
      .get(busy) as Record<string, string | number | null>;
    const ids = (
      db.prepare('SELECT CAST(id AS TEXT) AS id FROM ops WHERE acct = ? ORDER BY ops.id').all(account['acct']!) as {
        id: string;
      }[]
    ).map((r) => BigInt(r.id));
    return {
      token: account['last_token'] as string | null,
      aheadFrom: account['ahead_from'] as string | null,
      aheadToken: account['ahead_token'] as string | null,
      ids,
    };
  } finally {
    db.close();
  }
}

describe('kill -9 of a history sync walking as two', () => {
  it('loses and doubles nothing in either walk, whatever the moment', async () => {
    const listed = (await listedIds(net.serviceUrl, busy)).map(BigInt);
    expect(listed.length).toBeGreaterThan(15_000);
    let sawAhead = false;
    for (const rows of [1_000, 4_000, 8_000]) {
      const sync = startCli(['sync', busy, '--network', net.serviceUrl], userData);
      await waitFor(`${rows} rows in the index`, () => indexedRows(userData, busy) >= rows, 90_000, 2);
      sync.child.kill('SIGKILL');
      expect((await sync.done).signal).toBe('SIGKILL');
      const state = stored();
      expect(state.ids.length).toBeLessThan(listed.length);
      const token = BigInt(state.token!);
      const [from, upTo] =
        state.aheadFrom === null
          ? [null, null]
          : [BigInt(state.aheadFrom), BigInt(state.aheadToken ?? state.aheadFrom)];
      if (from !== null) sawAhead = true;
      expect(state.ids).toEqual(listed.filter((id) => id <= token || (from !== null && id > from && id <= upTo!)));
    }
    // The kills fell while a walk ahead was under way at least once (each resumes it).
    expect(sawAhead).toBe(true);
    const last = await runCli(['sync', busy, '--network', net.serviceUrl], userData);
    expect(last.code).toBe(0);
    expect((JSON.parse(last.out) as HistoryProgress).records).toBe(listed.length);
    const done = stored();
    expect(done.ids).toEqual(listed);
    expect([done.token, done.aheadFrom, done.aheadToken]).toEqual([String(listed.at(-1)), null, null]);
  }, 300_000);
});
