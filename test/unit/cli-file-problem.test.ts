// cli/file-problem.ts: a file that cannot be read is said about the file, in words, never as the
// operating system's code.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileProblem } from '../../cli/file-problem';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const problemOf = (path: string) => {
  try {
    readFileSync(path, 'utf8');
  } catch (error) {
    return fileProblem(path, error);
  }
  throw new Error(`${path} was read`);
};

describe('a file that cannot be read', () => {
  it('says what is wrong with it in words: missing, a folder, a path through a file', () => {
    expect(problemOf(join(dir, 'nope.xdr'))).toBe(`cannot read ${join(dir, 'nope.xdr')}: no such file`);
    expect(problemOf(dir)).toBe(`cannot read ${dir}: it is a folder, not a file`);
    expect(problemOf('/etc/hostname/x')).toBe('cannot read /etc/hostname/x: a part of its path is not a folder');
    expect(fileProblem('x', Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }))).toBe(
      'cannot read x: not allowed to read it',
    );
    // A code it has no words for: the error's own message, not a bare code.
    expect(fileProblem('x', Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }))).toBe(
      'cannot read x: EIO: i/o error, read',
    );
  });
});
