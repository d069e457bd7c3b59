// One core writes a data folder at a time. The desktop app, the web host, the command line and
// `npm run network` keep the local network in one folder (shared/local-data.ts); a second core on
// it would write the same SQLite store and lake beside the first. So the core takes
// `<data-dir>/core.pid` before it opens the store: created whole (written aside, then linked into
// place, which fails if the name exists), removed when the core stops. A file whose process is
// gone (a core killed outright) is taken over; one whose process lives refuses the start with a
// sentence naming it.
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'core.pid';

export class DataDirInUse extends Error {
  override name = 'DataDirInUse';
}

/** Whether a process of this id runs now (one of another user's answers EPERM: it runs). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id a lock file names; undefined for one unreadable or not a positive id (never 0: a group). */
function holderOf(path: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const pid = Number(text);
  return pid > 0 ? pid : undefined;
}

/**
 * Takes the data folder for this process; returns its release (idempotent, and it removes the
 * file only while it still names this process). Throws DataDirInUse when a live process holds it.
 */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
  const path = join(dataDir, LOCK_FILE);
  const aside = `${path}.${pid}.tmp`;
  writeFileSync(aside, `${pid}\n`);
  try {
    // Twice at most: once, and once more after removing a lock whose process is gone.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(aside, path);
        return () => {
          if (holderOf(path) === pid) rmSync(path, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = holderOf(path);
      if (holder !== undefined && holder !== pid && alive(holder))
        throw new DataDirInUse(
          `the local network's data in ${dataDir} is in use by another core (process ${holder}): stop that network ` +
            `or give this one another --data-dir (if no network runs there, remove ${path})`,
        );
      // Its process is gone (or the file names none, or this one): the lock is stale.
      rmSync(path, { force: true });
    }
    throw new DataDirInUse(`the local network's data in ${dataDir} could not be taken: ${path} came back at once`);
  } finally {
    rmSync(aside, { force: true });
  }
}
