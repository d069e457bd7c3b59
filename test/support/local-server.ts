// A real HTTP server on a free loopback port for tests that play a misbehaving peer.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';

export interface LocalServer {
  server: Server;
  /** `http://127.0.0.1:<port>` */
  base: string;
  close(): Promise<void>;
}

export async function startLocalServer(listener: RequestListener): Promise<LocalServer> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    server,
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A loopback server that passes every request to `target` but those `own` answers itself (it
 * returns true when it did): as the local profile's origin it plays the local network's own domain
 * (`localhost`) with a stellar.toml of the test's making, while accounts come from the real network.
 */
export async function startPassThrough(
  target: string,
  own: (req: IncomingMessage, res: ServerResponse) => boolean,
): Promise<LocalServer> {
  const to = new URL(target);
  return startLocalServer((req, res) => {
    if (own(req, res)) return;
    const upstream = httpRequest(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}
