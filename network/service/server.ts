// The query-and-submission service (docs/design.md "Wire contract"): fastify over the read-only store,
// embeddable with startService() and run as a process by process.ts.
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { storePath } from '../store/db';
import { bodyTimer, hostGuard } from './guards';
import { isLoopback, rateLimiter } from './limits';
import { parsePublicUrl } from './links';
import { registerMultipart } from './multipart';
import { classify, clientErrorHandler, errorHandler, markBodyRead, notFoundHandler, sendProblem } from './problem';
import { Store } from './queries';
import { registerConventions } from './conventions';
import { registerLake } from './lake-route';
import { registerRoutes } from './routes';
import { StreamHub } from './stream';

export const BODY_LIMIT = 256 * 1024;

export interface ServiceOptions {
  dataDir: string;
  /** 0: any free port. */
  port: number;
  host?: string;
  coreUrl: string;
  /** Bounded wait for the core's answer to a submission. */
  coreTimeoutMs?: number;
  rateLimit?: number;
  loopbackRateLimit?: number;
  rateLimitWindowMs?: number;
  maxStreams?: number;
  loopbackMaxStreams?: number;
  /** 0: streams are never ended by the service. */
  maxStreamAgeMs?: number;
  keepaliveMs?: number;
  streamPollMs?: number;
  /** The base of every link (`https://example.org/horizon`); else `http://` and the request's Host. */
  publicUrl?: string;
  /** A request body not in full this long after the headers is answered 408 `timeout`. */
  bodyTimeoutMs?: number;
  /** A request whose headers are not in full this long after it began is answered 408 `timeout`. */
  headersTimeoutMs?: number;
  /** Open connections at most; past it a new connection is closed at once. */
  maxConnections?: number;
  /** Serve the ledger data lake in this folder at /lake/ (the lake process writes it: network/lake/). */
  lakeDir?: string;
}

export const DEFAULTS = {
  host: '127.0.0.1',
  coreTimeoutMs: 10_000,
  rateLimit: 3600,
  loopbackRateLimit: 100_000_000,
  rateLimitWindowMs: 3_600_000,
  maxStreams: 100,
  loopbackMaxStreams: 10_000,
  maxStreamAgeMs: 0,
  keepaliveMs: 15_000,
  streamPollMs: 20,
  bodyTimeoutMs: 10_000,
  headersTimeoutMs: 10_000,
  maxConnections: 16_384,
} as const;

export interface RunningService {
  port: number;
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * js-stellar-sdk's page.next() requests our templated `next` href without expanding it. RFC 6570
 * expansion with no values yields "", so an unexpanded `{&limit}` / `{?cursor,limit}` is read as
 * exactly that: the expression is dropped before the query is parsed.
 */
export function parseQuery(raw: string): Record<string, string | string[]> {
  const cleaned = raw.replace(/(?:\{|%7B)[?&][A-Za-z0-9_,]*(?:\}|%7D)/gi, '');
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(cleaned)) {
    const previous = query[name];
    if (previous === undefined) query[name] = value;
    else query[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return query;
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const o = withDefaults(options);
  const publicUrl = options.publicUrl ? parsePublicUrl(options.publicUrl) : undefined;
  const store = new Store(storePath(o.dataDir));
  const hub = new StreamHub(store, { pollMs: o.streamPollMs, keepaliveMs: o.keepaliveMs, maxAgeMs: o.maxStreamAgeMs });
  const limiter = rateLimiter({
    limit: o.rateLimit,
    loopbackLimit: o.loopbackRateLimit,
    windowMs: o.rateLimitWindowMs,
  });

  const app = createApp(limiter, o.headersTimeoutMs);
  app.server.maxConnections = o.maxConnections;
  addGuards(app, limiter, o.bodyTimeoutMs);
  // Horizon's Latest-Ledger header on every response (stellar/go, services/horizon/internal/actions
  // helpers.go SetLastLedgerHeader): the latest ledger as the request arrives, so what the answer
  // lists is whole through it. A history sync of a current account reads it instead of the root.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('Latest-Ledger', String(store.latestLedger()));
    done();
  });
  await registerBodyParsers(app);
  // Trivial route: the benchmarks' baseline (test/bench/service-throughput.ts).
  app.get('/health', async function health(_request, reply) {
    return reply.type('application/json; charset=utf-8').send('{"status":"ok"}');
  });
  let listening = `http://${o.host}`;
  const routeContext = {
    store,
    hub,
    submit: { coreUrl: o.coreUrl, coreTimeoutMs: o.coreTimeoutMs },
    maxStreams: o.maxStreams,
    loopbackMaxStreams: o.loopbackMaxStreams,
    isLoopback,
    publicUrl,
    fallbackBase: () => listening,
  };
  registerRoutes(app, routeContext);
  registerConventions(app, routeContext, o.dataDir);
  // The lake the lake process writes (network/lake/process.ts), served as a bucket serves it.
  if (options.lakeDir) registerLake(app, options.lakeDir);

