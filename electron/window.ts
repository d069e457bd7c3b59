// The app window and its session, hardened as window-policy.ts decides: the renderer served from
// app://ledgerscope with the strict CSP as a response header (and the page's meta tag), new windows
// denied, navigation kept inside the app, https: links to the system browser once the user has
// confirmed the full URL, permissions denied but notifications, <webview> refused.
import { readFile } from 'node:fs/promises';
import { BrowserWindow, app, dialog, protocol, screen, session, shell, type WebContents } from 'electron';
import {
  APP_SCHEME,
  APP_URL,
  decideNavigation,
  decideWindowOpen,
  externalLinkQuestion,
  isPermissionAllowed,
  oneQuestionAtATime,
  openConfirmed,
  resolveAppFile,
  secureWebPreferences,
  withContentSecurityPolicy,
} from './window-policy';
import { mimeType, SECURITY_HEADERS } from './content-policy';
import { loadWindowState, restoreBounds, saveWindowState, MIN_SIZE } from './window-state';

/**
 * Before `ready`: app:// is a standard, secure scheme: a real origin for CSP 'self' and for the
 * page's ES modules (which Chromium refuses over file://), fetched in CORS mode (`crossorigin`).
 * Electron honours one registerSchemesAsPrivileged call only: keep every scheme in this one.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
  ]);
}

/** After `ready`: serve dist/renderer on app://, harden the default session and every webContents. */
export function hardenSession(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async function serveApp(request) {
    const file = resolveAppFile(rendererDir, request.url);
    const body = file ? await readFile(file).catch(() => null) : null;
    if (!file || !body) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
    return new Response(body, {
      headers: { 'content-type': mimeType(file), ...SECURITY_HEADERS },
    });
  });
  const ses = session.defaultSession;
  // The same policy on every response the session sees, whatever served it.
  ses.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) }),
  );
  ses.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionAllowed(permission, details.requestingUrl)),
  );
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin),
  );
  ses.setDevicePermissionHandler(() => false);
  app.on('web-contents-created', (_event, contents) => hardenContents(contents));
}

const linkQuestion = oneQuestionAtATime();

/** Opens an https: link in the system browser once the user has confirmed its full URL. */
async function askThenOpen(contents: WebContents, url: string): Promise<void> {
  if (!linkQuestion.begin()) return;
  try {
    const question = externalLinkQuestion(url);
    const owner = BrowserWindow.fromWebContents(contents);
    const { response } = owner ? await dialog.showMessageBox(owner, question) : await dialog.showMessageBox(question);
    if (openConfirmed(response)) await shell.openExternal(url);
  } finally {
    linkQuestion.end();
  }
}

function hardenContents(contents: WebContents): void {
  const openOutside = (url: string | null) => {
    if (url) askThenOpen(contents, url).catch(() => undefined); // a closed window: nothing to open
  };
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    openOutside(decision.openExternally);
    return { action: decision.action };
  });
  const guard = (event: { preventDefault(): void }, url: string) => {
    const decision = decideNavigation(url);
    if (decision.allow) return;
    event.preventDefault();
    openOutside(decision.openExternally);
  };
  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-frame-navigate', (event) => guard(event, event.url));
  contents.on('will-redirect', (event) => guard(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export interface MainWindowOptions {
  preload: string;
  userDataDir: string;
  devTools: boolean;
}

/** The one app window, at its remembered size and position. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const restored = restoreBounds(
    loadWindowState(options.userDataDir),
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = new BrowserWindow({
    ...restored.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Ledgerscope',
    webPreferences: secureWebPreferences(options.preload, { devTools: options.devTools }),
  });
  if (restored.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    saveWindowState(options.userDataDir, { bounds: window.getNormalBounds(), maximized: window.isMaximized() });
  });
  void window.loadURL(APP_URL);
  return window;
}
