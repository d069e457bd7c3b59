// The core's HTTP face, stellar-core's shape: GET /tx?blob=<base64 envelope> and GET /info.
// Every answer is JSON; a bad request is a 400 with a one-line reason, an unexpected failure a
// 500 without a stack trace, and the server keeps serving either way.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { CoreNode } from './node';

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function handle(core: CoreNode, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://core.local');
  if (req.method !== 'GET' && req.method !== 'POST') {
    send(res, 405, { status: 'ERROR', detail: `method ${req.method} is not supported; use GET` });
    return;
  }
  switch (url.pathname) {
    case '/tx': {
      // A '+' in an unencoded query string arrives as a space; base64 has no spaces.
      const blob = url.searchParams.get('blob')?.replace(/ /g, '+');
      if (!blob) {
        send(res, 400, { status: 'ERROR', detail: 'missing query parameter "blob" (a base64 TransactionEnvelope)' });
        return;
      }
      send(res, 200, core.submit(blob));
      return;
    }
    case '/info':
      send(res, 200, core.info());
      return;
    default:
      send(res, 404, { status: 'ERROR', detail: `no route ${url.pathname}; the core serves /tx and /info` });
  }
}

export function startServer(core: CoreNode, port: number): Promise<Server> {
  const server = createServer({ maxHeaderSize: 256 * 1024, keepAliveTimeout: 5000 }, (req, res) => {
    try {
      handle(core, req, res);
    } catch (error) {
      process.stderr.write(`ledgerscope-core: request failed: ${(error as Error).message}\n`);
      if (!res.headersSent) send(res, 500, { status: 'ERROR', detail: 'internal error' });
      else res.destroy();
    }
  });
  // Requests node:http cannot even parse (a blob beyond the header limit, garbage bytes) still
  // get a JSON answer when the socket allows it.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify({
      status: 'ERROR',
      detail: tooLarge ? 'request line or headers too large' : 'malformed HTTP request',
    });
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
