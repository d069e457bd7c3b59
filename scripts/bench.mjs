// `npm run bench [-- name-filter]`: runs each benchmark of test/bench/ in turn with its default
// arguments (they print their own figures; docs/benchmarks.md says what each measures and takes).
// Benchmarks are not tests: they are never part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
/** Files of test/bench that benchmarks use and that are not benchmarks themselves. */
const HELPERS = new Set([
  'history-sync-run.ts',
  'latency-proxy.ts',
  'rpc-support.ts',
  'service-stream-client.ts',
  'service-support.ts',
]);
const all = readdirSync(join(root, 'test', 'bench'))
  .filter((name) => /\.ts$/.test(name) && !name.endsWith('.d.ts') && !HELPERS.has(name))
  .sort();

const USAGE = `usage: npm run bench -- [name-filter]
  name-filter   run only the benchmarks whose file name contains it (default: every one)
  --help, -h    print this and exit
Runs each benchmark of test/bench/ with its default arguments, one after the other; to give one
its own arguments, run it directly: node --import tsx test/bench/<file> … (docs/benchmarks.md).
The renderer benchmarks need the built renderer (node scripts/build.mjs --renderer).
Benchmarks: ${all.join(', ')}`;

if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const flag = args.find((arg) => arg.startsWith('-'));
if (flag !== undefined || args.length > 1) {
  console.error(`ledgerscope: ${flag === undefined ? 'one name filter at most' : `unknown flag ${flag}`}\n${USAGE}`);
  process.exit(2);
}
const filter = args[0] ?? '';
const benches = all.filter((name) => name.includes(filter));
if (benches.length === 0) {
  console.error(`no benchmark in test/bench matches "${filter}"`);
  process.exit(2);
}
let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'test', 'bench', name)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
