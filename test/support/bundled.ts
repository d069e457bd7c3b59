// The directory of the processes' bundles (test/support/process-bundle.ts): the command line and the
// local network's parts, built on first use by this test process and used by every file it runs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let built: string | undefined;

/** Whether a process of this id still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Built into a directory of this process's own under node_modules/.tmp (the bundles' packages
 * resolve from the repository's node_modules), afresh by every test process, so never older than
 * the sources. A test worker is ended without its exit handlers at times: the directories of
 * processes that are gone are removed here.
 */
export function bundleDir(): string {
  if (built) return built;
  const tmp = join(ROOT, 'node_modules', '.tmp');
  mkdirSync(tmp, { recursive: true });
  for (const name of readdirSync(tmp)) {
    const owner = /^ledgerscope-bundles-(\d+)-/.exec(name)?.[1];
    if (owner && !alive(Number(owner))) rmSync(join(tmp, name), { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(tmp, `ledgerscope-bundles-${process.pid}-`));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'test', 'support', 'process-bundle.ts'), dir],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`bundling the processes failed:\n${result.stdout}\n${result.stderr}`);
  built = dir;
  return dir;
}
