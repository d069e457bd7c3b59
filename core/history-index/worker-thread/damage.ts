// A damaged history index is found and said, never read as if whole (issue #28.9). Two checks:
// - the file: each process that opens it leaves a marker beside it (`<file>.open-<pid>-<n>`),
//   removed when it closes the file cleanly. A marker of a process that is gone means a stop that
//   was not clean (a kill, a crash, a power cut), and the next open runs SQLite's
//   `PRAGMA quick_check` before anything is read. quick_check, not integrity_check: on an index of
//   1,000,000 operations (548 MB) integrity_check took 27 s on the 2-core test machine, quick_check
//   0.9 to 2.3 s (it checks every page's structure, not that each index matches its table).
//   Until the file is rebuilt it stays damaged: the stale markers stay, so every open checks again.
// - each stored page (pages.ts): its CRC-32 is written with it and checked when it is read; a page
//   whose bytes changed marks its account damaged (`accounts.damaged`).
// SQLite's own corruption errors, met by any read, mark the file damaged too.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import * as zlib from 'node:zlib';

export { damagedError } from '../damaged';

/** A stored page whose bytes fail their checksum (or do not decompress): its account's index is damaged. */
export class PageDamage extends Error {
  override name = 'PageDamage';
  constructor(
    readonly acct: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The CRC-32 of a page's stored bytes. */
export function pageSum(body: Uint8Array): number {
  return zlib.crc32(body);
}

/** Whether an error is SQLite finding the file malformed or not a database. */
export function isCorruption(error: unknown): boolean {
  const { errcode, message } = error as { errcode?: unknown; message?: unknown };
  if (typeof errcode === 'number' && [11, 26].includes(errcode & 0xff)) return true;
  return typeof message === 'string' && /database disk image is malformed|file is not a database/i.test(message);
}

/** SQLite's quick_check of the file: null when it is sound, else what it found (its first lines). */
export function quickCheck(db: DatabaseSync): string | null {
  const rows = db.prepare('PRAGMA quick_check(5)').all() as { quick_check: string }[];
  const lines = rows.map((row) => String(row.quick_check));
  return lines.length === 1 && lines[0] === 'ok' ? null : `SQLite's check: ${lines.join('; ').slice(0, 300)}`;
}

function alive(pid: number): boolean {
  // 0 and negatives name process groups: a marker naming one names no process of ours.
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let markers = 0;

/** This process's marker on an index file while it has it open, and what earlier openers left. */
export class OpenMarker {
  readonly path: string;
  /** Markers of processes that are gone: the file was not closed cleanly since. */
  readonly stale: string[];

  constructor(file: string) {
    const prefix = `${basename(file)}.open-`;
    const dir = dirname(file);
    const found = existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(prefix)) : [];
    this.stale = found
      .filter((name) => {
        const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
        return Number.isInteger(pid) && pid !== process.pid && !alive(pid);
      })
      .map((name) => join(dir, name));
    this.path = `${file}.open-${process.pid}-${++markers}`;
  }

  get unclean(): boolean {
    return this.stale.length > 0;
  }

  /** Marks the file open (its directory exists by now). */
  set(): void {
    writeFileSync(this.path, '');
  }

  /** The file was checked and is sound: the stale markers go. */
  clearStale(): void {
    for (const path of this.stale) rmSync(path, { force: true });
  }

  /** Closed cleanly (or deleted for a rebuild): this process's marker goes. */
  release(withStale = false): void {
    rmSync(this.path, { force: true });
    if (withStale) this.clearStale();
  }
}
