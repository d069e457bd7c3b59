// Sandboxed preload (bundled to CommonJS): exposes the one object the page may use, and turns a
// transaction file dropped on the window into an `app:open-transaction` event.
import { contextBridge, ipcRenderer } from 'electron';
import { LocalEvents, createPreloadApi, installFileDrop, type DropTarget } from './preload-api';

const local = new LocalEvents();
contextBridge.exposeInMainWorld('ledgerscope', createPreloadApi(ipcRenderer, local));
// The page's window (typed without the DOM library, which the Node-side build does not load).
installFileDrop(globalThis as unknown as DropTarget, local);
