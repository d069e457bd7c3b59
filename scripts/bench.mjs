// `npm run bench [-- name-filter]`: runs each benchmark of test/bench/ in turn (they print their
// own figures). Benchmarks are not tests: they are never part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const filter = process.argv[2] ?? '';
/** Files of test/bench that benchmarks use and that are not benchmarks themselves. */
const HELPERS = new Set(['latency-proxy.ts', 'service-stream-client.ts', 'service-support.ts']);
const benches = readdirSync(join(root, 'test', 'bench'))
  .filter((name) => /\.ts$/.test(name) && !name.endsWith('.d.ts') && !HELPERS.has(name) && name.includes(filter))
  .sort();
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
