// The core node's process entry:
//   node --import tsx network/validator-process.ts --data-dir D [--port 11626] [--start-ledger 2]
//     [--close-interval-ms 1000] [--history-ops N] [--accounts N] [--seed S] [--max-queue N]
// On a fresh data directory it creates genesis and generates the history before it listens; on an
// existing one it continues from the stored ledger. Prints one line when ready:
//   ledgerscope-core listening on http://127.0.0.1:<port>
// SIGINT/SIGTERM: the ledger being closed finishes (a close is synchronous), the store is closed,
// exit code 0. A data directory another live core holds (its core.pid) is refused, exit code 2.
import { mkdirSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type { Server } from 'node:http';
import { historyGenesisTime } from './demo-generator/calendar';
import { generateHistory } from './demo-generator/generate';
import { openStore, storePath } from './store/db';
import { CORE_FLAGS, FlagError, intFlag, parseFlags, stringFlag } from './flags';
import { CoreNode } from './validator/node';
import { startServer } from './validator/server';
import { DataDirInUse, lockDataDir } from './validator/data-lock';

function fail(message: string): never {
  process.stderr.write(`ledgerscope-core: ${message}\n`);
  process.exit(2);
}

/**
 * Opens the store, and says whether its history is complete. A history generation that was
 * interrupted (ledgers written, but no history_generated mark) is discarded, so that it runs
 * again from genesis on a clean file.
 */
function openStoreForHistory(path: string): { db: DatabaseSync; generated: boolean } {
  const db = openStore(path);
  const ledgers = (db.prepare('SELECT count(*) AS c FROM ledgers').get() as { c: bigint }).c;
  const generated = db.prepare("SELECT 1 AS found FROM meta WHERE key = 'history_generated'").get() !== undefined;
  if (ledgers === 0n || generated) return { db, generated };
  process.stdout.write('ledgerscope-core: discarding an interrupted history generation\n');
  db.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  return { db: openStore(path), generated: false };
}

async function main(): Promise<void> {
  let flags;
  let dataDir: string;
  try {
    flags = parseFlags(process.argv.slice(2), CORE_FLAGS);
    dataDir = stringFlag(flags, 'data-dir');
  } catch (error) {
    if (error instanceof FlagError) fail(error.message);
    throw error;
  }
  const historyOps = intFlag(flags, 'history-ops');
  mkdirSync(dataDir, { recursive: true });
  // One core writes a data folder at a time (data-lock.ts); the file goes when this process does.
  try {
    process.on('exit', lockDataDir(dataDir));
  } catch (error) {
    if (error instanceof DataDirInUse) fail(error.message);
    throw error;
  }
  const { db, generated } = openStoreForHistory(storePath(dataDir));
  const core = new CoreNode(db, {
    startLedger: intFlag(flags, 'start-ledger'),
    maxQueue: intFlag(flags, 'max-queue'),
    genesisTime: historyGenesisTime(),
  });
  if (!generated) {
    const started = performance.now();
    generateHistory(core, {
      historyOps,
      accounts: intFlag(flags, 'accounts'),
      seed: stringFlag(flags, 'seed'),
      dataDir,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`ledgerscope-core: generated ${historyOps} history operations in ${seconds} s\n`);
  }
  const server: Server = await startServer(core, intFlag(flags, 'port'));
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (timer) clearTimeout(timer);
    const finish = () => {
      db.close();
      process.stdout.write(`ledgerscope-core: stopped (${signal}) at ledger ${core.closer.last.sequence}\n`);
      process.exit(0);
    };
    server.close(finish);
    server.closeAllConnections();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`ledgerscope-core listening on http://127.0.0.1:${port}\n`);

  const interval = intFlag(flags, 'close-interval-ms');
  const tick = () => {
    if (stopping) return;
    try {
      core.closeLedger();
    } catch (error) {
      // The in-memory state may now be ahead of the store: stop, and let a restart reload it.
      process.stderr.write(`ledgerscope-core: ledger close failed: ${(error as Error).message}\n`);
      process.exit(1);
    }
    timer = setTimeout(tick, interval);
  };
  timer = setTimeout(tick, interval);
}

main().catch((error: unknown) => {
  process.stderr.write(`ledgerscope-core: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
