// Every file the app or the command line writes is written whole or not at all (issue 37.3): under
// a temporary name in the same folder, flushed to the disk (fsync), and only then given the name
// asked for. A kill at any instant leaves the asked name absent (or, for a file replaced, as it
// was), never a prefix that ends on a whole line and reads as complete. Exports, merges and
// signatures take a fresh name at the end (export-files.ts: nothing is overwritten; a hard link
// claims it atomically and exclusively); settings, the address book and the ports file replace
// theirs (a rename over it). Temporary names start with `.` and end with `.part`; one left by a
// kill is not the asked name, and says what it is.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { claimFreshPath, checkFileName, numberedName } from './export-files';

/** Numbered names tried when publishing (as createFreshFile). */
const MAX_NUMBER = 10_000;
/** The part of the asked name kept in a temporary name (file names are at most 255 bytes). */
const TEMP_STEM = 80;

/** `.name.1a2b3c4d.part` beside `name`: hidden, unique, and plainly not the file asked for. */
export function tempNameOf(name: string): string {
  return `.${name.slice(0, TEMP_STEM)}.${randomBytes(4).toString('hex')}.part`;
}

/** A file being written under a temporary name in `directory`, to be published as `name` when whole. */
export interface TempFile {
  /** The temporary path (the file is there while it is written). */
  path: string;
  fd: number;
}

/** Creates the temporary file for `name` in `directory`, exclusively (nothing is overwritten). */
export function openTemp(directory: string, name: string, mode = 0o644): TempFile {
  checkFileName(name);
  for (;;) {
    const path = join(directory, tempNameOf(name));
    try {
      return { path, fd: openSync(path, 'wx', mode) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Flushes a written file to the disk and closes it (before it is renamed: else a power cut can leave the new name empty). */
export function syncClose(fd: number): void {
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Gives the whole file at `temp` (written, closed) the name `name` in its folder, or the first
 * free `name (2)`, `name (3)`…: a hard link, which fails if the name exists, so nothing is
 * replaced and no empty claim ever stands under the name; then the temporary name goes. Where the
 * file system has no hard links, the name is claimed empty and the file renamed over the claim.
 * Returns the path published.
 */
export function publishFresh(temp: string, name: string): string {
  checkFileName(name);
  const directory = dirname(temp);
  for (let n = 1; n <= MAX_NUMBER; n++) {
    const target = join(directory, numberedName(name, n));
    try {
      linkSync(temp, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
      const claimed = claimFreshPath(directory, name);
      renameSync(temp, claimed);
      return claimed;
    }
    rmSync(temp, { force: true });
    return target;
  }
  throw new Error(`${MAX_NUMBER} files named like "${basename(name).slice(0, 60)}" exist already`);
}

/** A temporary file flushed and published (publishFresh); on any failure it is removed, and the error thrown. */
export function finishTemp(file: TempFile, name: string): string {
  try {
    syncClose(file.fd);
    return publishFresh(file.path, name);
  } catch (error) {
    rmSync(file.path, { force: true });
    throw error;
  }
}

/** `text` written whole to `name` in `directory` under a fresh name (a merge, a signature file); the path written. */
export function writeFresh(directory: string, name: string, text: string): string {
  const file = openTemp(directory, name);
  try {
    writeSync(file.fd, text);
  } catch (error) {
    closeSync(file.fd);
    rmSync(file.path, { force: true });
    throw error;
  }
  return finishTemp(file, name);
}

/** `text` written whole over `path` (settings, the address book): a kill leaves the old file or the new, never a part. */
export function replaceWhole(path: string, text: string): void {
  const file = openTemp(dirname(path), basename(path), 0o600);
  try {
    writeSync(file.fd, text);
    syncClose(file.fd);
    renameSync(file.path, path);
  } catch (error) {
    try {
      closeSync(file.fd);
    } catch {
      // already closed
    }
    rmSync(file.path, { force: true });
    throw error;
  }
}
