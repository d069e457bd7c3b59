// The web host: serves the built renderer and the channel map over a WebSocket, so the same app
// runs in a browser where no Electron binary exists. It binds 127.0.0.1 only, requires a per-run
// token, and checks Origin and Host (a DNS-rebinding page has a foreign Host header).
import { extname, join } from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { isEventChannel, type EventChannel, type EventPayload } from '../shared/ipc';
import type { Dispatch } from '../core';
import { fileUnder, mimeType, SECURITY_HEADERS } from './content-policy';
import { isExportPath, serveExport, type ExportLookup } from './web-downloads';

const MAX_FRAME_BYTES = 2 * 1024 * 1024;

export interface WebHostOptions {
  rendererDir: string;
  dispatch: Dispatch;
  port?: number;
  token?: string;
  /** Finished exports by id, offered at `/exports/<id>?token=…` (web-downloads.ts). */
  exportFile?: ExportLookup;
}

export interface WebHost {
  url: string;
  port: number;
  token: string;
  emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void;
  close(): Promise<void>;
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const sockets = new Set<WebSocket>();
  // The port is known once the server listens; the Host and Origin checks read it then.
  const local = { port: 0 };

  const server: Server = createServer((request, response) =>
    serveRequest(options, local.port, token, request, response),
  );
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  server.on('upgrade', (request, socket, head) => {
    if (!upgradeAllowed(request, local.port, token)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => attachSocket(ws, sockets, options.dispatch));
  });

  const port = await listen(server, options.port ?? 0);
  local.port = port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    emit(channel, payload) {
      broadcast(sockets, channel, payload);
    },
    async close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Listens on 127.0.0.1 only; resolves to the port bound (a free one for 0). */
async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

function allowedHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

function allowedOrigin(origin: string | undefined, port: number): boolean {
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

/** A plain HTTP request: only GET and HEAD of the renderer's files, only under our own Host. */
/** Plain requests: the renderer's files, and finished exports (token-protected) for download. */
function serveRequest(
  options: WebHostOptions,
  port: number,
  token: string,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  if (!allowedHost(request.headers.host, port)) return refuse(response, 421, 'Misdirected request: unknown Host.');
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'Method not allowed.');
  const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (isExportPath(pathname)) {
    if (!options.exportFile) return refuse(response, 404, 'Not found.');
    return void serveExport(request, response, options.exportFile, (given) => sameToken(given, token));
  }
  void serveFile(options.rendererDir, request, response);
}

/** The channel socket opens only at /ipc, from our own page (Host and Origin), with the run's token. */
function upgradeAllowed(request: IncomingMessage, port: number, token: string): boolean {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const given = url.searchParams.get('token') ?? '';
  return (
    url.pathname === '/ipc' &&
    allowedHost(request.headers.host, port) &&
    allowedOrigin(request.headers.origin, port) &&
    sameToken(given, token)
  );
}

/** Sends an event to every open page; an unknown channel or a payload JSON cannot carry is dropped. */
function broadcast<C extends EventChannel>(sockets: Set<WebSocket>, channel: C, payload: EventPayload<C>): void {
  if (!isEventChannel(channel)) return;
  let frame: string;
  try {
    frame = JSON.stringify({ event: channel, payload });
  } catch {
    return;
  }
  for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(frame);
}

/** Serves one page's socket: each request frame is dispatched, and a closed page aborts its calls. */
function attachSocket(ws: WebSocket, sockets: Set<WebSocket>, dispatch: Dispatch): void {
  sockets.add(ws);
  // An oversized or broken frame makes ws emit 'error' on this socket: close it, keep the host.
  ws.on('error', () => ws.terminate());
  const inflight = new Map<number, AbortController>();
  ws.on('close', () => {
    sockets.delete(ws);
    for (const controller of inflight.values()) controller.abort();
  });
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    void answerMessage(ws, data.toString(), inflight, dispatch);
  });
}

type RequestFrame = { id?: unknown; channel?: unknown; args?: unknown; cancel?: unknown };

/** One request frame: a call answered with its reply, or a cancel of an earlier call; bad frames get a typed error. */
async function answerMessage(
  ws: WebSocket,
  text: string,
  inflight: Map<number, AbortController>,
  dispatch: Dispatch,
): Promise<void> {
  let message: RequestFrame;
  try {
    message = JSON.parse(text) as RequestFrame;
  } catch {
    ws.send(JSON.stringify({ id: null, reply: { ok: false, error: { code: 'bad_message', message: 'Not JSON.' } } }));
    return;
  }
  if (typeof message !== 'object' || message === null || typeof message.id !== 'number') {
    ws.send(
      JSON.stringify({
        id: null,
        reply: { ok: false, error: { code: 'bad_message', message: 'A message needs a numeric id.' } },
      }),
    );
    return;
  }
  const id = message.id;
  if (message.cancel === true) {
    inflight.get(id)?.abort();
    return;
  }
  const controller = new AbortController();
  inflight.set(id, controller);
  const reply = await dispatch(message.channel, message.args, { signal: controller.signal });
  inflight.delete(id);
  if (ws.readyState === ws.OPEN) ws.send(frameOf(id, reply));
}

/** A reply frame; a value JSON cannot carry (a bigint, a cycle) becomes a typed error, never a crash. */
function frameOf(id: number, reply: unknown): string {
  try {
    return JSON.stringify({ id, reply });
  } catch {
    return JSON.stringify({
      id,
      reply: { ok: false, error: { code: 'internal', message: 'The answer could not be encoded.' } },
    });
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(message);
}

async function serveFile(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const pathname = decodeURIComponentSafe(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
  if (pathname === null) return refuse(response, 400, 'Bad path.');
  let file = fileUnder(root, pathname);
  if (file === null) return refuse(response, 403, 'Forbidden.');
  let info = await stat(file).catch(() => null);
  // The app routes in the page: unknown paths without an extension get index.html.
  if (!info || info.isDirectory()) {
    if (extname(pathname) !== '' && !info) return refuse(response, 404, 'Not found.');
    file = join(root, 'index.html');
    info = await stat(file).catch(() => null);
    if (!info) return refuse(response, 503, 'The renderer is not built: run `npm run build`.');
  }
  response.writeHead(200, {
    'content-type': mimeType(file),
    'content-length': info.size,
    ...SECURITY_HEADERS,
    'cache-control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=31536000, immutable',
  });
  if (request.method === 'HEAD') return void response.end();
  createReadStream(file).pipe(response);
}

function decodeURIComponentSafe(text: string): string | null {
  try {
    const decoded = decodeURIComponent(text);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}
