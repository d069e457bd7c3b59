// The history generator, in process on a temporary store: deterministic, every operation type,
// failed transactions, the busy account first, signed envelopes that verify, invariants intact.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair, TransactionBuilder } from '@stellar/stellar-base';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../network/validator/invariants';
import { decodeEnvelope } from '../../network/validator/decode';
import { NETWORK_PASSPHRASE } from '../../network/validator/model';
import { SignatureChecker } from '../../network/validator/signatures';
import { authorized } from '../../network/validator/validate';
import { CoreNode } from '../../network/validator/node';
import { type DemoAccount, generateHistory } from '../../network/demo-generator/generate';
import { openStore, storePath } from '../../network/store/db';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function generate(seed: string, historyOps: number) {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-history-'));
  dirs.push(dir);
  const db = openStore(storePath(dir));
  const core = new CoreNode(db, { startLedger: 60_000_000, maxQueue: 10, genesisTime: 1_790_000_000n });
  const accounts = generateHistory(core, { historyOps, accounts: 5, seed, dataDir: dir });
  return { dir, db, core, accounts };
}

const demoFile = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'demo-accounts.json'), 'utf8')) as { passphrase: string; accounts: DemoAccount[] };
const rows = (db: ReturnType<typeof openStore>, sql: string) => db.prepare(sql).all() as Record<string, unknown>[];

