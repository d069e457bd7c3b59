// The command-line client as a user runs it, for the tests that spawn it: its output so far, its
// exit, and the history index file it writes. `node <cliEntry()> …` runs the bundle of cli/main.ts
// that test/support/process-bundle.ts builds once per test process: the code the shipped
// bin/ledgerscope.mjs runs under tsx, without tsx's transform of each module at every start (about
// 0.3 s a process instead of 1.2 s). bin/ledgerscope.mjs itself is spawned by
// cli-explain-codes.test.ts and paging-hostile.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { mapAtMost } from './at-most';
import { bundleDir } from './bundled';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The bundled command line's entry (test/support/bundled.ts). */
export function cliEntry(): string {
  return join(bundleDir(), 'ledgerscope.mjs');
}

export interface CliProcess {
  child: ChildProcess;
  out(): string;
  err(): string;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `env`: variables beside the test's own (LEDGERSCOPE_LOCAL_URL, say). */
export function startCli(args: string[], userDataDir: string, env: Record<string, string> = {}): CliProcess {
  const child = spawn(process.execPath, [cliEntry(), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, LEDGERSCOPE_USER_DATA: userDataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, out: () => out, err: () => err, done };
}

export async function runCli(
  args: string[],
  userDataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  const proc = startCli(args, userDataDir, env);
  const { code } = await proc.done;
  return { code, out: proc.out(), err: proc.err() };
}

/**
 * Runs each argument list as its own process, four at a time, and gives their results in the
 * order of `argsList`: for tests of many argument errors, each of which exits before it reads
 * anything (one after another they took 90 s of one test under load).
 */
export function runCliEach(
  argsList: string[][],
  userDataDir: string,
): Promise<{ code: number | null; out: string; err: string }[]> {
  return mapAtMost(argsList, 4, (args) => runCli(args, userDataDir));
}

/** Rows of the account in the history index file(s) under `userDataDir` (0 before the file exists). */
export function indexedRows(userDataDir: string, account: string): number {
  const dir = join(userDataDir, 'history');
  if (!existsSync(dir)) return 0;
  let rows = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.sqlite'))) {
    const db = new DatabaseSync(join(dir, name), { readOnly: true });
    try {
      const row = db
        .prepare('SELECT count(*) AS n FROM ops JOIN accounts USING (acct) WHERE address = ?')
        .get(account) as { n: number } | undefined;
      rows += Number(row?.n ?? 0);
    } catch {
      // the schema is not written yet
    } finally {
      db.close();
    }
  }
  return rows;
}

/** Every operation id of an account as a Horizon-style service lists them (failed included), oldest first. */
export async function listedIds(url: string, account: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  for (;;) {
    const response = await fetch(
      `${url}/accounts/${account}/operations?limit=200&order=asc&include_failed=true&cursor=${cursor}`,
    );
    if (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    const records = ((await response.json()) as { _embedded: { records: { paging_token: string }[] } })._embedded
      .records;
    ids.push(...records.map((r) => r.paging_token));
    if (records.length < 200) return ids;
    cursor = records.at(-1)!.paging_token;
  }
}
