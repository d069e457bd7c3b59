// The only module that talks to the host. In Electron the preload exposes `window.ledgerscope`;
// in a browser the web host speaks the same channel map over a WebSocket. Both give `Bridge`.
import type {
  Bridge,
  EventChannel,
  EventPayload,
  IpcReply,
  PreloadApi,
  RequestArgs,
  RequestChannel,
  RequestResult,
} from '../../../shared/ipc';
import { readableHostMessage } from './host-errors';

declare global {
  interface Window {
    ledgerscope?: PreloadApi;
  }
}

const CANCELLED: IpcReply<never> = { ok: false, error: { code: 'cancelled', message: 'The request was cancelled.' } };

/** The preload's API as a Bridge: an AbortSignal becomes a request id that main can abort. */
export function bridgeFromPreload(api: PreloadApi): Bridge {
  let nextId = 1;
  return {
    async invoke<C extends RequestChannel>(channel: C, args: RequestArgs<C>, signal?: AbortSignal) {
      if (!signal) return api.invoke(channel, args);
      if (signal.aborted) return CANCELLED;
      const id = nextId++;
      const onAbort = () => api.cancel(id);
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        return await api.invoke(channel, args, id);
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
    on: (channel, listener) => api.on(channel, listener),
  };
}

/** Reads the per-run token from the address the web host printed, then hides it from the address bar. */
function takeToken(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem('ledgerscope-token', fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.toString());
    return fromUrl;
  }
  return sessionStorage.getItem('ledgerscope-token') ?? '';
}

/** Where the web host offers a finished export as a download (the run's token guards it). */
export function exportDownloadUrl(exportId: string): string {
  return `/exports/${encodeURIComponent(exportId)}?token=${encodeURIComponent(sessionStorage.getItem('ledgerscope-token') ?? '')}`;
}

type Listeners = Map<string, Set<(payload: unknown) => void>>;
type Pending = Map<number, (reply: IpcReply<unknown>) => void>;

const hostUnreachable = (message: string): IpcReply<never> => ({
  ok: false,
  error: { code: 'host_unreachable', message },
});

/** The web host's connection as the page sees it: open, or lost and being reconnected. */
export type HostConnection =
  | { state: 'connected' }
  | { state: 'connecting' }
  /** Lost: retry `attempt` is due in `nextInMs` (the bridge keeps trying while the page is open). */
  | { state: 'reconnecting'; attempt: number; nextInMs: number };

let connection: HostConnection = { state: 'connecting' };
const connectionListeners = new Set<(state: HostConnection) => void>();

/** The web host's connection now (Electron's preload is always 'connected'). */
export function hostConnection(): HostConnection {
  return connection;
}

/** Told each change of the web host's connection; returns the unsubscribe function. */
export function onHostConnection(listener: (state: HostConnection) => void): () => void {
  connectionListeners.add(listener);
  return () => void connectionListeners.delete(listener);
}

function setConnection(next: HostConnection): void {
  connection = next;
  for (const listener of connectionListeners) listener(next);
}

