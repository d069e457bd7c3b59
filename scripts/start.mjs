// `npm start`: builds what is stale, then opens the app. Where no Electron binary can be had, it
// says so in one line and serves the same app through the web host instead (`npm run web`).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildRenderer } from './build.mjs';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const webOnly = args.includes('--web');
const passOn = args.filter((arg) => arg !== '--web');

if (!buildRenderer()) process.exit(1);

if (!webOnly) {
  console.log('ledgerscope: the Electron runtime is not available here; serving the app in the browser instead.');
}
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'electron', 'web-main.ts'), ...passOn], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
