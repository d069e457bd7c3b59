// The start of a response body, decoded, while the rest is still arriving: for a caller that acts
// before the whole is in (the history sync reads a page's `next` link there, and asks for the next
// page before this one is whole if it stalls). An uncompressed body's first bytes are its head. A
// compressed one's first chunks go through a streaming inflater only until HEAD_BYTES come out (a
// few KB of input; Horizon compresses its pages), and the inflater is dropped: the whole body is
// still inflated once, when it is complete (http-node.ts).
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** How much of a body's start is decoded and shown. */
export const HEAD_BYTES = 8192;

/**
 * Told, once the first HEAD_BYTES of the decoded body are known and then at every later chunk,
 * that head and how many bytes have come so far (as sent: compressed, when the body is). A body
 * shorter than HEAD_BYTES is never told: it is whole almost as soon as it starts.
 */
export type OnProgress = (head: Uint8Array, received: number) => void;

export interface HeadWatch {
  feed(chunk: Buffer): void;
  close(): void;
}

const STREAMS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** A watch to feed each chunk of a body as it arrives; undefined for an encoding it cannot read. */
export function watchHead(encoding: string | null, onProgress: OnProgress): HeadWatch | undefined {
  const name = (encoding ?? '').trim().toLowerCase();
  const head = new HeadBytes();
  let received = 0;
  if (name === '' || name === 'identity') {
    return {
      feed: (chunk) => {
        received += chunk.length;
        if (head.add(chunk)) onProgress(head.bytes!, received);
      },
      close: () => undefined,
    };
  }
  const make = STREAMS[name];
  if (!make) return undefined;
  let inflater: Transform | null = make();
  const stop = () => {
    inflater?.destroy();
    inflater = null;
  };
  inflater.on('data', (out: Buffer) => {
    if (!head.add(out)) return;
    stop();
    onProgress(head.bytes!, received);
  });
  // A body that is not what its encoding says has no head; reading the whole reports it.
  inflater.on('error', stop);
  return {
    feed: (chunk) => {
      received += chunk.length;
      if (head.bytes) onProgress(head.bytes, received);
      else inflater?.write(chunk);
    },
    close: stop,
  };
}

/** The first HEAD_BYTES of what it is given. */
class HeadBytes {
  bytes: Uint8Array | null = null;
  private readonly parts: Buffer[] = [];
  private length = 0;

  /** Adds decoded bytes; true once the head is complete. */
  add(part: Buffer): boolean {
    if (this.bytes) return true;
    this.parts.push(part);
    this.length += part.length;
    if (this.length < HEAD_BYTES) return false;
    this.bytes = Buffer.concat(this.parts, HEAD_BYTES);
    this.parts.length = 0;
    return true;
  }
}
