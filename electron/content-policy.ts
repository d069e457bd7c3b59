// What the renderer's files are served with, by either host: the Content Security Policy and
// security headers, each file's MIME type, and the rule that a URL path stays under the renderer's
// folder. The window (app://, window-policy.ts) and the web host (web-host.ts) both serve from here,
// so the two cannot drift apart.
import { extname, join, normalize, sep } from 'node:path';

/**
 * Styles come from the app's own CSS files only: no <style> element and no style="" attribute
 * (style-src-elem and style-src-attr fall back to style-src). The renderer still positions rows
 * and sizes columns with React's `style` prop (TanStack Virtual): React sets those through the
 * CSSOM (element.style), which the policy does not govern, so nothing needs 'unsafe-inline'
 * (test/e2e/content-policy.spec.ts: pages render, an injected <style> or style attribute does not).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
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
