// kill -9 of `ledgerscope sync` at points chosen by the index's own progress (after it holds N
// rows), then a resume: after every kill the stored paging token is exactly the newest indexed
// operation and the file holds exactly the account's operations up to it (rows and token commit
// together), and the finished index holds every operation of the account exactly once.
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
const userData = mkdtempSync(join(tmpdir(), 'ledgerscope-history-kill-'));

beforeAll(async () => {
  // A limited request rate keeps the sync slow enough to be killed at each chosen point.
  net = await startNetwork({
    historyOps: 4000,
    accounts: 6,
    seed: 'history-kill',
    args: ['--loopback-rate-limit', '6', '--rate-limit-window-ms', '1000'],
  });
  busy = net.demoAccounts[0]!.publicKey;
});

afterAll(async () => {
  await net?.stop();
});

/** The account's stored token and its newest indexed operation id, read from the file as it is on disk. */
function tokenAndNewest(): { token: string | null; newest: string | null; rows: number; ids: string[] } {
  const dir = join(userData, 'history');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite'))!;
  const db = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    const account = db.prepare('SELECT acct, last_token FROM accounts WHERE address = ?').get(busy) as {
      acct: number;
      last_token: string | null;
    };
    const ops = db
      .prepare('SELECT CAST(max(id) AS TEXT) AS newest, count(*) AS n FROM ops WHERE acct = ?')
      .get(account.acct) as { newest: string | null; n: number };
    const ids = (
      db.prepare('SELECT CAST(id AS TEXT) AS id FROM ops WHERE acct = ? ORDER BY ops.id').all(account.acct) as {
        id: string;
      }[]
    ).map((r) => r.id);
    return { token: account.last_token, newest: ops.newest, rows: Number(ops.n), ids };
  } finally {
    db.close();
  }
}

describe('kill -9 of a history sync', () => {
  it('loses and doubles nothing, whatever the moment', async () => {
    const listed = await listedIds(net.serviceUrl, busy);
    expect(listed.length).toBeGreaterThan(2_000);
    for (const rows of [400, 1_200, 2_000]) {
      const sync = startCli(['sync', busy, '--network', net.serviceUrl], userData);
      await waitFor(`${rows} rows in the index`, () => indexedRows(userData, busy) >= rows, 90_000, 5);
      sync.child.kill('SIGKILL');
      expect((await sync.done).signal).toBe('SIGKILL');
      const state = tokenAndNewest();
      expect(state.rows).toBeLessThan(listed.length);
      expect(state.token).toBe(state.newest);
      expect(listed.slice(0, state.rows).at(-1)).toBe(state.newest);
      expect(state.ids).toEqual(listed.filter((id) => BigInt(id) <= BigInt(state.token!)));
    }
    const last = await runCli(['sync', busy, '--format', 'json', '--network', net.serviceUrl], userData);
    expect(last.code).toBe(0);
    expect((JSON.parse(last.out) as HistoryProgress).records).toBe(listed.length);
    const all = await runCli(
      [
        'history',
        busy,
        '--failed',
        '--sort=time',
        '--limit',
        '1000000',
        '--format',
        'ndjson',
        '--network',
        net.serviceUrl,
      ],
      userData,
    );
    const ids = all.out
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toEqual(listed);
  }, 300_000);
});
