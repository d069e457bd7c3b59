// What a launch asks for: deep links and transaction files among its arguments. The first
// instance reads its own argv; a second launch's argv arrives through `second-instance`.
import { isAbsolute, resolve } from 'node:path';
import { parseDeepLink, type DeepLink, DEEP_LINK_SCHEME } from './deep-links';

/** Extensions of files the submitter opens (envelopes as hex/base64 text or JSON). */
export const TRANSACTION_FILE_EXTENSIONS = ['.xdr', '.txt', '.json', '.b64', '.base64', '.tx'];
const MAX_ITEMS = 10;

export interface LaunchRequest {
  links: DeepLink[];
  files: string[];
}

/**
 * Deep links and transaction-file paths in `argv` (switches, the executable and the app path
 * are skipped). Relative paths are resolved against the launching shell's directory.
 */
export function parseLaunchArgs(argv: readonly string[], workingDirectory: string): LaunchRequest {
  const links: DeepLink[] = [];
  const files: string[] = [];
  for (const arg of argv.slice(1)) {
    if (typeof arg !== 'string' || arg.length === 0 || arg.length > 4096 || arg.startsWith('-')) continue;
    if (arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) {
      const link = parseDeepLink(arg);
      if (link && links.length < MAX_ITEMS) links.push(link);
      continue;
    }
    if (arg.includes('\0') || /^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) continue;
    const lower = arg.toLowerCase();
    if (!TRANSACTION_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension))) continue;
    if (files.length < MAX_ITEMS) files.push(isAbsolute(arg) ? arg : resolve(workingDirectory, arg));
  }
  return { links, files };
}

export interface ShellOptions {
  network?: string;
  userDataDir?: string;
}

/** The shell's own flags (`--network X`, `--user-data-dir X`, or `=X`); everything else is left alone. */
export function parseShellOptions(argv: readonly string[]): ShellOptions {
  const options: ShellOptions = {};
  const names = { '--network': 'network', '--user-data-dir': 'userDataDir' } as const;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const key = names[flag as keyof typeof names];
    if (!key) continue;
    const value = inline ?? argv[++i];
    if (value !== undefined && value !== '') options[key] = value;
  }
  return options;
}