/** The wait before reconnect attempt `attempt` (from 1): 0.5 s growing by half each time, at most 10 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(500 * 1.5 ** Math.max(0, attempt - 1), 10_000);
}

const LOST = 'The connection to the Ledgerscope host was lost: reconnecting.';

export function createWebSocketBridge(): Bridge {
  const token = takeToken();
  const listeners: Listeners = new Map();
  const pending: Pending = new Map();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opened: Promise<WebSocket> | null = null;
  /** Once a socket has opened, a lost one is retried for as long as the page is open. */
  let everOpened = false;
  let attempt = 0;
  let retryTimer: number | undefined;

  /** The next reconnect attempt after a bounded wait (one at a time). */
  function scheduleReconnect(): void {
    if (retryTimer !== undefined) return;
    attempt += 1;
    const nextInMs = reconnectDelay(attempt);
    setConnection({ state: 'reconnecting', attempt, nextInMs });
    retryTimer = window.setTimeout(() => {
      retryTimer = undefined;
      void connect().catch(() => undefined);
    }, nextInMs);
  }

  function connect(): Promise<WebSocket> {
    if (opened) return opened;
    // A request while reconnecting tries at once; a failure schedules the next wait as before.
    if (retryTimer !== undefined) {
      window.clearTimeout(retryTimer);
      retryTimer = undefined;
    }
    opened = new Promise((resolve, reject) => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${window.location.host}/ipc?token=${encodeURIComponent(token)}`);
      ws.onopen = () => {
        socket = ws;
        everOpened = true;
        attempt = 0;
        setConnection({ state: 'connected' });
        resolve(ws);
      };
      ws.onmessage = (event) => routeMessage(event.data, pending, listeners);
      ws.onclose = () => {
        const wasOpen = socket === ws;
        if (wasOpen) socket = null;
        opened = null;
        failPending(pending);
        if (!wasOpen)
          reject(new Error(everOpened ? LOST : 'The Ledgerscope host refused the connection (is the token right?).'));
        if (everOpened) scheduleReconnect();
      };
    });
    return opened;
  }

  return {
    async invoke<C extends RequestChannel>(channel: C, args: RequestArgs<C>, signal?: AbortSignal) {
      let ws: WebSocket;
      try {
        ws = await connect();
      } catch (error) {
        return hostUnreachable((error as Error).message) as IpcReply<RequestResult<C>>;
      }
      // Aborted while connecting: the abort event has already fired, so no listener would see it.
      if (signal?.aborted) return CANCELLED;
      const id = nextId++;
      return sendRequest(ws, pending, { id, channel, args }, signal) as Promise<IpcReply<RequestResult<C>>>;
    },
    on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void) {
      void connect().catch(() => undefined);
      const set = listeners.get(channel) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(channel, set);
      return () => void set.delete(listener as (payload: unknown) => void);
    },
  };
}

/** A message from the web host: the reply to a pending request, or an event for its listeners. */
function routeMessage(data: unknown, pending: Pending, listeners: Listeners): void {
  const message = JSON.parse(String(data)) as {
    id?: number;
    reply?: IpcReply<unknown>;
    event?: string;
    payload?: unknown;
  };
  if (typeof message.id === 'number' && message.reply) {
    pending.get(message.id)?.(message.reply);
    pending.delete(message.id);
  } else if (typeof message.event === 'string') {
    for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
  }
}

/** The socket closed: every request still waiting is answered as unreachable. */
function failPending(pending: Pending): void {
  for (const [id, settle] of pending) {
    settle(hostUnreachable('The connection to the Ledgerscope host was lost.'));
    pending.delete(id);
  }
}

/** Sends a request and waits for its reply; an abort cancels it in the host and answers it as cancelled. */
function sendRequest(
  ws: WebSocket,
  pending: Pending,
  request: { id: number; channel: string; args: unknown },
  signal: AbortSignal | undefined,
): Promise<IpcReply<unknown>> {
  const { id } = request;
  return new Promise<IpcReply<unknown>>((resolve) => {
    pending.set(id, resolve);
    signal?.addEventListener('abort', () => {
      if (!pending.has(id)) return;
      pending.delete(id);
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ id, cancel: true }));
      resolve(CANCELLED);
    });
    ws.send(JSON.stringify(request));
  });
}

let current: Bridge | null = null;

/** The host's bridge: the Electron preload's, else the web host's WebSocket (created on first use). */
export function getBridge(): Bridge {
  current ??= window.ledgerscope ? bridgeFromPreload(window.ledgerscope) : createWebSocketBridge();
  return current;
}

/** Replaces the bridge (component tests and benchmarks pass a fake one). */
export function setBridge(fake: Bridge): void {
  current = fake;
}

/** `message` is what the page may show (host-errors.ts); `detail` the host's own text. */
export type HostError = Error & { code: string; retryAfterMs?: number; detail: string };

/** Invokes a channel and throws the host's typed error, for TanStack Query. */
export async function call<C extends RequestChannel>(
  channel: C,
  args: RequestArgs<C>,
  signal?: AbortSignal,
): Promise<RequestResult<C>> {
  const reply = await getBridge().invoke(channel, args, signal);
  if (reply.ok) return reply.value;
  throw Object.assign(new Error(readableHostMessage(reply.error.code, reply.error.message)), {
    code: reply.error.code,
    retryAfterMs: reply.error.retryAfterMs,
    detail: reply.error.message,
  }) as HostError;
}

/** Subscribes to a host event; returns the unsubscribe function. */
export function onEvent<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void {
  return getBridge().on(channel, listener);
}

export function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : 'internal';
}
