// kill -9 of the core at seeded moments chosen by what the core is doing, never by the clock:
// every other round in the middle of a ledger close (the fault marker exists), the others after a
// seeded number of the round's submissions were answered. Short close interval, each ledger
// carrying a batch of transactions, then a restart: the store must hold whole ledgers only,
// contiguous, with every invariant intact, and the core must continue from it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Account, Keypair } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../network/validator/invariants';
import { seededRandom } from '../../network/demo-generator/generate';
import { openStore, storePath } from '../../network/store/db';
import { type RunningNetwork, startNetwork } from '../support/network';
import { nativePayment, signedTx } from '../support/signed-tx';
import { waitFor } from '../support/wait';

const ROUNDS = 30;
/** Submissions per round: five from each of six demo accounts. */
const BATCH = 30;
/** Exists while the core is inside a ledger close (LEDGERSCOPE_FAULT_CLOSE_MARKER). */
const MARKER = join(mkdtempSync(join(tmpdir(), 'ledgerscope-kill-')), 'closing');
let net: RunningNetwork;

beforeAll(async () => {
  // Each ledger's SQLite transaction is held open 25 ms of every ~65 ms cycle, so a good share of
  // the random kills land inside a ledger close, between its writes and its commit.
  net = await startNetwork({
    historyOps: 2000,
    accounts: 8,
    seed: 'faults',
    closeIntervalMs: 40,
    env: { LEDGERSCOPE_FAULT_CLOSE_PAUSE_MS: '25', LEDGERSCOPE_FAULT_CLOSE_MARKER: MARKER },
  });
});
afterAll(async () => {
  await net?.stop();
  rmSync(dirname(MARKER), { recursive: true, force: true });
});

function sequences(): Map<string, bigint> {
  const db = openStore(storePath(net.dataDir), { readonly: true });
  const rows = db.prepare('SELECT id, sequence FROM accounts').all() as { id: string; sequence: bigint }[];
  db.close();
  return new Map(rows.map((r) => [r.id, r.sequence]));
}

/** A few signed payments per demo account, so that ledger closes have work to do. */
async function submitBatch(keys: Keypair[], random: () => number, progress: { answered: number }): Promise<number> {
  const seqs = sequences();
  let admitted = 0;
  await Promise.all(
    keys.map(async (key) => {
      const account = new Account(key.publicKey(), (seqs.get(key.publicKey()) ?? 0n).toString());
      for (let i = 0; i < BATCH / keys.length; i++) {
        const other = keys[Math.floor(random() * keys.length)] ?? key;
        const tx = signedTx(key, [nativePayment(other.publicKey(), '0.01')], {
          passphrase: net.passphrase,
          sequence: account,
        });
        try {
          const res = await fetch(`${net.coreUrl}/tx?blob=${encodeURIComponent(tx.toXDR())}`);
          if (((await res.json()) as { status: string }).status === 'PENDING') admitted += 1;
        } catch {
          return; // the core was killed under us: fine, that is the test
        } finally {
          progress.answered += 1;
        }
      }
    }),
  );
  return admitted;
}

function lastLedger(): number {
  const db = openStore(storePath(net.dataDir));
  const problems = checkInvariants(db);
  const row = db.prepare('SELECT max(sequence) AS s FROM ledgers').get() as { s: bigint };
  db.close();
  expect(problems).toEqual([]);
  return Number(row.s);
}

describe('core under kill -9', () => {
  it(`keeps whole, contiguous ledgers and its invariants across ${ROUNDS} kills`, async () => {
    const random = seededRandom('core-kill');
    const keys = net.demoAccounts.slice(0, 6).map((a) => Keypair.fromSecret(a.secretKey));
    const first = lastLedger();
    let previous = first;
    let admitted = 0;
    let killsInClose = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const progress = { answered: 0 };
      const batch = submitBatch(keys, random, progress);
      if (round % 2 === 1) {
        await waitFor(`round ${round}: a ledger close under way`, () => existsSync(MARKER), 10_000, 2);
      } else {
        const after = Math.floor(random() * BATCH);
        await waitFor(`round ${round}: ${after} submissions answered`, () => progress.answered >= after, 10_000, 2);
      }
      await net.killCore();
      if (existsSync(MARKER)) {
        killsInClose += 1;
        rmSync(MARKER);
      }
      admitted += await batch;
      const now = lastLedger();
      expect(now).toBeGreaterThanOrEqual(previous);
      await net.startCore();
      const info = (await (await fetch(`${net.coreUrl}/info`)).json()) as { info: { ledger: { num: number } } };
      expect(info.info.ledger.num).toBeGreaterThanOrEqual(now);
      previous = now;
    }
    expect(admitted).toBeGreaterThan(0);
    expect(killsInClose).toBeGreaterThan(0);
    const db = openStore(storePath(net.dataDir), { readonly: true });
    const applied = db.prepare('SELECT count(*) AS c FROM transactions WHERE ledger > ?').get(first) as { c: bigint };
    db.close();
    console.log(
      `core-kill: ${ROUNDS} kills, ${killsInClose} inside a ledger close, ${admitted} transactions admitted, ${applied.c} applied`,
    );
    expect(applied.c).toBeGreaterThan(0n);
  });
});
