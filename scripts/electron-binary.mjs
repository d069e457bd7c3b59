// Where the Electron runtime binary is, without downloading it (requiring the `electron` package
// would try to, and this machine has no internet): ELECTRON_OVERRIDE_DIST_PATH, else the
// completed download named by node_modules/electron/path.txt. null when neither exists.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PLATFORM_PATH = { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' };

export function electronBinary(root = join(import.meta.dirname, '..'), env = process.env, platform = process.platform) {
  const pkg = join(root, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  const relative = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : (PLATFORM_PATH[platform] ?? 'electron');
  const candidate = env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(env.ELECTRON_OVERRIDE_DIST_PATH, relative)
    : existsSync(pathFile)
      ? join(pkg, 'dist', relative)
      : null;
  return candidate && existsSync(candidate) ? candidate : null;
}

/** Why there is no binary, in one clause. */
export function whyNoElectron(env = process.env) {
  return env.ELECTRON_OVERRIDE_DIST_PATH
    ? `ELECTRON_OVERRIDE_DIST_PATH (${env.ELECTRON_OVERRIDE_DIST_PATH}) holds no Electron binary`
    : 'the Electron runtime was never downloaded (no internet at install) and ELECTRON_OVERRIDE_DIST_PATH is not set';
}
