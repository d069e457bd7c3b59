// Electron main: wiring only. Each piece lives in its own file; this one says in what order they
// start and how they are connected.
import { join } from 'node:path';
import { Menu, Notification, app, dialog, ipcMain, type BrowserWindow } from 'electron';
import type { EventChannel, EventPayload } from '../shared/ipc';
import {
  createAppCore,
  createDispatcher,
  checkedNetworkFlag,
  localNetworkLine,
  setUpNetwork,
  type AppCore,
} from '../core';
import { electronNetworkPaths, forkUtility } from './embedded-network';
import { createEmitter } from './ipc/events';
import { registerRequestChannels } from './ipc/register';
import { parseLaunchArgs, parseShellOptions, type LaunchRequest } from './launch-args';
import { setUpLogging, type Logger } from './logging';
import { menuTemplate } from './menu';
import { PaymentNotifier } from './notifications';
import { readTransactionFile } from './open-file';
import { claimSingleInstance, registerDeepLinkScheme } from './single-instance';
import { createMainWindow, hardenSession, registerAppScheme } from './window';

const distDir = join(__dirname, '..');
const options = parseShellOptions(process.argv.slice(1));
if (options.userDataDir) app.setPath('userData', options.userDataDir);
registerAppScheme();

let window: BrowserWindow | null = null;
let log: Logger = console;
/** Launch requests wait until the page has asked for something (it is mounted and listening). */
let pageReady = false;
const pending: LaunchRequest[] = [];
/** The app core's address book, once the core is built (a notice before then names ids). */
let nameOf: (account: string) => string | undefined = () => undefined;

const emitToWindow = createEmitter(
  () => window?.webContents ?? null,
  (channel, reason) => log.warn(`event ${channel} dropped: ${reason}`),
);
const notifier = new PaymentNotifier({
  show: (notice) => {
    if (!Notification.isSupported()) return;
    const shown = new Notification({ title: notice.title, body: notice.body });
    shown.on('click', () => {
      focusWindow();
      emitToWindow('app:navigate', { route: notice.route });
    });
    shown.show();
  },
  // macOS dock and Linux (Unity) launcher show the count; Windows has no badge: the taskbar flashes.
  setBadge: (count) => {
    app.setBadgeCount(count);
    if (process.platform === 'win32') window?.flashFrame(count > 0);
  },
  windowFocused: () => window?.isFocused() ?? false,
  // Read at each notice (they are rare), so a label set a moment ago is used, and the local
  // network's own names while it is selected.
  labelOf: (account) => nameOf(account),
});

function emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void {
  emitToWindow(channel, payload);
  if (channel === 'stream:record') notifier.onRecord(payload as EventPayload<'stream:record'>);
}

function focusWindow(): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

async function deliver(request: LaunchRequest): Promise<void> {
  for (const link of request.links) emitToWindow('app:navigate', { route: link.route });
  for (const path of request.files) {
    try {
      emitToWindow('app:open-transaction', await readTransactionFile(path));
    } catch (error) {
      emitToWindow('app:notice', { level: 'error', message: (error as Error).message.slice(0, 500) });
    }
  }
}

function onLaunchRequest(request: LaunchRequest): void {
  focusWindow();
  if (pageReady) void deliver(request);
  else pending.push(request);
}

async function openTransactionFromMenu(): Promise<void> {
  const parent = window ?? undefined;
  const dialogOptions: Electron.OpenDialogOptions = {
    title: 'Open transaction',
    properties: ['openFile'],
    filters: [
      { name: 'Transactions', extensions: ['xdr', 'txt', 'json', 'b64', 'base64', 'tx'] },
      { name: 'All files', extensions: ['*'] },
    ],
  };
  const chosen = parent
    ? await dialog.showOpenDialog(parent, dialogOptions)
    : await dialog.showOpenDialog(dialogOptions);
  if (!chosen.canceled && chosen.filePaths[0]) onLaunchRequest({ links: [], files: [chosen.filePaths[0]] });
}

function openWindow(): void {
  window = createMainWindow({
    preload: join(distDir, 'electron', 'preload.cjs'),
    userDataDir: app.getPath('userData'),
    devTools: !app.isPackaged,
  });
  window.on('focus', () => notifier.markRead());
  window.webContents.on('did-start-loading', () => (pageReady = false));
  window.on('closed', () => (window = null));
}

async function start(): Promise<void> {
  if (!claimSingleInstance(onLaunchRequest)) return app.quit();
  await app.whenReady();
  const userDataDir = app.getPath('userData');
  log = setUpLogging(userDataDir);
  log.info(`Ledgerscope ${app.getVersion()} starting; user data in ${userDataDir}`);
  hardenSession(join(distDir, 'renderer'));
  registerDeepLinkScheme(app.getAppPath());

  const network = await setUpNetwork({
    flag: checkedNetworkFlag(options.network, (message) => log.error(message)),
    userDataDir,
    ...electronNetworkPaths(userDataDir, distDir),
    spawn: forkUtility,
    mode: 'background',
    onLine: (part, line) => log.info(`[${part}] ${line}`),
    onNotice: (notice) => {
      log[notice.level === 'info' ? 'info' : 'warn'](notice.message);
      emitToWindow('app:notice', { level: notice.level, message: notice.message.slice(0, 500) });
      if (notice.level !== 'info' && Notification.isSupported())
        new Notification({ title: 'Ledgerscope local network', body: notice.message }).show();
    },
  });

  log.info(localNetworkLine(network));

  const core: AppCore = createAppCore({
    userDataDir,
    localUrl: network.localUrl,
    localRpcUrl: network.localRpcUrl,
    host: 'electron',
    version: app.getVersion(),
    emit,
  });
  nameOf = (account) => core.names()(account);
  const dispatch = createDispatcher(network.wrap(core.handlers));
  await network.applyFlag(dispatch).catch((error: Error) => log.error(error.message));
  // History syncs the app stopped mid-walk go on (core/history-index/main-thread/service.ts).
  void core.resumeSyncs();

  registerRequestChannels(ipcMain, {
    dispatch: async (channel, args, context) => {
      if (!pageReady) {
        pageReady = true;
        setImmediate(() => pending.splice(0).forEach((request) => void deliver(request)));
      }
      return dispatch(channel, args, context);
    },
    appWebContentsId: () => window?.webContents.id ?? null,
    onRefused: (channel, url) => log.warn(`IPC ${channel} refused from ${url}`),
  });
  openWindow();
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        process.platform,
        {
          openTransaction: () => void openTransactionFromMenu(),
          navigate: (route) => emitToWindow('app:navigate', { route }),
        },
        { devTools: !app.isPackaged },
      ),
    ),
  );
  pending.push(parseLaunchArgs(process.argv, process.cwd()));

  app.on('activate', () => window ?? openWindow());
  app.on('window-all-closed', () => process.platform !== 'darwin' && app.quit());
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    // Service, then core (the network's own order), then the app core; then really quit.
    void Promise.allSettled([network.stop(), core.close()]).then(() => {
      stopped = true;
      log.info('Ledgerscope stopped');
      app.quit();
    });
  });
}

start().catch((error: unknown) => {
  log.error('Ledgerscope failed to start', error);
  dialog.showErrorBox('Ledgerscope could not start', String((error as Error)?.message ?? error));
  app.exit(1);
});
