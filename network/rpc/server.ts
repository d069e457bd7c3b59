// The local network's Stellar RPC: JSON-RPC 2.0 over HTTP POST on its own port, answered from the
// same store the Horizon-shaped service reads (read-only), submissions forwarded to the core.
// Embeddable with startRpc(); run as a process by process.ts.
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { storePath } from '../store/db';
import { Store } from '../service/queries';
import { answerRequest, INVALID_REQUEST } from './json-rpc';
import { EventIndex } from './event-index';
import { DEFAULT_RETENTION_LEDGERS, rpcMethods } from './methods';

/** A request body at most this long (a sendTransaction's largest envelope, base64, fits well within). */
export const RPC_BODY_LIMIT = 512 * 1024;

export interface RpcOptions {
  dataDir: string;
  /** 0: any free port. */
  port: number;
  host?: string;
  coreUrl: string;
  retentionLedgers?: number;
  coreTimeoutMs?: number;
  /** A request not in full (headers and body) this long after it began is cut off. */
  requestTimeoutMs?: number;
  /** How often the index of events reads the ledgers closed since (getEvents also reads them first). */
  eventsPollMs?: number;
}

/** The RPC's index of events, beside the store in the data folder (event-index.ts). */
export const EVENTS_FILE = 'rpc-events.sqlite';

export interface RunningRpc {
  port: number;
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

const VERSION = '0.1.0';

/**
 * Reads the window's events into the index from the start, and each ledger as it closes, in slices
 * that yield, so that a getEvents finds the index current or nearly so. Resolves, once stopped,
 * when no slice is in flight.
 */
function follow(events: EventIndex, retentionLedgers: number, pollMs: number): () => Promise<void> {
  let stopped = false;
  const step = () => {
    if (!stopped) void events.current(retentionLedgers).catch(() => undefined);
  };
  step();
  const poll = setInterval(step, pollMs);
  poll.unref();
  return async () => {
    stopped = true;
    clearInterval(poll);
    await events.stop();
  };
}

export async function startRpc(options: RpcOptions): Promise<RunningRpc> {
  const host = options.host ?? '127.0.0.1';
  const store = new Store(storePath(options.dataDir));
  const retentionLedgers = options.retentionLedgers ?? DEFAULT_RETENTION_LEDGERS;
  const events = new EventIndex(store, join(options.dataDir, EVENTS_FILE));
  const stopFollowing = follow(events, retentionLedgers, options.eventsPollMs ?? 1000);
  const methods = rpcMethods({
    store,
    events,
    retentionLedgers,
    coreUrl: options.coreUrl,
    coreTimeoutMs: options.coreTimeoutMs ?? 10_000,
    version: `ledgerscope-local-rpc ${VERSION}`,
  });
  const timeout = options.requestTimeoutMs ?? 10_000;
  const app = Fastify({
    logger: { level: 'error' },
    bodyLimit: RPC_BODY_LIMIT,
    forceCloseConnections: true,
    return503OnClosing: false,
    http: { headersTimeout: timeout, requestTimeout: timeout },
  });
  await app.register(cors, {
    origin: '*',
    methods: ['POST', 'OPTIONS'],
    allowedHeaders: ['Content-Type'],
    maxAge: 600,
  });
  // Every body is read as text (bounded by RPC_BODY_LIMIT) and parsed by the JSON-RPC layer, so a
  // malformed one is answered with JSON-RPC's parse error, not the framework's.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const message =
      status === 413
        ? `request body is larger than ${RPC_BODY_LIMIT} bytes`
        : status === 500
          ? 'internal error'
          : error.message;
    void reply
      .code(status)
      .type('application/json')
      .send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: status === 500 ? -32603 : INVALID_REQUEST, message },
        }),
      );
  });
  app.post('/', async (request, reply) => {
    const text = typeof request.body === 'string' ? request.body : '';
    const answer = await answerRequest(text, methods);
    if (answer === undefined) return reply.code(204).send();
    return reply.type('application/json').send(answer);
  });
  // stellar-rpc answers JSON-RPC on POST only.
  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH'],
    url: '/',
    handler: (_request, reply) =>
      reply.code(405).header('Allow', 'POST').type('text/plain').send('Method Not Allowed: use POST'),
  });

  await app.listen({ port: options.port, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    url: `http://${host}:${port}`,
    app,
    async close() {
      await app.close();
      await stopFollowing();
      events.close();
      store.close();
    },
  };
}
