// A pass-through proxy in front of a real service that can hold listing requests at a gate: a
// test stops a sync after a known number of pages, whatever the machine's speed, instead of
// racing it. GET only (a sync's pages and the root); answers are relayed whole, with their
// content type and rate-limit headers.
import { startLocalServer } from './local-server';

export interface GatedProxy {
  url: string;
  /** Requests matching `held` answered so far. */
  readonly served: number;
  /** Requests waiting at the closed gate. */
  readonly waiting: number;
  /** Lets `count` more matching requests through, then holds the rest. */
  allow(count: number): void;
  /** Lets every request through from now on. */
  open(): void;
  close(): Promise<void>;
}

export async function startGatedProxy(target: string, held: (path: string) => boolean): Promise<GatedProxy> {
  let budget = Number.POSITIVE_INFINITY;
  let served = 0;
  let waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((resume) => resume());
  const local = await startLocalServer((req, res) => {
    const path = req.url ?? '/';
    let gone = false;
    res.on('close', () => (gone = true));
    const relay = async () => {
      if (held(path)) {
        while (served >= budget && !gone) await new Promise<void>((resume) => waiters.push(resume));
        // A request its client gave up on while it waited (a pause, a closed app) is not served.
        if (gone) return;
        served += 1;
      }
      const response = await fetch(target + path, { headers: { accept: req.headers.accept ?? '*/*' } });
      const body = Buffer.from(await response.arrayBuffer());
      const headers: Record<string, string> = {
        'content-type': response.headers.get('content-type') ?? 'application/json',
      };
      // The service's X-RateLimit-* headers, as a remote server's reach the app (core/http/rate-limit.ts reads them).
      for (const [name, value] of response.headers) if (name.startsWith('x-ratelimit-')) headers[name] = value;
      res.writeHead(response.status, headers).end(body);
    };
    relay().catch((error: Error) => gone || res.writeHead(502).end(error.message));
  });
  return {
    url: local.base,
    get served() {
      return served;
    },
    get waiting() {
      return waiters.length;
    },
    allow(count) {
      budget = served + count;
      wake();
    },
    open() {
      budget = Number.POSITIVE_INFINITY;
      wake();
    },
    async close() {
      waiters = [];
      await local.close();
    },
  };
}
