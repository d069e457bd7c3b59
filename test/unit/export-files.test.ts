// Issue #28.7: no export overwrites a file (core/exports/export-files.ts). The one function picks a fresh
// name — `x.csv`, `x (2).csv`, `x (3).csv`… — by creating it exclusively, so processes racing for
// one name each get their own file; a listing export, signatures:export and the command line's
// merge --output all go through it. A file name from a person that hides or reorders characters
// (U+202E, zero-width) is refused on every export channel.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../../core/app/app';
import { createDispatcher } from '../../core/app/dispatch';
import {
  checkFileName,
  claimFreshPath,
  createFreshFile,
  numberedName,
  partialName,
} from '../../core/exports/export-files';
import { finishTemp, openTemp, replaceWhole, writeFresh } from '../../core/exports/whole-file';
import type { ExportProgress } from '../../shared/model';
import { fileNameProblem } from '../../shared/file-name';
import { waitFor } from '../support/wait';
import { A, payment, signed } from './signatures-support';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-export-files-'));

describe('createFreshFile', () => {
  it('creates the name, then `name (2)`, `name (3)`…, never touching what exists', () => {
    const here = join(dir, 'plain');
    mkdirSync(here);
    writeFileSync(join(here, 'x.csv'), 'theirs');
    const made = [1, 2, 3].map(() => createFreshFile(here, 'x.csv'));
    expect(made.map((f) => f.path)).toEqual([
      join(here, 'x (2).csv'),
      join(here, 'x (3).csv'),
      join(here, 'x (4).csv'),
    ]);
    expect(readFileSync(join(here, 'x.csv'), 'utf8')).toBe('theirs');
    expect(createFreshFile(here, 'fresh.ndjson').path).toBe(join(here, 'fresh.ndjson'));
    expect(claimFreshPath(here, 'fresh.ndjson')).toBe(join(here, 'fresh (2).ndjson'));
    expect(existsSync(join(here, 'fresh (2).ndjson'))).toBe(true);
  });

  it('numbers before the last extension, or at the end of a name without one', () => {
    expect(numberedName('a.tar.gz', 2)).toBe('a.tar (2).gz');
    expect(numberedName('README', 3)).toBe('README (3)');
    expect(numberedName('x.csv', 1)).toBe('x.csv');
    expect(partialName('/d/x (2).csv')).toBe('x (2)-partial.csv');
    expect(partialName(`/d/${'y'.repeat(120)}.csv`)).toHaveLength(120);
  });

  it('processes racing for one name each get a file of their own', async () => {
    const here = join(dir, 'race');
    mkdirSync(here);
    const go = join(dir, 'go');
    // Each process says it is ready, waits for the go file, then takes 50 names as fast as it can.
    const script = `
      import { existsSync } from 'node:fs';
      import { createFreshFile } from ${JSON.stringify(join(ROOT, 'core', 'exports', 'export-files.ts'))};
      console.log('ready');
      while (!existsSync(${JSON.stringify(go)}));
      for (let i = 0; i < 50; i++) console.log(createFreshFile(process.argv[1], 'same.csv').path);`;
    const runs = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, here], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const run = { out: '', done: Promise.resolve<string[]>([]) };
      child.stdout.on('data', (chunk: Buffer) => (run.out += chunk.toString()));
      run.done = new Promise((resolve) => child.once('close', () => resolve(run.out.trim().split('\n').slice(1))));
      return run;
    });
    await waitFor('four processes ready', () => runs.every((run) => run.out.startsWith('ready')), 60_000);
    writeFileSync(go, '');
    const paths = (await Promise.all(runs.map((run) => run.done))).flat();
    expect(paths).toHaveLength(200);
    expect(new Set(paths).size).toBe(200);
    expect(readdirSync(here)).toHaveLength(200);
  });
});

describe('file names from a person', () => {
  it.each([
    ['cod\u202eexe.csv', 'direction-changing'],
    ['a\u200bb.csv', 'invisible'],
    ['a\u2066b\u2069.csv', 'direction-changing'],
    ['tab\there.csv', 'control'],
    ['\ufeffbom.csv', 'invisible'],
    ['soft\u00adhyphen.csv', 'invisible'],
  ])('%j is refused', (name) => {
    expect(fileNameProblem(name)).toMatch(/control, invisible or direction-changing/);
    expect(() => checkFileName(name)).toThrow(/is not usable/);
  });

  it.each(['payments 2026-01.csv', 'Zahlungen März.ndjson', '支払い.csv', 'x (2).csv'])('%j is fine', (name) => {
    expect(fileNameProblem(name)).toBeNull();
  });

  it('a dot first, a directory, an empty or 121-character name are refused', () => {
    for (const name of ['.hidden.csv', '../x.csv', 'a/b.csv', 'a\\b.csv', 'c:x', '', 'x'.repeat(121)])
      expect(fileNameProblem(name), name).not.toBeNull();
    expect(fileNameProblem('x'.repeat(120))).toBeNull();
  });
});

