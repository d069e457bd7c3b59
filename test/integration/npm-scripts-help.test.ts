// `--help` on every npm script that takes flags (issue #29): each prints its usage (its flags and
// what they do) and exits 0 before it builds, tests or starts anything. The command is read from
// package.json and run as npm runs it (`sh -c "<script> --help"`), without npm's own start-up.
// A script that took --help for something else would build or start: the deadline, the first
// line (a usage line, nothing printed before it) and the exit code catch that. The scripts this
// project wrote refuse an unknown flag with exit 2 and the usage, also before doing anything.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;
const DEADLINE_MS = 60_000;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs `script` with `args` appended, as `npm run` does; past the deadline its process group is killed. */
function runScript(name: string, args: string): Promise<Outcome> {
  const command = SCRIPTS[name];
  if (!command) throw new Error(`package.json has no script "${name}"`);
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', `${command} ${args}`], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, DEADLINE_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/** Each script that takes flags, and how its usage line begins. */
const HELP: [script: string, usage: RegExp][] = [
  ['network', /^usage: npm run network -- /],
  ['cli', /^usage: ledgerscope /],
  ['bench', /^usage: npm run bench -- /],
  ['start', /^usage: npm start -- /],
  ['web', /^usage: npm run web -- /],
  ['build', /^usage: npm run build -- /],
  ['test', /^usage: npm test/],
];

describe('npm scripts: --help', () => {
  it.each(HELP)('npm run %s -- --help prints its usage and exits 0, starting nothing', async (script, usage) => {
    const { code, stdout, stderr, timedOut } = await runScript(script, '--help');
    expect(timedOut).toBe(false);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(usage);
    // Its flags with what they do: at least one line of a flag followed by its description.
    expect(stdout).toMatch(/^ {2,}--[a-z][a-z-]*.* {2,}\S/m);
    expect(stdout).toMatch(/--help/);
  });

  it.each(['bench', 'build', 'test'])(
    'npm run %s -- --bogus refuses the flag with exit 2 and the usage',
    async (script) => {
      const { code, stdout, stderr, timedOut } = await runScript(script, '--bogus');
      expect(timedOut).toBe(false);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/--bogus/);
      expect(stderr).toMatch(/^usage: /m);
    },
  );
});
