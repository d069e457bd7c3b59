// The application menu: the platform's standard roles plus File › Open transaction…, Go › Go to…
// (Ctrl/Cmd+K), Go › Live, View › Reload. A plain template builder (types only from electron).
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openTransaction(): void;
  navigate(route: string): void;
}

export function menuTemplate(
  platform: NodeJS.Platform,
  actions: MenuActions,
  options: { devTools: boolean },
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      {
        id: 'open-transaction',
        label: 'Open Transaction…',
        accelerator: 'CmdOrCtrl+O',
        click: () => actions.openTransaction(),
      },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { role: 'reload' },
      ...(options.devTools ? [{ role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const go: MenuItemConstructorOptions = {
    label: '&Go',
    submenu: [
      { id: 'go-to', label: 'Go to…', accelerator: 'CmdOrCtrl+K', click: () => actions.navigate('/go-to') },
      { id: 'live', label: 'Live', accelerator: 'CmdOrCtrl+L', click: () => actions.navigate('/live') },
    ],
  };
  return [...(mac ? [{ role: 'appMenu' } as const] : []), file, { role: 'editMenu' }, view, go, { role: 'windowMenu' }];
}