  await app.listen({ port: o.port, host: o.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;
  listening = `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}`;
  return {
    port,
    url: `http://${o.host}:${port}`,
    app,
    async close() {
      hub.closeAll();
      limiter.close();
      await app.close();
      store.close();
    },
  };
}

/** The options with DEFAULTS filled in; an option given as undefined takes its default too. */
function withDefaults(options: ServiceOptions): Required<ServiceOptions> {
  return {
    ...DEFAULTS,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  } as Required<ServiceOptions>;
}

type Limiter = ReturnType<typeof rateLimiter>;

/** The fastify instance, with the service's router and its problem documents for early errors. */
function createApp(limiter: Limiter, headersTimeoutMs: number): FastifyInstance {
  return Fastify({
    logger: { level: 'error' },
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true, querystringParser: parseQuery },
    return503OnClosing: false,
    forceCloseConnections: true,
    http: {
      // A request without Host is answered by hostGuard as a problem document, not by Node's bare 400.
      requireHostHeader: false,
      // Node answers a request whose headers are late (clientErrorHandler: 408 `timeout`); it looks
      // every connectionsCheckingInterval, so that is a twentieth of the timeout, at most 500 ms.
      headersTimeout: headersTimeoutMs,
      connectionsCheckingInterval: Math.min(500, Math.max(5, Math.floor(headersTimeoutMs / 20))),
    },
    clientErrorHandler,
    // Errors found before routing (a bad percent-encoding, an overlong segment): same documents,
    // same rate-limit headers.
    frameworkErrors(error, request, reply) {
      limiter.rateLimit(request, reply, () => undefined);
      void sendProblem(reply, classify(error));
    },
  });
}

/** Error and not-found documents, and the hooks every request passes: rate limit, Host, body deadline. */
function addGuards(app: FastifyInstance, limiter: Limiter, bodyTimeoutMs: number): void {
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', limiter.rateLimit);
  app.addHook('onRequest', hostGuard);
  app.addHook('onRequest', bodyTimer(bodyTimeoutMs));
  app.addHook('preHandler', markBodyRead);
}

/**
 * CORS and the form, multipart and JSON bodies a submission may come in, each read whole and bounded
 * by BODY_LIMIT whether its length is declared or chunked (fastify's body reader: 413 past it).
 */
async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: [
      'Accept',
      'Content-Type',
      'Last-Event-ID',
      'X-Client-Name',
      'X-Client-Version',
      'X-App-Name',
      'X-App-Version',
    ],
    exposedHeaders: [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
      'Content-Type',
      'Latest-Ledger',
    ],
    maxAge: 600,
    // A bare OPTIONS (no preflight headers) is answered like any other, not with a text error.
    strictPreflight: false,
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  registerMultipart(app, BODY_LIMIT);
}
