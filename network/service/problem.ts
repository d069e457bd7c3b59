// Problem documents (docs/design.md "Errors"): every error the service answers is one of these, with
// `application/problem+json`, and never carries a stack trace or an internal message.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export type ProblemType =
  | 'bad_request'
  | 'not_found'
  | 'not_acceptable'
  | 'request_too_large'
  | 'unsupported_media_type'
  | 'rate_limit_exceeded'
  | 'server_error'
  | 'service_unavailable'
  | 'timeout';

const TITLES: Record<ProblemType, [number, string]> = {
  bad_request: [400, 'Bad Request'],
  not_found: [404, 'Resource Missing'],
  not_acceptable: [406, 'Not Acceptable'],
  request_too_large: [413, 'Request Too Large'],
  unsupported_media_type: [415, 'Unsupported Media Type'],
  rate_limit_exceeded: [429, 'Rate Limit Exceeded'],
  server_error: [500, 'Internal Server Error'],
  service_unavailable: [503, 'Service Unavailable'],
  timeout: [504, 'Timeout'],
};

export interface Problem {
  type: ProblemType;
  title: string;
  status: number;
  detail: string;
  extras?: Record<string, unknown>;
}

/** Thrown by handlers and parameter parsers; the error handler turns it into the document. */
export class ProblemError extends Error {
  override name = 'ProblemError';
  constructor(
    readonly type: ProblemType,
    readonly detail: string,
    readonly extras?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
    /** A status other than the type's own (a body that never arrives: `timeout` with 408). */
    readonly status?: number,
  ) {
    super(detail);
  }
}

export function badRequest(field: string, reason: string): ProblemError {
  return new ProblemError('bad_request', `The request has an invalid parameter: ${field}. ${reason}`, {
    invalid_field: field,
    reason,
  });
}

export function notFound(detail: string): ProblemError {
  return new ProblemError('not_found', detail);
}

export function problemOf(type: ProblemType, detail: string, extras?: Record<string, unknown>): Problem {
  const [status, title] = TITLES[type];
  return extras ? { type, title, status, detail, extras } : { type, title, status, detail };
}

export function sendProblem(reply: FastifyReply, error: ProblemError): FastifyReply {
  const body = problemOf(error.type, error.detail, error.extras);
  if (error.status !== undefined) body.status = error.status;
  for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
  return reply.code(body.status).type('application/problem+json; charset=utf-8').send(JSON.stringify(body));
}

/** Maps fastify's and its plugins' own errors (body, content type, URL) onto problem types. */
export function classify(error: FastifyError, whileReadingBody = false): ProblemError {
  if (error instanceof ProblemError) return error;
  // A parser's own error (busboy's "Unexpected end of multipart data", …) carries no status.
  const status = error.statusCode ?? (whileReadingBody ? 400 : 500);
  const code = error.code ?? '';
  if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE') {
    return new ProblemError('request_too_large', 'The request body is larger than 256 KiB.');
  }
  if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new ProblemError(
      'unsupported_media_type',
      'Send the body as application/x-www-form-urlencoded, multipart/form-data or application/json.',
    );
  }
  if (code === 'FST_ERR_BAD_URL' || code === 'FST_ERR_ASYNC_CONSTRAINT') {
    return badRequest('path', 'The path is not a valid URL path.');
  }
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return badRequest('path', 'A path segment is longer than any id.');
  if (status === 408) return bodyTimeout();
  if (status >= 400 && status < 500) return badRequest('body', 'The request body could not be read.');
  return new ProblemError('server_error', 'An error occurred on the server; the request can be retried.');
}

/** 408 `timeout`: the request's body did not arrive in time (server.ts body timer). */
export function bodyTimeout(): ProblemError {
  return new ProblemError(
    'timeout',
    'The request body did not arrive in time.',
    undefined,
    { Connection: 'close' },
    408,
  );
}

const handled = new WeakSet<FastifyRequest>();

/** preHandler hook: from here on the body has been read, and an error is the service's own. */
export function markBodyRead(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  handled.add(request);
  done();
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const problem = classify(error, !handled.has(request));
  if (problem.type === 'server_error') request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, problem);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '';
  return sendProblem(reply, notFound(`No resource is served at ${path.slice(0, 200)}.`));
}

/**
 * Requests Node's HTTP parser refuses (bad request line or headers) and requests whose headers
 * were not in full within the headers timeout (server.ts) never reach fastify: they are answered
 * here, still as problem documents, and the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  // Bytes after an answered request (a body the route never read, cut off by the client): the
  // answer is out, so a second one would only be garbage after it. Node's own handler does the same.
  if ((socket as Duplex & { _httpMessage?: { headersSent: boolean } | null })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const problem = clientProblem(error.code);
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function clientProblem(code: string | undefined): Problem {
  if (code === 'HPE_HEADER_OVERFLOW') return problemOf('request_too_large', 'The request headers are too large.');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    // 408 as for a late body (bodyTimeout), not the type's own 504: the client was too slow.
    return { ...problemOf('timeout', 'The request headers did not arrive in time.'), status: 408 };
  }
  return problemOf('bad_request', 'The request could not be parsed as HTTP.', {
    invalid_field: 'request',
    reason: 'malformed HTTP',
  });
}
