// The multipart/form-data body of a submission (docs/design.md "Submission": the field `tx`, in a
// urlencoded, multipart or JSON body). Read like the other two forms: fastify collects the whole body
// first, bounded by the body limit however it is sent (Content-Length or chunked), so an oversized
// one is a 413 and never a truncated field; then busboy splits the buffer into fields. Within the
// limit any number of parts is read (each costs at least 40 bytes of the limit, so 256 KiB holds
// a few thousand at most); a file part counts as a field of its name.
import type { IncomingHttpHeaders } from 'node:http';
import Busboy, { type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance } from 'fastify';

type Value = string | Buffer;
export type FormFields = Record<string, Value | Value[]>;

/** The fields of a whole multipart body; a name given twice has a list of values. */
export function parseMultipart(headers: IncomingHttpHeaders, body: Buffer, limit: number): Promise<FormFields> {
  return new Promise((resolve, reject) => {
    const fields: FormFields = Object.create(null);
    const add = (name: string, value: Value) => {
      const previous = fields[name];
      if (previous === undefined) fields[name] = value;
      else fields[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    };
    let pending = 1; // the body itself, then one per file part
    const settle = () => {
      pending -= 1;
      if (pending === 0) resolve(fields);
    };
    let parser: BusboyInstance;
    try {
      // No count limits: the body limit bounds them. fieldSize and fileSize are the whole body.
      parser = new Busboy({ headers: headers as BusboyHeaders, limits: { fieldSize: limit, fileSize: limit } });
    } catch (error) {
      reject(error as Error); // no boundary, or not multipart at all
      return;
    }
    parser.on('field', (name, value) => add(name, value));
    parser.on('file', (name, file) => {
      pending += 1;
      const chunks: Buffer[] = [];
      file.on('data', (chunk: Buffer) => chunks.push(chunk));
      file.on('end', () => {
        add(name, Buffer.concat(chunks));
        settle();
      });
    });
    parser.on('finish', settle);
    parser.on('error', reject);
    parser.end(body);
  });
}

/** multipart/form-data read whole, at most `limit` bytes (413 past it, as for the other forms). */
export function registerMultipart(app: FastifyInstance, limit: number): void {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: limit },
    function multipartBody(request, body, done) {
      parseMultipart(request.headers, body as Buffer, limit).then(
        (fields) => done(null, fields),
        (error: Error) => done(error, undefined),
      );
    },
  );
}
