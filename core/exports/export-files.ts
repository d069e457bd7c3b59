// Where an export's file goes: the one function that picks a fresh name, for every export (the
// listing exports, signatures:export, the command line's `merge --output`, the history index's
// exports). No export overwrites a file: the name is created with the exclusive flag ('wx'), and
// when it is taken the next is tried, `name (2).ext`, `name (3).ext`… — atomic against a second
// export (or any other program) creating the same name at the same moment.
import { closeSync, openSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileNameProblem, MAX_FILE_NAME_CHARS } from '../../shared/file-name';
import { CoreError } from '../app/errors';

/** Numbered names tried before giving up (a directory holding 10,000 copies of one name). */
const MAX_NUMBER = 10_000;

/** A file created for an export: its path, and its descriptor, open for writing. */
export interface FreshFile {
  path: string;
  fd: number;
}

/** `stem (n).ext` of a name; the extension is what follows the last dot (none for a leading one). */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** Refuses a name that is not a bare, visible file name (shared/file-name.ts), as invalid_input. */
export function checkFileName(name: string): void {
  const problem = fileNameProblem(name);
  if (problem) throw new CoreError('invalid_input', `"${name.slice(0, 60)}" is not usable: it needs ${problem}.`);
}

/**
 * Creates `name` in `directory`, or the first free `name (2)`, `name (3)`…, exclusively: nothing
 * that exists is opened, so nothing is overwritten. The name is checked first (checkFileName).
 */
export function createFreshFile(directory: string, name: string, mode = 0o644): FreshFile {
  checkFileName(name);
  for (let n = 1; n <= MAX_NUMBER; n++) {
    const path = join(directory, numberedName(name, n));
    try {
      return { path, fd: openSync(path, 'wx', mode) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new CoreError('invalid_input', `${MAX_NUMBER} files named like "${name.slice(0, 60)}" exist already.`);
}

/**
 * Claims a fresh name (createFreshFile) and closes the empty file: for a writer that opens the
 * path later, with 'r+' or 'w' — the name is already its own, so that open overwrites nothing.
 */
export function claimFreshPath(directory: string, name: string): string {
  const { path, fd } = createFreshFile(directory, name);
  closeSync(fd);
  return path;
}

/**
 * Renames a written file to `name` in its directory, or the first free numbered name: the new
 * name is claimed first and the file renamed over that empty claim, so nothing else is replaced.
 * On failure the file keeps its path (returned).
 */
export function renameFresh(path: string, name: string): string {
  let target: string;
  try {
    target = claimFreshPath(dirname(path), name);
  } catch {
    return path;
  }
  try {
    renameSync(path, target);
    return target;
  } catch {
    rmSync(target, { force: true });
    return path;
  }
}

/** `x.csv` → `x-partial.csv`: what a cancelled or failed export's file is renamed to (its stem cut to fit). */
export function partialName(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  const room = Math.max(1, MAX_FILE_NAME_CHARS - '-partial'.length - ext.length);
  return `${stem.slice(0, room)}-partial${ext}`;
}
