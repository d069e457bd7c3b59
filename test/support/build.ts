import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { waitFor } from './wait';

// `npm run build` for the tests that check what it makes (test/integration/electron-*.test.ts).

/**
 * Runs `npm run build` (it skips what is up to date), one test file at a time: test files run in
 * parallel and Vite empties dist/renderer before writing it.
 */
export async function ensureBuilt(): Promise<void> {
  const root = join(import.meta.dirname, '..', '..');
  const lock = join(root, 'node_modules', '.tmp', 'ledgerscope-build.lock');
  mkdirSync(dirname(lock), { recursive: true });
  await waitFor(
    'the build lock',
    () => {
      try {
        mkdirSync(lock);
        return true;
      } catch {
        // A lock left by a killed run is stale after a few minutes.
        if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 300_000)
          rmSync(lock, { recursive: true, force: true });
        return false;
      }
    },
    300_000,
  );
  try {
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
