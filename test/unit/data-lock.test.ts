// One core writes a local network's data folder at a time (network/validator/data-lock.ts): a live
// holder refuses a second start, naming its process; a holder whose process is gone, or a file
// naming none, is taken over; the release removes only this process's lock.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUse, LOCK_FILE, lockDataDir } from '../../network/validator/data-lock';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The id of a process that has exited (its id is not reused this soon). */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the data folder lock', () => {
  it('is taken by writing this process id, and released by removing it; the folder holds nothing else', () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    release(); // twice: nothing to remove, no error
  });

  it('refuses a folder a live process holds, naming it and how to go on', () => {
    const dir = folder();
    const holder = process.ppid; // alive: it started this test's process
    writeFileSync(join(dir, LOCK_FILE), `${holder}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    expect(() => lockDataDir(dir)).toThrow(
      `the local network's data in ${dir} is in use by another core (process ${holder}): stop that network or give this one another --data-dir (if no network runs there, remove ${join(dir, LOCK_FILE)})`,
    );
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${holder}\n`); // left as it was
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  it('takes over a lock whose process is gone, an empty one, and one naming 0 (never a process group)', () => {
    for (const stale of [`${deadPid()}\n`, '', '0\n', 'not a pid']) {
      const dir = folder();
      writeFileSync(join(dir, LOCK_FILE), stale);
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
      release();
    }
  });

  it('a release removes the lock only while it names this process', () => {
    const dir = folder();
    const release = lockDataDir(dir);
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`); // another took it after a takeover
    release();
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`);
  });
});
