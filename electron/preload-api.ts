// What the preload exposes as `window.ledgerscope`, derived from the channel map: `invoke` for
// request channels only, `on` for event channels only, returning an unsubscribe function. The
// page never sees ipcRenderer or an IpcRendererEvent (its `sender` would be ipcRenderer itself).
// Plain module (no electron import) so Node tests drive it with a fake ipcRenderer.
import {
  CANCEL_CHANNEL,
  type EventChannel,
  type EventPayload,
  type IpcErrorCode,
  type IpcReply,
  type PreloadApi,
  type RequestArgs,
  type RequestChannel,
  type RequestResult,
  isEventChannel,
  isRequestChannel,
} from '../shared/ipc';

/** The part of Electron's ipcRenderer the preload uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  send(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

const failure = (code: IpcErrorCode, message: string): IpcReply<never> => ({ ok: false, error: { code, message } });

type Relay = (event: unknown, payload: unknown) => void;

/** Events raised in the preload itself (a file dropped on the window), delivered like main's. */
export class LocalEvents {
  private readonly relays = new Map<string, Set<Relay>>();
  add(channel: string, relay: Relay): void {
    const set = this.relays.get(channel) ?? new Set();
    set.add(relay);
    this.relays.set(channel, set);
  }
  remove(channel: string, relay: Relay): void {
    this.relays.get(channel)?.delete(relay);
  }
  emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void {
    for (const relay of this.relays.get(channel) ?? []) relay(null, payload);
  }
}

export function createPreloadApi(ipc: IpcRendererLike, local = new LocalEvents()): PreloadApi {
  async function invoke<C extends RequestChannel>(
    channel: C,
    args: RequestArgs<C>,
    requestId?: number,
  ): Promise<IpcReply<RequestResult<C>>> {
    if (!isRequestChannel(channel))
      return failure('unknown_channel', `Unknown channel "${String(channel).slice(0, 60)}".`);
    try {
      const extra = Number.isSafeInteger(requestId) ? [requestId] : [];
      return (await ipc.invoke(channel, args, ...extra)) as IpcReply<RequestResult<C>>;
    } catch (error) {
      return failure(
        'host_unreachable',
        `The Ledgerscope main process did not answer: ${(error as Error).message}`.slice(0, 300),
      );
    }
  }

  /** Main aborts the call's AbortSignal: the HTTP request behind it stops. */
  function cancel(requestId: number): void {
    if (Number.isSafeInteger(requestId)) ipc.send(CANCEL_CHANNEL, requestId);
  }

  function on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void {
    if (!isEventChannel(channel)) throw new TypeError(`Unknown event channel "${String(channel).slice(0, 60)}".`);
    if (typeof listener !== 'function') throw new TypeError('A listener must be a function.');
    // Only the payload reaches the page: never the event, never extra arguments.
    const relay: Relay = (_event, payload) => listener(payload as EventPayload<C>);
    ipc.on(channel, relay);
    local.add(channel, relay);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipc.removeListener(channel, relay);
      local.remove(channel, relay);
    };
  }

  return Object.freeze({ invoke, cancel, on });
}

/** The DOM surface the drop handler needs (the window, in the preload); DOM types stay out of Node's build. */
export interface DroppedFile {
  name: string;
  size: number;
  text(): Promise<string>;
}
export interface DropEventLike {
  readonly defaultPrevented: boolean;
  preventDefault(): void;
  dataTransfer: { types: ArrayLike<string>; files: ArrayLike<DroppedFile> } | null;
}
export interface DropTarget {
  addEventListener(type: 'dragover' | 'drop', listener: (event: DropEventLike) => void): void;
}

export const MAX_DROPPED_BYTES = 400_000;

/**
 * A transaction file dropped anywhere on the window goes to the submitter as
 * `app:open-transaction`. The page gets the text only, never a path.
 */
export function installFileDrop(target: DropTarget, local: LocalEvents, onRejected?: (reason: string) => void): void {
  const hasFiles = (event: DropEventLike) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
  target.addEventListener('dragover', (event) => {
    if (hasFiles(event)) event.preventDefault();
  });
  target.addEventListener('drop', (event) => {
    // A drop the page handled itself (the submitter's drop zone) is not delivered twice.
    if (event.defaultPrevented) return;
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    if (file.size > MAX_DROPPED_BYTES)
      return onRejected?.(`${file.name} is larger than ${MAX_DROPPED_BYTES} bytes: not a transaction.`);
    void file.text().then(
      (text: string) => local.emit('app:open-transaction', { text: text.trim(), fileName: file.name.slice(0, 255) }),
      () => onRejected?.(`${file.name} could not be read.`),
    );
  });
}
