// Starts `npm run web` as a user would (the web host with the app core) in a temporary user-data
// directory, and waits for the line that prints its URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningWebHost {
  url: string;
  origin: string;
  userDataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '..', '..', '..');

export async function startWebHost(args: string[] = [], deadlineMs = 30_000): Promise<RunningWebHost> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'electron', 'web-main.ts'), '--port', '0', '--user-data-dir', userDataDir, ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`web host did not print its URL within ${deadlineMs} ms:\n${output}`)),
      deadlineMs,
    );
    const look = () => {
      const match = /Ledgerscope web host: (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web host exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    origin: new URL(url).origin,
    userDataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
