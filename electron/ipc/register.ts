// Main-side registration, derived from the channel map: one ipcMain.handle per request channel,
// each refusing senders other than the app's window and answering dispatch()'s envelope
// (validation lives in dispatch, shared with the web host). No electron import: Node tests pass
// a fake ipcMain.
import { CANCEL_CHANNEL, requestChannels, type IpcReply, type RequestChannel } from '../../shared/ipc';
import type { Dispatch } from '../../core';
import { isTrustedSender, type SenderLike } from '../window-policy';

export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
  on(channel: string, listener: (event: SenderLike, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: SenderLike, ...args: unknown[]) => void): unknown;
}

export interface RegistrationOptions {
  dispatch: Dispatch;
  /** The app window's webContents id (null while there is no window: everything is refused). */
  appWebContentsId: () => number | null;
  /** Aborted when the window goes away, so in-flight work stops. */
  signal?: () => AbortSignal;
  onRefused?: (channel: string, url: string) => void;
}

export const REFUSED: IpcReply<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'This sender may not use the Ledgerscope API.' },
};

/** Registers every request channel and the cancel channel; returns a function that removes them all. */
export function registerRequestChannels(ipcMain: IpcMainLike, options: RegistrationOptions): () => void {
  const channels = Object.keys(requestChannels) as RequestChannel[];
  // Calls the renderer may cancel, by sender and request id.
  const inflight = new Map<string, AbortController>();
  for (const channel of channels) {
    ipcMain.handle(channel, async function handleRequest(event, args, requestId) {
      if (!isTrustedSender(event, options.appWebContentsId())) {
        options.onRefused?.(channel, event.senderFrame?.url ?? '(no frame)');
        return REFUSED;
      }
      const windowSignal = options.signal?.() ?? new AbortController().signal;
      if (!Number.isSafeInteger(requestId)) return options.dispatch(channel, args, { signal: windowSignal });
      const key = `${event.sender.id}:${String(requestId)}`;
      const controller = new AbortController();
      inflight.set(key, controller);
      try {
        return await options.dispatch(channel, args, { signal: AbortSignal.any([windowSignal, controller.signal]) });
      } finally {
        if (inflight.get(key) === controller) inflight.delete(key);
      }
    });
  }
  const onCancel = function handleCancel(event: SenderLike, requestId: unknown) {
    if (!isTrustedSender(event, options.appWebContentsId()))
      return options.onRefused?.(CANCEL_CHANNEL, event.senderFrame?.url ?? '(no frame)');
    if (Number.isSafeInteger(requestId)) inflight.get(`${event.sender.id}:${String(requestId)}`)?.abort();
  };
  ipcMain.on(CANCEL_CHANNEL, onCancel);
  return () => {
    channels.forEach((channel) => ipcMain.removeHandler(channel));
    ipcMain.removeListener(CANCEL_CHANNEL, onCancel);
    inflight.forEach((controller) => controller.abort());
  };
}
