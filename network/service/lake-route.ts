// The ledger data lake (written by network/lake/process.ts) served read-only at `/lake/` as a public bucket serves it: GET (or HEAD) of one key,
// no listing, nothing outside the folder (a key is the manifest or an object key of SEP-54's
// form; anything else is not found), no writes (every other method is refused by the router).
import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** `.config.json`, or `[partition/]file.xdr.zst(d)` as shared/lake-layout.ts writes keys. */
const KEY = /^(?:\.config\.json|(?:[0-9A-F]{8}--\d{1,10}-\d{1,10}\/)?[0-9A-F]{8}--\d{1,10}(?:-\d{1,10})?\.xdr\.zstd?)$/;

export function registerLake(app: FastifyInstance, lakeDir: string): void {
  app.get('/lake/*', async function lakeObject(request, reply) {
    const key = (request.params as { '*': string })['*'];
    const path = KEY.test(key) ? join(lakeDir, key) : undefined;
    let size: number | undefined;
    try {
      if (path) {
        const stat = statSync(path);
        if (stat.isFile()) size = stat.size;
      }
    } catch {
      size = undefined;
    }
    if (!path || size === undefined)
      return reply.code(404).type('text/plain; charset=utf-8').send('NoSuchKey: the lake holds no such object\n');
    return reply
      .header('access-control-allow-origin', '*')
      .header('content-length', String(size))
      .type(key.endsWith('.json') ? 'application/json' : 'application/octet-stream')
      .send(createReadStream(path));
  });
}
