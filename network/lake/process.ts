// Process entry of the ledger data lake's writer (docs/lake.md):
//   node --import tsx network/lake/process.ts --data-dir <dir> --lake-dir <dir> [--ledgers-per-file N] [--files-per-partition N]
// Prints `ledgerscope-lake writing <dir>` once its manifest is written, then writes every complete
// batch of closed ledgers, catching up at start and then as ledgers close.
import { resolve } from 'node:path';
import { parseFlags, FlagError, type FlagTable } from '../flags';
import { Store } from '../service/queries';
import { storePath } from '../store/db';
import { LAKE_DEFAULTS, LakeWriter } from './writer';

const FLAGS: FlagTable = {
  'data-dir': { kind: 'string' },
  'lake-dir': { kind: 'string' },
  'ledgers-per-file': { kind: 'int', min: 1, max: 64_000, default: LAKE_DEFAULTS.ledgersPerBatch },
  'files-per-partition': { kind: 'int', min: 1, max: 1_000_000, default: LAKE_DEFAULTS.batchesPerPartition },
};

/** How often the writer looks for closed ledgers, and how many batches it writes a turn. */
const POLL_MS = 250;
const BATCHES_A_TURN = 500;

function main(): void {
  let values;
  try {
    values = parseFlags(process.argv.slice(2), FLAGS);
    if (!values['data-dir'] || !values['lake-dir']) throw new FlagError('--data-dir and --lake-dir are required');
  } catch (error) {
    console.error(`ledgerscope-lake: ${(error as Error).message}`);
    process.exit(2);
  }
  const store = new Store(storePath(resolve(String(values['data-dir']))));
  const dir = resolve(String(values['lake-dir']));
  let writer: LakeWriter;
  try {
    writer = new LakeWriter(store, {
      dir,
      passphrase: store.meta('network_passphrase') ?? '',
      ledgersPerBatch: Number(values['ledgers-per-file']),
      batchesPerPartition: Number(values['files-per-partition']),
    });
  } catch (error) {
    // Another lake in the folder: one sentence, before the ready line (the network says it).
    console.error(`ledgerscope-lake: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(`ledgerscope-lake writing ${dir}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const turn = () => {
    try {
      const written = writer.catchUp(BATCHES_A_TURN);
      timer = setTimeout(turn, written === BATCHES_A_TURN ? 0 : POLL_MS);
    } catch (error) {
      console.error(`ledgerscope-lake: stopped: ${(error as Error).message}`);
      process.exit(1);
    }
  };
  turn();
  const stop = () => {
    clearTimeout(timer);
    store.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
