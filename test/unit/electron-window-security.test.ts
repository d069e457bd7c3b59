// The window's security decisions (electron/window-policy.ts) and the main-side IPC registration
// and event emitter derived from the channel map (electron/ipc/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CANCEL_CHANNEL, eventChannels, requestChannels } from '../../shared/ipc';
import { createEmitter } from '../../electron/ipc/events';
import { REFUSED, registerRequestChannels, type IpcMainLike } from '../../electron/ipc/register';
import {
  APP_URL,
  decideNavigation,
  decideWindowOpen,
  externalLinkQuestion,
  externalUrl,
  isAppUrl,
  isPermissionAllowed,
  isTrustedSender,
  OPEN_LINK_BUTTON,
  oneQuestionAtATime,
  openConfirmed,
  resolveAppFile,
  secureWebPreferences,
  withContentSecurityPolicy,
  type SenderLike,
  visibleUrl,
} from '../../electron/window-policy';
import { CONTENT_SECURITY_POLICY } from '../../electron/content-policy';

describe('webPreferences', () => {
  const prefs = secureWebPreferences('/app/dist/electron/preload.cjs', { devTools: false });
  test('isolation, sandbox, no Node, no webview — each set explicitly', () => {
    expect(prefs).toMatchObject({
      preload: '/app/dist/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
    // Explicit, not left to defaults: the keys are present in the object.
    for (const key of ['contextIsolation', 'sandbox', 'nodeIntegration', 'webviewTag'])
      expect(Object.keys(prefs)).toContain(key);
  });
  test('devTools follow the build', () => {
    expect(secureWebPreferences('/p', { devTools: true }).devTools).toBe(true);
  });
});

describe('navigation and new windows', () => {
  test('pages of the app may load; everything else is blocked', () => {
    expect(decideNavigation(APP_URL)).toEqual({ allow: true, openExternally: null });
    expect(decideNavigation('app://ledgerscope/index.html#/account/G')).toMatchObject({ allow: true });
    for (const url of [
      'file:///etc/passwd',
      'app://evil/index.html',
      'app://user:pw@ledgerscope/',
      'http://127.0.0.1:8000/',
      'javascript:alert(1)',
      'data:text/html,hi',
      'not a url',
    ]) {
      expect(decideNavigation(url).allow).toBe(false);
    }
  });

  test('only https: links go to the system browser', () => {
    expect(decideNavigation('https://stellar.org/docs')).toEqual({
      allow: false,
      openExternally: 'https://stellar.org/docs',
    });
    expect(decideWindowOpen('https://stellar.org/')).toEqual({
      action: 'deny',
      openExternally: 'https://stellar.org/',
    });
    for (const url of [
      'http://stellar.org/',
      'file:///C:/Windows/system32/calc.exe',
      'smb://host/share',
      'javascript:alert(1)',
      'ms-msdt:/id',
      'https://user:pw@stellar.org/',
      `https://x.org/${'a'.repeat(3000)}`,
    ]) {
      expect(externalUrl(url)).toBeNull();
      expect(decideWindowOpen(url)).toEqual({ action: 'deny', openExternally: null });
    }
  });
});

describe('the question before a link leaves the app', () => {
  test('shows the full URL and its site; Cancel is the default and the answer to Escape', () => {
    const question = externalLinkQuestion('https://stellar.org/docs?q=1#top');
    expect(question.detail).toBe('https://stellar.org/docs?q=1#top\n\nSite: stellar.org');
    expect(question.buttons).toEqual(['Cancel', 'Open in browser']);
    expect(question.buttons![OPEN_LINK_BUTTON]).toBe('Open in browser');
    expect(question).toMatchObject({ type: 'question', defaultId: 0, cancelId: 0, noLink: true });
  });

  test('a long URL is shown whole', () => {
    const url = externalUrl(`https://stellar.org/${'a'.repeat(2000)}`)!;
    expect(url.length).toBeGreaterThan(2000);
    expect(externalLinkQuestion(url).detail).toContain(url);
  });

  test('only the open button opens', () => {
    expect(openConfirmed(OPEN_LINK_BUTTON)).toBe(true);
    for (const response of [0, 2, -1]) expect(openConfirmed(response)).toBe(false);
  });

  test('bidi, invisible and non-ASCII characters are made visible, printable ASCII is kept', () => {
    const printable = Array.from({ length: 0x7e - 0x20 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    expect(visibleUrl(printable)).toBe(printable);
    expect(visibleUrl('https://a.example/\u202Egpj.exe')).toBe('https://a.example/\\u{202E}gpj.exe');
    for (const [char, shown] of [
      ['\u202E', '\\u{202E}'], // right-to-left override
      ['\u2066', '\\u{2066}'], // left-to-right isolate
      ['\u200B', '\\u{200B}'], // zero-width space
      ['\u00A0', '\\u{A0}'], // no-break space
      [' ', '\\u{20}'],
      ['\n', '\\u{A}'],
      ['\u0430', '\\u{430}'], // Cyrillic a
      ['\u{1F4B8}', '\\u{1F4B8}'],
    ]) {
      expect(visibleUrl(`x${char}y`)).toBe(`x${shown}y`);
    }
  });

  test('what reaches the question is one line of printable ASCII (the URL is normalised first)', () => {
    for (const raw of [
      'https://stellar.org/\u202Etxt.exe',
      'https://stellar.org/a b#\u2066frag\u2069',
      'https://stellar.org/?q=\u200Bx',
      'https://пример.example/',
    ]) {
      const url = externalUrl(raw)!;
      expect(url, raw).toBeTruthy();
      const { detail } = externalLinkQuestion(url);
      for (const line of detail!.split('\n')) expect(line, raw).toMatch(/^[\x20-\x7e]*$/);
    }
    expect(externalLinkQuestion(externalUrl('https://пример.example/')!).detail).toContain(
      'Site: xn--e1afmkfd.example',
    );
  });

  test('one question at a time', () => {
    const gate = oneQuestionAtATime();
    expect(gate.begin()).toBe(true);
    expect(gate.begin()).toBe(false);
    gate.end();
    expect(gate.begin()).toBe(true);
  });
});

describe('permissions', () => {
  test('notifications for the app page only; everything else denied', () => {
    expect(isPermissionAllowed('notifications', 'app://ledgerscope/index.html')).toBe(true);
    expect(isPermissionAllowed('notifications', 'app://ledgerscope')).toBe(true);
    expect(isPermissionAllowed('notifications', 'https://evil.example/')).toBe(false);
    expect(isPermissionAllowed('notifications', undefined)).toBe(false);
    for (const permission of [
      'media',
      'geolocation',
      'openExternal',
      'clipboard-read',
      'fullscreen',
      'hid',
      'usb',
      'serial',
      'unknown',
    ]) {
      expect(isPermissionAllowed(permission, 'app://ledgerscope/index.html')).toBe(false);
    }
  });
});

describe('IPC senders', () => {
  const mainFrame = { url: 'app://ledgerscope/index.html#/live', parent: null };
  const event = (overrides: Partial<SenderLike> = {}): SenderLike => ({
    sender: { id: 7 },
    senderFrame: mainFrame,
    ...overrides,
  });

  test('the app window’s top frame showing an app page is trusted', () => {
    expect(isTrustedSender(event(), 7)).toBe(true);
  });
  test('another webContents, no window, a sub-frame, a lost frame or a foreign page are refused', () => {
    expect(isTrustedSender(event(), 8)).toBe(false);
    expect(isTrustedSender(event(), null)).toBe(false);
    // A sub-frame (even one showing an app page) has a parent.
    expect(isTrustedSender(event({ senderFrame: { url: 'app://ledgerscope/index.html', parent: mainFrame } }), 7)).toBe(
      false,
    );
    expect(isTrustedSender(event({ senderFrame: null }), 7)).toBe(false);
    expect(isTrustedSender(event({ senderFrame: { url: 'https://evil.example/', parent: null } }), 7)).toBe(false);
    expect(isTrustedSender(event({ senderFrame: { url: 'file:///tmp/x.html', parent: null } }), 7)).toBe(false);
  });

  function fakeIpcMain() {
    const handlers = new Map<string, (event: SenderLike, ...args: unknown[]) => Promise<unknown>>();
    const listeners = new Map<string, (event: SenderLike, ...args: unknown[]) => void>();
    const ipcMain: IpcMainLike = {
      handle: (channel, listener) => void handlers.set(channel, listener),
      removeHandler: (channel) => void handlers.delete(channel),
      on: (channel, listener) => void listeners.set(channel, listener),
      removeListener: (channel) => void listeners.delete(channel),
    };
    return { ipcMain, handlers, listeners };
  }

  test('every request channel is registered, dispatched with its arguments, and removable', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const dispatched: [unknown, unknown][] = [];
    const unregister = registerRequestChannels(ipcMain, {
      dispatch: async (channel, args) => (dispatched.push([channel, args]), { ok: true, value: channel }),
      appWebContentsId: () => 7,
    });
    expect([...handlers.keys()].sort()).toEqual(Object.keys(requestChannels).sort());
    expect(await handlers.get('app:info')!(event(), { a: 1 })).toEqual({ ok: true, value: 'app:info' });
    expect(dispatched).toEqual([['app:info', { a: 1 }]]);
    unregister();
    expect(handlers.size).toBe(0);
  });

  test('a call with a request id is aborted by a cancel from the same window, not from another sender', async () => {
    const { ipcMain, handlers, listeners } = fakeIpcMain();
    const signals: AbortSignal[] = [];
    registerRequestChannels(ipcMain, {
      dispatch: (_channel, _args, context) =>
        new Promise((resolve) => {
          signals.push(context!.signal!);
          context!.signal!.addEventListener('abort', () =>
            resolve({ ok: false, error: { code: 'cancelled', message: 'cancelled' } }),
          );
        }),
      appWebContentsId: () => 7,
    });
    const cancel = listeners.get(CANCEL_CHANNEL)!;
    const first = handlers.get('payments:list')!(event(), { account: 'G' }, 1);
    const second = handlers.get('payments:list')!(event(), { account: 'G' }, 2);
    cancel(event({ sender: { id: 99 } }), 1);
    cancel(event({ senderFrame: { url: 'https://evil.example/', parent: null } }), 1);
    expect(signals.map((signal) => signal.aborted)).toEqual([false, false]);
    cancel(event(), 1);
    expect(await first).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    cancel(event(), 2);
    expect(await second).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  test('a refused sender never reaches dispatch', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const refused: string[] = [];
    let dispatched = 0;
    registerRequestChannels(ipcMain, {
      dispatch: async () => (dispatched++, { ok: true, value: null }),
      appWebContentsId: () => 7,
      onRefused: (_channel, url) => void refused.push(url),
    });
    expect(
      await handlers.get('tx:submit')!(event({ senderFrame: { url: 'https://evil.example/', parent: null } }), {
        input: 'x',
      }),
    ).toEqual(REFUSED);
    expect(await handlers.get('tx:submit')!(event({ sender: { id: 99 } }), { input: 'x' })).toEqual(REFUSED);
    expect(dispatched).toBe(0);
    expect(refused).toEqual(['https://evil.example/', mainFrame.url]);
  });
});

describe('events to the window', () => {
  test('valid events are sent on their channel; invalid or unknown ones are dropped', () => {
    const sent: [string, unknown][] = [];
    const dropped: string[] = [];
    const emit = createEmitter(
      () => ({ isDestroyed: () => false, send: (channel, payload) => void sent.push([channel, payload]) }),
      (channel) => void dropped.push(channel),
    );
    emit('app:navigate', { route: '/live' });
    emit('app:navigate', { route: 'javascript:alert(1)' });
    (emit as (channel: string, payload: unknown) => void)('app:evil', {});
    expect(sent).toEqual([['app:navigate', { route: '/live' }]]);
    expect(dropped).toEqual(['app:navigate', 'app:evil']);
    expect(Object.keys(eventChannels)).toContain('app:open-transaction');
  });
  test('nothing is sent to a destroyed or missing window', () => {
    let sent = 0;
    createEmitter(() => ({ isDestroyed: () => true, send: () => void sent++ }))('app:navigate', { route: '/live' });
    createEmitter(() => null)('app:navigate', { route: '/live' });
    expect(sent).toBe(0);
  });
});

describe('app:// file serving and the CSP header', () => {
  const root = mkdtempSync(join(tmpdir(), 'ledgerscope-renderer-'));
  test('maps app URLs inside the renderer directory only', () => {
    expect(resolveAppFile(root, 'app://ledgerscope/index.html')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://ledgerscope/')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://ledgerscope/live')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://ledgerscope/assets/index-abc.js')).toBe(join(root, 'assets', 'index-abc.js'));
    // Dot segments are resolved by the URL parser: the result stays inside the renderer directory.
    expect(resolveAppFile(root, 'app://ledgerscope/%2e%2e/%2e%2e/etc/passwd.txt')).toBe(
      join(root, 'etc', 'passwd.txt'),
    );
    for (const url of [
      'app://ledgerscope/..%2f..%2fsecret.json',
      'app://ledgerscope/a/..%2f..%2f..%2fsecret.json',
      'app://ledgerscope/a%00.js',
      'app://ledgerscope/..%5c..%5cx.js',
      'app://other/index.html',
      'file:///etc/passwd',
      'app://ledgerscope/%E0%A4%A.js',
    ]) {
      expect(resolveAppFile(root, url)).toBeNull();
    }
    rmSync(root, { recursive: true, force: true });
  });
  test('the response headers carry our policy, replacing any other', () => {
    const headers = withContentSecurityPolicy({
      'content-security-policy': ['default-src *'],
      'Content-Type': 'text/html',
    });
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
    expect(withContentSecurityPolicy(undefined)).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });
  test('isAppUrl is exact about scheme and host', () => {
    expect(isAppUrl('app://ledgerscope/x')).toBe(true);
    expect(isAppUrl('app://ledgerscope.evil.com/x')).toBe(false);
    expect(isAppUrl('apps://ledgerscope/x')).toBe(false);
  });
});
