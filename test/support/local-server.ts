// A real HTTP server on a free loopback port for tests that play a misbehaving peer.
import { createServer, type RequestListener, type Server } from 'node:http';

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
