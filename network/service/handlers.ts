// The request handlers every listing shares: negotiation (406), parameters (400), the listing's
// target (400/404), then a page (JSON) or a stream (SSE, through the stream hub). routes.ts maps
// paths to them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate, notAcceptable } from './limits';
import { baseUrl } from './links';
import { initialBounds, type ListingTarget, pageBytes } from './listing';
import { type ListingParams, type Query, parseCursor, parseListing } from './params';
import { ProblemError, badRequest, notFound } from './problem';
import type { Store } from './queries';
import type { StreamHub } from './stream';
import type { SubmitOptions } from './submit';

export interface RouteContext {
  store: Store;
  hub: StreamHub;
  submit: SubmitOptions;
  maxStreams: number;
  loopbackMaxStreams: number;
  isLoopback: (address: string) => boolean;
  /** `--public-url` (links.ts parsePublicUrl form), else links use the request's Host. */
  publicUrl?: string;
  /** The base for a request with no Host (HTTP/1.0): the address the service listens on. */
  fallbackBase: () => string;
}

export type Params = Record<string, string>;
const HAL = 'application/hal+json; charset=utf-8';

/** The base of the request's links; its Host was checked by the Host guard (server.ts). */
export function baseOf(ctx: RouteContext, request: FastifyRequest): string {
  return baseUrl(ctx.publicUrl, request.headers.host, ctx.fallbackBase());
}

export function sendJson(reply: FastifyReply, body: string | Buffer, status = 200): FastifyReply {
  return reply.code(status).type(HAL).send(body);
}

/** A listing of operations (listing.ts writes its pages and records). */
export function listingHandler(ctx: RouteContext, resolve: (store: Store, params: Params) => ListingTarget) {
  return async function listing(request: FastifyRequest, reply: FastifyReply) {
    // HEAD never opens a stream: it is answered like the page it describes.
    const representation = negotiate(request.headers.accept, request.method !== 'HEAD');
    if (!representation) throw notAcceptable(true);
    const query = request.query as Query;
    const params = parseListing(query);
    const target = resolve(ctx.store, request.params as Params);
    if (representation === 'stream') return openStream(ctx, request, reply, target, params);
    const cursor = typeof query.cursor === 'string' ? query.cursor : '';
    const page = pageBytes(ctx.store, target, params, cursor, baseOf(ctx, request));
    // Existence is checked only when a page is empty: any record proves it (the hot path).
    if (page.empty && target.exists && !target.exists(ctx.store)) throw notFound(target.missing ?? 'Nothing is there.');
    return sendJson(reply, page.bytes);
  };
}

/**
 * A listing that is not of operations and writes its own pages (/ledgers, an account's
 * transactions and trades): its target (path, existence, and `read` for streams), its parameters,
 * and its page writer.
 */
export interface OwnListing {
  target: ListingTarget;
  params: ListingParams;
  page: (store: Store, requestCursor: string, base: string) => { text: string; empty: boolean };
}

export function ownListingHandler(ctx: RouteContext, resolve: (params: Params, query: Query) => OwnListing) {
  return async function listing(request: FastifyRequest, reply: FastifyReply) {
    const representation = negotiate(request.headers.accept, request.method !== 'HEAD');
    if (!representation) throw notAcceptable(true);
    const query = request.query as Query;
    const { target, params, page } = resolve(request.params as Params, query);
    if (representation === 'stream') return openStream(ctx, request, reply, target, params);
    const written = page(ctx.store, typeof query.cursor === 'string' ? query.cursor : '', baseOf(ctx, request));
    if (written.empty && target.exists && !target.exists(ctx.store))
      throw notFound(target.missing ?? 'Nothing is there.');
    return sendJson(reply, written.text);
  };
}

/** Every check (400, 404, 429) comes before the stream opens; then the hub owns the response. */
function openStream(
  ctx: RouteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  target: ListingTarget,
  params: ListingParams,
): void {
  if (target.exists && !target.exists(ctx.store)) throw notFound(target.missing ?? 'Nothing is there.');
  if (params.desc) throw badRequest('order', 'A stream runs in ascending order; order=desc cannot be streamed.');
  const lastEventId = request.headers['last-event-id'];
  if (typeof lastEventId === 'string' && lastEventId !== '') params.cursor = parseCursor(lastEventId, 'Last-Event-ID');
  const max = ctx.isLoopback(request.ip) ? ctx.loopbackMaxStreams : ctx.maxStreams;
  if (ctx.hub.openCount(request.ip) >= max) {
    throw new ProblemError(
      'rate_limit_exceeded',
      `This client may hold ${max} open streams; close one first.`,
      undefined,
      { 'Retry-After': '10' },
    );
  }
  const { after } = initialBounds(ctx.store, params);
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  reply.raw.flushHeaders();
  ctx.hub.open(reply.raw, target, params, after, request.ip, baseOf(ctx, request));
}
