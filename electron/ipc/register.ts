// Main-side registration, derived from the channel map: one ipcMain.handle per request channel,
// each refusing senders other than the app's window and answering dispatch()'s envelope
// (validation lives in dispatch, shared with the web host). No electron import: Node tests pass
// a fake ipcMain.
import { requestChannels, type IpcReply, type RequestChannel } from '../../shared/ipc';
import type { Dispatch } from '../core/dispatch';
import { isTrustedSender, type SenderLike } from '../window-policy';

export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface RegistrationOptions {
  dispatch: Dispatch;
  /** The app window's webContents id (null while there is no window: everything is refused). */
  appWebContentsId: () => number | null;
  /** Aborted when the window goes away, so in-flight work stops. */
  signal?: () => AbortSignal;
  onRefused?: (channel: string, url: string) => void;
}

export const REFUSED: IpcReply<never> = { ok: false, error: { code: 'forbidden', message: 'This sender may not use the Ledgerscope API.' } };

/** Registers every request channel; returns a function that removes them all. */
export function registerRequestChannels(ipcMain: IpcMainLike, options: RegistrationOptions): () => void {
  const channels = Object.keys(requestChannels) as RequestChannel[];
  for (const channel of channels) {
    ipcMain.handle(channel, async function handleRequest(event, args) {
      if (!isTrustedSender(event, options.appWebContentsId())) {
        options.onRefused?.(channel, event.senderFrame?.url ?? '(no frame)');
        return REFUSED;
      }
      return options.dispatch(channel, args, { signal: options.signal?.() ?? new AbortController().signal });
    });
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel));
}
