// `npm start`: builds what is stale, then opens the desktop app (the local network starts with
// it). Where no Electron binary can be had, it says so in one line and serves the same app through
// the web host instead, printing its URL and opening the system browser (not in CI).
// `npm run web` (--web) goes to the web host directly. Other flags (--network …) pass through.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildAll } from './build.mjs';
import { electronBinary, whyNoElectron } from './electron-binary.mjs';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const webOnly = args.includes('--web');
const noOpen = args.includes('--no-open') || Boolean(process.env.CI);
const passOn = args.filter((arg) => arg !== '--web' && arg !== '--no-open');

if (!(await buildAll())) process.exit(1);

const binary = webOnly ? null : electronBinary(root);
if (binary) {
  run(binary, [root, ...passOn]);
} else {
  if (!webOnly)
    console.log(`ledgerscope: no Electron runtime here (${whyNoElectron()}); serving the app in the browser instead.`);
  const child = run(
    process.execPath,
    ['--import', 'tsx', join(root, 'electron', 'web-main.ts'), ...passOn],
    ['inherit', 'pipe', 'inherit'],
  );
  let opened = noOpen;
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const url = /Ledgerscope web host: (http:\/\/\S+)/.exec(chunk.toString())?.[1];
    if (url && !opened) {
      opened = true;
      openBrowser(url);
    }
  });
}

function run(command, commandArgs, stdio = 'inherit') {
  const child = spawn(command, commandArgs, { cwd: root, stdio });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

/** The system browser, if there is one; a failure to open it is not an error (the URL is printed). */
function openBrowser(url) {
  const [command, commandArgs] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const opener = spawn(command, commandArgs, { stdio: 'ignore', detached: true });
    opener.on('error', () => undefined);
    opener.unref();
  } catch {
    // no browser opener on this machine
  }
}
