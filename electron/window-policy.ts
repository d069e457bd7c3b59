// The window's security decisions as plain data and functions (no electron import, only its
// types), so Node tests check each one; electron/window.ts applies them.
import { extname, join, normalize } from 'node:path';
import type { MessageBoxOptions, WebPreferences } from 'electron';
import { CONTENT_SECURITY_POLICY, fileUnder } from './content-policy';

/** The renderer is served from a privileged custom scheme, not file://: a real origin for CSP 'self'. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'ledgerscope';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Every flag explicit, each with its reason (docs/design.md "The app"). */
export function secureWebPreferences(preload: string, options: { devTools: boolean }): WebPreferences {
  return {
    preload,
    // The preload runs in its own JavaScript world: page code cannot reach it or Electron internals.
    contextIsolation: true,
    // The renderer is an OS-sandboxed Chromium process; the preload gets only a minimal require.
    sandbox: true,
    // No require() or process in the page: a script injected there cannot touch the machine.
    nodeIntegration: false,
    // The same for web workers and sub-frames, which would otherwise be separate ways in.
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    // <webview> would embed arbitrary content with preferences of its own.
    webviewTag: false,
    // Keep the same-origin policy; never load http: content into the app.
    webSecurity: true,
    allowRunningInsecureContent: false,
    // Experimental Blink features widen the attack surface for nothing the app needs.
    experimentalFeatures: false,
    // A dropped file or link must not navigate the app away (the preload reads dropped files).
    navigateOnDragDrop: false,
    // The app works offline: no spell-check dictionary downloads.
    spellcheck: false,
    // A page cannot spam alert() dialogs to lock the user out.
    safeDialogs: true,
    // Developer tools only in development builds.
    devTools: options.devTools,
  };
}

/** Is this URL a page of the app itself (app://ledgerscope/...)? */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === `${APP_SCHEME}:` &&
      parsed.host === APP_HOST &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * Only https: links leave the app, to the system browser, and only once the user has said yes
 * (externalLinkQuestion); nothing else (file:, javascript:, smb:, ...).
 */
export function externalUrl(url: string): string | null {
  if (url.length > 2048) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return null;
    return parsed.toString();
  } catch {
    return null;
  }
}

/**
 * A URL as a person is shown it: every character outside printable ASCII (controls, bidi
 * overrides and isolates, zero-width and other invisible characters, spaces, any non-ASCII) is
 * written as \u{…}, so the text cannot reorder, hide or imitate part of the address.
 */
export function visibleUrl(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`);
}

/** The button of the link question that opens the link; Cancel (0) is the default. */
export const OPEN_LINK_BUTTON = 1;

/**
 * The question asked before a link leaves the app for the system browser: the full URL and its
 * host, each made visible. `url` is an externalUrl() result (https:, no credentials).
 */
export function externalLinkQuestion(url: string): MessageBoxOptions {
  return {
    type: 'question',
    title: 'Open link',
    message: 'Open this link in your web browser?',
    detail: `${visibleUrl(url)}\n\nSite: ${visibleUrl(new URL(url).host)}`,
    buttons: ['Cancel', 'Open in browser'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

/** Whether the answer to externalLinkQuestion() was to open the link. */
export function openConfirmed(response: number): boolean {
  return response === OPEN_LINK_BUTTON;
}

/**
 * One link question at a time: while one is open, further links are dropped, so a page cannot
 * stack dialogs (or have the user confirm a different link than the one they meant).
 */
export function oneQuestionAtATime(): { begin(): boolean; end(): void } {
  let asking = false;
  return {
    begin() {
      if (asking) return false;
      asking = true;
      return true;
    },
    end() {
      asking = false;
    },
  };
}

export interface NavigationDecision {
  allow: boolean;
  /** An https: URL to open in the system browser instead. */
  openExternally: string | null;
}

/** will-navigate / will-redirect: stay inside the app; an https: link goes to the system browser. */
export function decideNavigation(url: string): NavigationDecision {
  if (isAppUrl(url)) return { allow: true, openExternally: null };
  return { allow: false, openExternally: externalUrl(url) };
}

/** window.open and target=_blank: never a new Electron window. */
export function decideWindowOpen(url: string): { action: 'deny'; openExternally: string | null } {
  return { action: 'deny', openExternally: externalUrl(url) };
}

/** Permission requests and checks: notifications for the app's own page, nothing else. */
export function isPermissionAllowed(permission: string, requestingUrl: string | undefined): boolean {
  return permission === 'notifications' && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

/** The shape of an IPC event that matters for the sender check. */
export interface SenderLike {
  sender: { id: number };
  /** Electron's WebFrameMain: `parent` is null for the top frame. */
  senderFrame: { url: string; parent: unknown } | null;
}

/**
 * IPC is answered only for the app's window, from its top frame, showing an app page: a
 * sub-frame, another webContents or a page navigated elsewhere is refused.
 */
export function isTrustedSender(event: SenderLike, appWebContentsId: number | null): boolean {
  if (appWebContentsId === null || event.sender.id !== appWebContentsId) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

/** Response headers with our CSP in place of any other (header names are case-insensitive). */
export function withContentSecurityPolicy(
  headers: Record<string, string[] | string> | undefined,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  result['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return result;
}

/**
 * The file an app:// URL names inside the renderer directory, or null (other host, traversal,
 * NUL). Paths without an extension are the app's routes: index.html.
 */
export function resolveAppFile(rendererDir: string, url: string): string | null {
  if (!isAppUrl(url)) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const root = normalize(rendererDir);
  if (pathname === '/' || extname(pathname) === '') return join(root, 'index.html');
  const file = fileUnder(root, pathname);
  return file === root ? null : file;
}
