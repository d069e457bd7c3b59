// Two request hooks that answer before any route does, as problem documents (docs/service.md):
// the Host guard (a Host goes into every link, links.ts) and the body timer (a body that never
// finishes arriving would otherwise hold its request open for ever).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isValidHost, MAX_HOST_LENGTH } from './links';
import { badRequest, bodyTimeout, sendProblem } from './problem';

type Done = (error?: Error) => void;

/**
 * An HTTP/1.1 request must name its Host (RFC 9112 3.2); Node's own check answers a bare 400, so
 * the service turns it off (server.ts `requireHostHeader: false`) and answers here instead. A Host
 * that is not host[:port] is refused and never echoed.
 */
export function hostGuard(request: FastifyRequest, _reply: FastifyReply, done: Done): void {
  const host = request.headers.host;
  if (host === undefined || host === '') {
    if (request.raw.httpVersion === '1.0') return done();
    return done(badRequest('Host', 'An HTTP/1.1 request needs a Host header.'));
  }
  if (!isValidHost(host)) {
    return done(
      badRequest(
        'Host',
        `The Host header must be a host name or address with an optional port, at most ${MAX_HOST_LENGTH} characters.`,
      ),
    );
  }
  done();
}

function hasBody(request: FastifyRequest): boolean {
  const { headers } = request.raw;
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Answers 408 `timeout` (and closes the connection) when a request's body has not arrived in full
 * `timeoutMs` after its headers. The timer is cleared once the body has been read or the response
 * has gone.
 */
export function bodyTimer(timeoutMs: number) {
  return function bodyTimerHook(request: FastifyRequest, reply: FastifyReply, done: Done): void {
    const raw = request.raw;
    if (!hasBody(request) || raw.complete) return done();
    const timer = setTimeout(function bodyTimedOut() {
      if (raw.complete || reply.sent) return;
      reply.raw.once('finish', () => raw.socket?.destroy());
      void sendProblem(reply, bodyTimeout());
    }, timeoutMs);
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    reply.raw.once('close', clear);
    done();
  };
}
