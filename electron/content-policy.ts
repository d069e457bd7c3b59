// What the renderer's files are served with, by either host: the Content Security Policy and
// security headers, each file's MIME type, and the rule that a URL path stays under the renderer's
// folder. The window (app://, window-policy.ts) and the web host (web-host.ts) both serve from here,
// so the two cannot drift apart.
import { extname, join, normalize, sep } from 'node:path';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export function mimeType(file: string): string {
  return MIME[extname(file)] ?? 'application/octet-stream';
}

/** Headers on every file of the renderer, whichever host serves it (this one, or Electron's app://). */
export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/** The file a decoded URL path names under `root`, or null when `..` would leave it. */
export function fileUnder(root: string, pathname: string): string | null {
  const file = normalize(join(root, pathname));
  return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}
