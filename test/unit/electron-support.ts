import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

// Helpers for the electron-* unit tests: waiting for a condition with a deadline (never a sleep).
export async function waitFor<T>(condition: () => T | Promise<T>, what: string, deadlineMs = 10_000): Promise<NonNullable<T>> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out after ${deadlineMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Runs `npm run build` (it skips what is up to date), one test file at a time: test files run in
 * parallel and Vite empties dist/renderer before writing it.
 */
export async function ensureBuilt(): Promise<void> {
  const root = join(import.meta.dirname, '..', '..');
  const lock = join(root, 'node_modules', '.tmp', 'ledgerscope-build.lock');
  mkdirSync(dirname(lock), { recursive: true });
  await waitFor(() => {
    try {
      mkdirSync(lock);
      return true;
    } catch {
      // A lock left by a killed run is stale after a few minutes.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 300_000) rmSync(lock, { recursive: true, force: true });
      return false;
    }
  }, 'the build lock', 300_000);
  try {
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
