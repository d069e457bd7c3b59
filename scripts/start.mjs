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

const USAGE = `usage: npm start -- [--web] [--network local|testnet|public|<url>] [--user-data-dir DIR] [file | ledgerscope:link]…
  --web               serve the app to the browser through the web host instead (npm run web)
  --network X         the network to open: local (the embedded local network), testnet, public or a Horizon URL
  --user-data-dir DIR where the app keeps its settings, address book and history indexes
  file                a signed transaction's file (.xdr .txt .json .b64 .base64 .tx) to open in Submit
  ledgerscope:link    a deep link to open (an account, a transaction…)
  --no-open           when it serves the app through the web host: print its URL, do not open a browser
  --help, -h          print this and exit
Builds what is stale first. Where no Electron runtime can be had, it serves the app through the web
host instead, which takes the flags of npm run web -- --help.`;

if (args.includes('--help') || args.includes('-h')) {
  // The web host's flags are its own (electron/web-main.ts), printed without building anything.
  if (webOnly) run(process.execPath, ['--import', 'tsx', join(root, 'electron', 'web-main.ts'), '--help']);
  else {
    console.log(USAGE);
    process.exit(0);
  }
} else {
  await launch();
}

async function launch() {
  const noOpen = args.includes('--no-open') || Boolean(process.env.CI);
  const passOn = args.filter((arg) => arg !== '--web' && arg !== '--no-open');
  if (!(await buildAll())) process.exit(1);
  const binary = webOnly ? null : electronBinary(root);
  if (binary) {
    run(binary, [root, ...passOn]);
    return;
  }
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
