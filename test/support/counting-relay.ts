// A pass-through relay in front of a real server that records every request it forwards, for the
// tests that count what a client spends. Answers are piped through as they come (status, headers,
// body chunks), so a client sees the server's own pacing and sizes, not a body buffered whole.
import { request } from 'node:http';
import { startLocalServer } from './local-server';

export interface RelayedRequest {
  path: string;
  query: URLSearchParams;
  status?: number;
}

export interface CountingRelay {
  url: string;
  /** Every request forwarded so far, in the order they came. */
  requests: RelayedRequest[];
  /** Requests to the root (`/`) so far. */
  roots(): number;
  /** Requests whose path ends with `suffix` so far (e.g. '/operations'). */
  listings(suffix?: string): RelayedRequest[];
  close(): Promise<void>;
}

/** `refuse`: paths answered 404 (Horizon's problem document) instead of forwarded, as a server that does not serve them. */
export async function startCountingRelay(target: string, refuse?: (path: string) => boolean): Promise<CountingRelay> {
  const upstream = new URL(target);
  const requests: RelayedRequest[] = [];
  const local = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://relay');
    const seen: RelayedRequest = { path: url.pathname, query: url.searchParams };
    requests.push(seen);
    if (refuse?.(url.pathname)) {
      seen.status = 404;
      const body = { type: 'https://stellar.org/horizon-errors/not_found', title: 'Resource Missing', status: 404 };
      return void res.writeHead(404, { 'content-type': 'application/problem+json' }).end(JSON.stringify(body));
    }
    const headers = { ...req.headers, host: upstream.host };
    const out = request(
      { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        seen.status = answer.statusCode ?? 0;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', (error) => (res.headersSent ? res.destroy() : res.writeHead(502).end(error.message)));
    res.on('close', () => out.destroy());
    req.pipe(out);
  });
  return {
    url: local.base,
    requests,
    roots: () => requests.filter((r) => r.path === '/').length,
    listings: (suffix = '/operations') => requests.filter((r) => r.path.endsWith(suffix)),
    close: () => local.close(),
  };
}
