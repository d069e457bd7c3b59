// Benchmark: the local network's ledger data lake written from a generated history on its own
// (issue 39.1: at least 5,000 ledgers a second), one ledger a file as the public lake. Also prints
// the generation's own time and the store's size (the core keeps each ledger's compressed close
// meta as it closes it: docs/benchmarks.md, "Ledger data lake").
//   [LEDGERSCOPE_BENCH_LAKE_PARENTS=/dev/shm] node --import tsx test/bench/lake-export.ts [operations=100000] [ledgers-per-file=1]
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { historyGenesisTime } from '../../network/demo-generator/calendar';
import { generateHistory } from '../../network/demo-generator/generate';
import { LakeWriter } from '../../network/lake/writer';
import { Store } from '../../network/service/queries';
import { openStore, storePath } from '../../network/store/db';
import { CoreNode } from '../../network/validator/node';

const ops = Number(process.argv[2] ?? 100_000);
const perFile = Number(process.argv[3] ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-lake-'));
try {
  const db = openStore(storePath(dir));
  const core = new CoreNode(db, { startLedger: 60_000_000, maxQueue: 1000, genesisTime: historyGenesisTime() });
  const generating = performance.now();
  generateHistory(core, { historyOps: ops, accounts: 20, seed: 'bench', dataDir: dir });
  const generated = (performance.now() - generating) / 1000;
  db.close();
  console.log(
    `generation: ${ops} operations in ${generated.toFixed(1)} s, store ${(statSync(storePath(dir)).size / 1e6).toFixed(0)} MB`,
  );
  const store = new Store(storePath(dir));
  // The lake is written beside the store, then under each folder LEDGERSCOPE_BENCH_LAKE_PARENTS
  // names (':' between them; /dev/shm, say: a filesystem whose file creation costs less).
  const parents = [dir, ...(process.env.LEDGERSCOPE_BENCH_LAKE_PARENTS ?? '').split(':').filter(Boolean)];
  for (const parent of parents) {
    const lake = mkdtempSync(join(parent, 'ledgerscope-bench-lake-'));
    try {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const writer = new LakeWriter(store, {
        dir: lake,
        passphrase: store.meta('network_passphrase') ?? '',
        ledgersPerBatch: perFile,
      });
      const batches = writer.catchUp();
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const ledgers = batches * perFile;
      // After the clock: the objects' sizes, compressed and not (the XDR the writer assembled).
      let bytes = 0;
      let xdrBytes = 0;
      for (const entry of readdirSync(lake, { recursive: true, withFileTypes: true }))
        if (entry.isFile() && entry.name.endsWith('.xdr.zst')) {
          const object = readFileSync(join(entry.parentPath, entry.name));
          bytes += object.length;
          xdrBytes += zstdDecompressSync(object).length;
        }
      console.log(
        `lake export to ${parent}: ${ledgers} ledgers (${ops} generated operations) in ${batches} files of ${perFile}, ${seconds.toFixed(2)} s ` +
          `(CPU ${(used.user / 1e6).toFixed(2)} s user, ${(used.system / 1e6).toFixed(2)} s system): ` +
          `${Math.round(ledgers / seconds)} ledgers/s, ${(bytes / 1e6).toFixed(1)} MB (${Math.round(bytes / ledgers)} bytes a ledger), ` +
          `from ${(xdrBytes / 1e6).toFixed(1)} MB of XDR (${Math.round(xdrBytes / ledgers)} bytes a ledger, ${(xdrBytes / 1e6 / seconds).toFixed(0)} MB/s)`,
      );
    } finally {
      rmSync(lake, { recursive: true, force: true });
    }
  }
  store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
