// Benchmark: history generation, operations per second, through the real apply path and store.
//   node --import tsx test/bench/history-generate.ts [operations=1000000] [--no-sign] [--check] [--lake]
// --check runs the invariants on the history afterwards; --no-sign leaves the envelopes unsigned;
// --lake then writes the ledger data lake of the whole history (one ledger a file, as the local
// network's lake writer does) and prints its time and the total (issue 39.1: at most 60 s for
// 1,000,000 operations with the lake written).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreNode } from '../../network/validator/node';
import { checkInvariants } from '../../network/validator/invariants';
import { historyGenesisTime } from '../../network/demo-generator/calendar';
import { generateHistory } from '../../network/demo-generator/generate';
import { openStore, storePath } from '../../network/store/db';
import { LakeWriter } from '../../network/lake/writer';
import { Store } from '../../network/service/queries';

const ops = Number(process.argv[2] ?? 1_000_000);
const sign = !process.argv.includes('--no-sign');
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-'));
try {
  const db = openStore(storePath(dir));
  const core = new CoreNode(db, { startLedger: 60_000_000, maxQueue: 1000, genesisTime: historyGenesisTime() });
  const started = performance.now();
  generateHistory(core, { historyOps: ops, accounts: 20, seed: 'bench', dataDir: dir, sign });
  const seconds = (performance.now() - started) / 1000;
  const counts = db
    .prepare(
      'SELECT (SELECT count(*) FROM operations) AS ops, (SELECT count(*) FROM transactions) AS txs, (SELECT count(*) FROM ledgers) AS ledgers',
    )
    .get() as Record<string, bigint>;
  db.close();
  const size = statSync(storePath(dir)).size / 1e6;
  console.log(
    `history generation: ${counts.ops} operations, ${counts.txs} transactions, ${counts.ledgers} ledgers in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  ${Math.round(Number(counts.ops) / seconds)} operations/s (signed envelopes: ${sign}), store ${size.toFixed(0)} MB`,
  );
  if (process.argv.includes('--lake')) {
    const t = performance.now();
    const store = new Store(storePath(dir));
    const writer = new LakeWriter(store, {
      dir: join(dir, 'lake'),
      passphrase: store.meta('network_passphrase') ?? '',
    });
    const files = writer.catchUp();
    store.close();
    const lakeSeconds = (performance.now() - t) / 1000;
    console.log(
      `  lake: ${files} ledgers written in ${lakeSeconds.toFixed(1)} s (${Math.round(files / lakeSeconds)} ledgers/s); ` +
        `generation and lake ${(seconds + lakeSeconds).toFixed(1)} s`,
    );
  }
  if (process.argv.includes('--check')) {
    const t = performance.now();
    const problems = checkInvariants(openStore(storePath(dir), { readonly: true }));
    console.log(
      `  invariants: ${problems.length ? problems.join('; ') : 'ok'} (${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
