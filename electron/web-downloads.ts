// Finished exports offered as downloads by the web host (a browser page cannot open the file the
// core wrote): `GET /exports/<exportId>?token=<the run's token>`. The id names an export of this
// run only; the token is the same one the page's WebSocket needs.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';

export type ExportLookup = (exportId: string) => { path: string; name: string } | null;

const TYPES: Record<string, string> = {
  '.csv': 'text/csv; charset=utf-8',
  '.ndjson': 'application/x-ndjson; charset=utf-8',
};

export function isExportPath(pathname: string): boolean {
  return pathname === '/exports' || pathname.startsWith('/exports/');
}

function answer(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(message);
}

/** A header-safe file name: the real one for modern browsers, an ASCII one for the rest. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function serveExport(
  request: IncomingMessage,
  response: ServerResponse,
  lookup: ExportLookup,
  tokenOk: (given: string) => boolean,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (!tokenOk(url.searchParams.get('token') ?? ''))
    return answer(response, 403, 'Forbidden: this download needs the token of this run.');
  const match = /^\/exports\/([0-9a-f]{8})$/.exec(url.pathname);
  if (!match) return answer(response, 400, 'Bad request: an export id is 8 hexadecimal characters.');
  const file = lookup(match[1]!);
  const info = file ? await stat(file.path).catch(() => null) : null;
  if (!file || !info?.isFile()) return answer(response, 404, 'No finished export with this id in this run.');
  response.writeHead(200, {
    'content-type': TYPES[extname(file.name)] ?? 'application/octet-stream',
    'content-length': info.size,
    'content-disposition': disposition(file.name),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  if (request.method === 'HEAD') return void response.end();
  createReadStream(file.path).pipe(response);
}