describe('history generator', () => {
  const first = generate('unit', 4000);

  it('writes every operation type, failed transactions and sound invariants', () => {
    const types = rows(first.db, 'SELECT DISTINCT type FROM operations ORDER BY type').map((r) => Number(r.type));
    expect(types).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows(first.db, 'SELECT count(*) AS c FROM transactions WHERE successful = 0')[0]?.c).toBeGreaterThan(0n);
    expect(rows(first.db, 'SELECT min(sequence) AS s FROM ledgers')[0]?.s).toBe(59_999_999n);
    expect(Number(rows(first.db, 'SELECT count(*) AS c FROM operations')[0]?.c)).toBeGreaterThanOrEqual(4000);
    expect(checkInvariants(first.db)).toEqual([]);
    const pools = rows(first.db, 'SELECT reserve_a, total_shares FROM liquidity_pools WHERE total_shares > 0');
    expect(pools.length).toBeGreaterThan(0);
    // The bulk load drops the secondary indexes and the journal; both must be back.
    expect(rows(first.db, 'PRAGMA journal_mode')[0]?.journal_mode).toBe('wal');
    const indexes = rows(
      first.db,
      "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    ).map((r) => r.name);
    expect(indexes).toEqual(['operation_scopes_by_outcome', 'operations_by_outcome']);
    const currencies = rows(first.db, 'SELECT DISTINCT asset FROM trustlines WHERE pool_id IS NULL');
    expect(currencies.length).toBeGreaterThanOrEqual(3);
  });

  it('spreads its operations over more than eighteen months, on many days, in strictly later ledgers', () => {
    const days = rows(first.db, 'SELECT DISTINCT substr(created_at, 1, 10) AS d FROM transactions ORDER BY d').map(
      (r) => String(r.d),
    );
    const spanDays = (Date.parse(days.at(-1)!) - Date.parse(days[0]!)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(540);
    expect(days.length).toBeGreaterThan(300);
    const closed = rows(first.db, 'SELECT closed_at FROM ledgers ORDER BY sequence').map((r) =>
      Date.parse(String(r.closed_at)),
    );
    expect(closed.every((t, i) => i === 0 || t > closed[i - 1]!)).toBe(true);
    // Each of the eleven types, successful, happens on several different days.
    const spread = rows(
      first.db,
      'SELECT o.type, count(DISTINCT substr(t.created_at, 1, 10)) AS d FROM operations o JOIN transactions t ON t.id = o.transaction_id WHERE o.successful = 1 GROUP BY o.type',
    );
    expect(spread).toHaveLength(11);
    for (const row of spread) expect(Number(row.d), `type ${row.type}`).toBeGreaterThan(1);
  });

  it('indexes every operation in the listings it belongs to', () => {
    const count = (sql: string) => Number(rows(first.db, sql)[0]?.c);
    expect(
      count(
        "SELECT count(*) AS c FROM operation_scopes s JOIN operations o ON o.id = s.operation_id WHERE s.scope = 'payment' AND o.type <> 0",
      ),
    ).toBe(0);
    expect(
      count(
        "SELECT count(*) AS c FROM operations o WHERE type = 0 AND (SELECT count(*) FROM operation_scopes s WHERE s.scope = 'payment' AND s.operation_id = o.id) <> 2",
      ),
    ).toBe(0);
    expect(
      count(
        "SELECT count(*) AS c FROM operations o WHERE type IN (3, 4) AND NOT EXISTS (SELECT 1 FROM operation_scopes s WHERE s.scope = 'claimable_balance' AND s.operation_id = o.id)",
      ),
    ).toBe(0);
    expect(
      count(
        "SELECT count(*) AS c FROM operations o WHERE type IN (5, 6) AND NOT EXISTS (SELECT 1 FROM operation_scopes s WHERE s.scope = 'liquidity_pool' AND s.operation_id = o.id)",
      ),
    ).toBe(0);
    expect(
      count("SELECT count(*) AS c FROM operation_scopes s WHERE scope = 'liquidity_pool' AND length(key) <> 64"),
    ).toBe(0);
    expect(
      count("SELECT count(*) AS c FROM operation_scopes s WHERE scope = 'claimable_balance' AND length(key) <> 72"),
    ).toBe(0);
    expect(
      count(
        'SELECT count(*) AS c FROM operation_scopes s JOIN operations o ON o.id = s.operation_id WHERE s.successful <> o.successful',
      ),
    ).toBe(0);
    expect(
      count(
        "SELECT count(*) AS c FROM operation_scopes WHERE scope = 'liquidity_pool' AND operation_id IN (SELECT id FROM operations WHERE type = 2)",
      ),
    ).toBeGreaterThan(0);
  });

  it('lists the busy account first, then root, all funded, in demo-accounts.json', () => {
    const file = JSON.parse(readFileSync(join(first.dir, 'demo-accounts.json'), 'utf8')) as {
      passphrase: string;
      accounts: DemoAccount[];
    };
    expect(file.passphrase).toBe(NETWORK_PASSPHRASE);
    expect(file.accounts.map((a) => a.name).slice(0, 3)).toEqual(['busy', 'root', 'alice']);
    expect(file.accounts[1]?.publicKey).toBe(Keypair.master(NETWORK_PASSPHRASE).publicKey());
    for (const account of file.accounts) {
      expect(Keypair.fromSecret(account.secretKey).publicKey()).toBe(account.publicKey);
      expect(first.core.state.accounts.get(account.publicKey)?.balance ?? 0n).toBeGreaterThan(0n);
    }
    const counts = rows(
      first.db,
      "SELECT key, count(*) AS c FROM operation_scopes WHERE scope = 'payment' GROUP BY key ORDER BY c DESC",
    );
    expect(counts[0]?.key).toBe(file.accounts[0]?.publicKey);
    expect(Number(counts[0]?.c)).toBeGreaterThan(1000);
  });

  it('stores envelopes whose signatures verify and whose hash is the row hash', () => {
    // The multisig accounts' envelopes carry their signers' signatures instead (next test).
    const multisig = demoFile(first.dir)
      .accounts.filter((a) => a.signers)
      .map((a) => `'${a.publicKey}'`);
    expect(multisig).toHaveLength(2);
    const sample = rows(
      first.db,
      `SELECT hash, envelope_xdr FROM transactions WHERE source_account NOT IN (${multisig.join(',')}) ORDER BY id DESC LIMIT 50`,
    );
    for (const row of sample) {
      const tx = TransactionBuilder.fromXDR(String(row.envelope_xdr), NETWORK_PASSPHRASE);
      expect(tx.hash().toString('hex')).toBe(row.hash);
      const source = Keypair.fromPublicKey('source' in tx ? tx.source : '');
      expect(tx.signatures).toHaveLength(1);
      expect(source.verify(tx.hash(), tx.signatures[0]?.signature() as Buffer)).toBe(true);
    }
  });

  it('makes a 2-of-3 and a weighted account whose payments their signers sign as the core wants', () => {
    const accounts = demoFile(first.dir).accounts;
    const multisig = accounts.filter((a) => a.signers);
    // Listed last, so that the other accounts keep their places.
    expect(accounts.slice(-2)).toEqual(multisig);
    expect(multisig.map((a) => [a.name, a.masterWeight, a.thresholds, a.signers?.map((s) => s.weight)])).toEqual([
      ['multisig-2of3', 0, { low: 1, med: 2, high: 2 }, [1, 1, 1]],
      ['multisig-weighted', 0, { low: 1, med: 3, high: 5 }, [1, 2, 3]],
    ]);
    for (const demo of multisig) {
      const account = first.core.state.accounts.get(demo.publicKey);
      if (!account || !demo.signers) throw new Error(`${demo.name} missing`);
      expect([account.masterWeight, account.low, account.med, account.high]).toEqual([
        0,
        demo.thresholds?.low,
        demo.thresholds?.med,
        demo.thresholds?.high,
      ]);
      expect(account.signers).toEqual(
        demo.signers.map((s) => ({ key: s.publicKey, weight: s.weight })).sort((x, y) => (x.key < y.key ? -1 : 1)),
      );
      for (const signer of demo.signers)
        expect(Keypair.fromSecret(signer.secretKey).publicKey()).toBe(signer.publicKey);
      const payments = first.db
        .prepare(
          'SELECT t.envelope_xdr, t.successful FROM transactions t JOIN operations o ON o.transaction_id = t.id WHERE t.source_account = ? AND o.type = 0',
        )
        .all(demo.publicKey) as { envelope_xdr: string; successful: bigint }[];
      expect(payments.length).toBeGreaterThanOrEqual(4);
      const signerSets = new Set<string>();
      for (const row of payments) {
        expect(row.successful).toBe(1n);
        const env = decodeEnvelope(row.envelope_xdr, first.core.networkId);
        const checker = new SignatureChecker(env.signed);
        expect(authorized(checker, account, 'low') && authorized(checker, account, 'med')).toBe(true);
        expect(checker.allUsed()).toBe(true);
        const tx = TransactionBuilder.fromXDR(row.envelope_xdr, NETWORK_PASSPHRASE);
        const used = tx.signatures.map((sig) =>
          demo.signers?.find((s) => Keypair.fromPublicKey(s.publicKey).signatureHint().equals(sig.hint())),
        );
        tx.signatures.forEach((sig, i) =>
          expect(Keypair.fromPublicKey(used[i]?.publicKey ?? demo.publicKey).verify(tx.hash(), sig.signature())).toBe(
            true,
          ),
        );
        signerSets.add(used.map((s) => s?.publicKey).join(','));
      }
      // Every signer set that meets the medium threshold exactly shows up.
      expect(signerSets.size).toBe(demo.name === 'multisig-2of3' ? 3 : 2);
    }
  });

  it('is deterministic for a seed', () => {
    const again = generate('unit', 4000);
    const digest = (db: ReturnType<typeof openStore>) =>
      rows(db, 'SELECT hash FROM ledgers ORDER BY sequence DESC LIMIT 1')[0]?.hash;
    expect(again.accounts).toEqual(first.accounts);
    expect(digest(again.db)).toBe(digest(first.db));
    const other = generate('other seed', 500);
    expect(other.accounts[0]?.publicKey).not.toBe(first.accounts[0]?.publicKey);
  });
});
