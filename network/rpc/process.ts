// Process entry of the local network's Stellar RPC:
//   node --import tsx network/rpc/process.ts --data-dir <dir> --port <n> --core-url <url>
//     [--retention-ledgers N] [--core-timeout-ms N]
// Prints `ledgerscope-rpc listening on http://127.0.0.1:<port>` once it answers.
import { pathToFileURL } from 'node:url';
import { FlagError, intFlag, parseFlags, stringFlag, type FlagTable } from '../flags';
import { DEFAULT_RETENTION_LEDGERS } from './methods';
import { startRpc } from './server';

export const RPC_PROCESS_FLAGS: FlagTable = {
  'data-dir': { kind: 'string' },
  port: { kind: 'int', default: 0, max: 65535 },
  'core-url': { kind: 'string' },
  'retention-ledgers': { kind: 'int', default: DEFAULT_RETENTION_LEDGERS, min: 1, max: 2 ** 32 - 1 },
  'core-timeout-ms': { kind: 'int', default: 10_000, min: 1 },
};

async function main(): Promise<void> {
  let values;
  try {
    values = parseFlags(process.argv.slice(2), RPC_PROCESS_FLAGS);
    stringFlag(values, 'data-dir');
    stringFlag(values, 'core-url');
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    console.error(`ledgerscope-rpc: ${error.message}`);
    process.exit(2);
  }
  const rpc = await startRpc({
    dataDir: stringFlag(values, 'data-dir'),
    port: intFlag(values, 'port'),
    coreUrl: stringFlag(values, 'core-url'),
    retentionLedgers: intFlag(values, 'retention-ledgers'),
    coreTimeoutMs: intFlag(values, 'core-timeout-ms'),
  });
  console.log(`ledgerscope-rpc listening on ${rpc.url}`);
  const stop = () => {
    void rpc.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
