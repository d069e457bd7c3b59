// `npm run build`: the renderer with Vite, and the Node-side entry points bundled with esbuild into
// dist/, so Electron and the packaged app run plain JavaScript. Skips what is up to date.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

function newest(paths) {
  let time = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name));
    } else time = Math.max(time, info.mtimeMs);
  };
  paths.forEach((path) => visit(join(root, path)));
  return time;
}

export function buildRenderer({ force = false } = {}) {
  const output = join(root, 'dist', 'renderer', 'index.html');
  const stale = force || !existsSync(output) || newest(['renderer', 'shared', 'vite.config.ts']) > statSync(output).mtimeMs;
  if (!stale) return true;
  console.log('ledgerscope: building the renderer');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(buildRenderer({ force: process.argv.includes('--force') }) ? 0 : 1);
}