describe('whole files (whole-file.ts, issue 37.3)', () => {
  it('writes under a temporary name and publishes a fresh one, never replacing a file', () => {
    const here = join(dir, 'whole');
    mkdirSync(here);
    writeFileSync(join(here, 'm.txt'), 'mine\n');
    const file = openTemp(here, 'm.txt');
    expect(basename(file.path)).toMatch(/^\.m\.txt\.[0-9a-f]{8}\.part$/);
    writeFileSync(file.fd, 'half');
    // Until it is published, the name asked for is what it was (here: another file), or absent.
    expect(readdirSync(here).sort()).toEqual([basename(file.path), 'm.txt'].sort());
    expect(finishTemp(file, 'm.txt')).toBe(join(here, 'm (2).txt'));
    expect(readdirSync(here).sort()).toEqual(['m (2).txt', 'm.txt']);
    expect(writeFresh(here, 'new.txt', 'all\n')).toBe(join(here, 'new.txt'));
    expect(readFileSync(join(here, 'new.txt'), 'utf8')).toBe('all\n');
    expect(readFileSync(join(here, 'm.txt'), 'utf8')).toBe('mine\n');
  });

  it('replaces a settings file whole, leaving no temporary file; a failed write leaves the old one', () => {
    const here = join(dir, 'replace');
    mkdirSync(here);
    const path = join(here, 'labels.json');
    writeFileSync(path, '{"old":1}');
    replaceWhole(path, '{"new":2}');
    expect(readFileSync(path, 'utf8')).toBe('{"new":2}');
    expect(readdirSync(here)).toEqual(['labels.json']);
    expect(() => replaceWhole(join(here, 'missing-folder', 'x.json'), '{}')).toThrow(/ENOENT/);
    expect(readdirSync(here)).toEqual(['labels.json']);
  });

  it('a name a temporary file could not take is refused before anything is created', () => {
    const here = join(dir, 'refused');
    mkdirSync(here);
    expect(() => openTemp(here, 'a/b.csv')).toThrow();
    expect(readdirSync(here)).toEqual([]);
  });
});

describe('every export through the channels', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-export-channels-'));
  const exportDir = join(userDataDir, 'exports');
  const core = createAppCore({
    userDataDir,
    localUrl: 'http://127.0.0.1:9',
    host: 'web',
    version: 'test',
    healthIntervalMs: 0,
    exportDir,
    http: { timeoutMs: 1_000, maxRetries: 0 },
  });
  const dispatch = createDispatcher(core.handlers);
  afterAll(() => core.close());
  const envelope = signed(payment(), A);
  const ok = async <T>(channel: string, args: unknown): Promise<T> => {
    const reply = await dispatch(channel, args);
    if (!reply.ok) throw new Error(`${channel}: ${reply.error.code} ${reply.error.message}`);
    return reply.value as T;
  };

  it('signatures:export writes a fresh name beside an existing file of the same name', async () => {
    mkdirSync(exportDir, { recursive: true });
    writeFileSync(join(exportDir, 'signed.xdr'), 'mine\n');
    const first = await ok<{ path: string; text: string }>('signatures:export', {
      input: envelope,
      format: 'base64',
      fileName: 'signed.xdr',
    });
    const second = await ok<{ path: string }>('signatures:export', {
      input: envelope,
      format: 'hex',
      fileName: 'signed.xdr',
    });
    expect([first.path, second.path]).toEqual([join(exportDir, 'signed (2).xdr'), join(exportDir, 'signed (3).xdr')]);
    expect(readFileSync(join(exportDir, 'signed.xdr'), 'utf8')).toBe('mine\n');
    expect(readFileSync(first.path, 'utf8')).toBe(`${first.text}\n`);
  });

  it('a listing export does too, and its partial file never replaces one', async () => {
    writeFileSync(join(exportDir, 'mine.csv'), 'mine\n');
    writeFileSync(join(exportDir, 'mine-partial.csv'), 'also mine\n');
    const started = await ok<ExportProgress>('export:start', {
      target: { kind: 'payments', account: A.publicKey() },
      query: { order: 'asc', includeFailed: false, includeTransactions: false },
      format: 'csv',
      fileName: 'mine.csv',
    });
    // Written under a temporary name until it is whole (whole-file.ts).
    expect(basename(started.path)).toMatch(/^\.mine\.csv\.[0-9a-f]{8}\.part$/);
    const done = await core.exports.wait(started.exportId);
    expect(done.state).toBe('failed'); // the network is unreachable
    expect(done.path).toBe(join(exportDir, 'mine-partial (2).csv'));
    expect(existsSync(started.path)).toBe(false);
    expect(readFileSync(join(exportDir, 'mine.csv'), 'utf8')).toBe('mine\n');
    expect(readFileSync(join(exportDir, 'mine-partial.csv'), 'utf8')).toBe('also mine\n');
  });

  it('every export channel refuses a name with a right-to-left override, creating nothing', async () => {
    const before = readdirSync(exportDir).length;
    const fileName = 'cod\u202eexe.csv';
    const replies = await Promise.all([
      dispatch('export:start', {
        target: { kind: 'payments', account: A.publicKey() },
        query: { order: 'asc', includeFailed: false, includeTransactions: false },
        format: 'csv',
        fileName,
      }),
      dispatch('signatures:export', { input: envelope, format: 'hex', fileName }),
      dispatch('history:export', { account: A.publicKey(), format: 'csv', fileName }),
    ]);
    for (const reply of replies) {
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
      expect(!reply.ok && reply.error.message).toMatch(/direction-changing/);
    }
    expect(readdirSync(exportDir)).toHaveLength(before);
  });
});
