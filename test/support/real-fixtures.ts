// Real data others recorded (Horizon, Stellar RPC and ledger close meta of the public network) sit
// beside the repository, in ../shared/fixtures, never inside it. Conformance tests read them from
// there and skip, saying why, on a machine that does not have them (a clean clone on its own).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures');

/** The folder of one set (`horizon-real`, `rpc-real`, `ledger-meta-real`), or null with the reason printed once. */
export function realFixtures(set: 'horizon-real' | 'rpc-real' | 'ledger-meta-real'): string | null {
  const dir = join(ROOT, set);
  if (existsSync(dir)) return dir;
  console.log(`skipped: the real ${set} fixtures are not at ${dir} (they live beside the repository, not in it)`);
  return null;
}
