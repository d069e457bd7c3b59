// A response's body gathered as it arrives into one buffer of its own, bounded (http-node.ts reads
// every body with it).

export const CLOSED_EARLY = 'the connection closed before the answer was complete';

/** A Content-Length header's value, or null when there is none or it is not one whole number. */
export function declaredLength(header: string | undefined): number | null {
  if (header === undefined || !/^\s*\d{1,16}\s*$/.test(header)) return null;
  const length = Number(header);
  return Number.isSafeInteger(length) ? length : null;
}

/**
 * The largest buffer made at once from a declared length: a server that declares a large body and
 * sends little costs no more than this before its bytes arrive (a longer body's chunks are kept and
 * joined at the end, as a body of no declared length).
 */
export const SIZED_MOST = 16 * 1024 * 1024;

/**
 * A body gathered as it arrives, bounded by `most` bytes. Of a declared length (Content-Length)
 * up to SIZED_MOST, into one buffer of exactly that length, each chunk copied in as it comes and
 * left at once (rather than every chunk kept to the end and joined: twice the bytes at each
 * answer's end, for the collector to find late). Whatever its size, a body longer than it declared
 * is refused at its first byte too many, a shorter one at its end. Of no declared length, the
 * chunks are kept and joined at the end, as one buffer of its own.
 */
export class BodyBuffer {
  private readonly sized: Uint8Array | null;
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  constructor(
    private readonly declared: number | null,
    private readonly most: number,
    private readonly tooLong: () => Error,
  ) {
    this.sized = declared !== null && declared <= most && declared <= SIZED_MOST ? new Uint8Array(declared) : null;
  }

  /** Bytes made ready before any came: its declared length, or 0 (none declared, or over SIZED_MOST). */
  get preallocated(): number {
    return this.sized?.length ?? 0;
  }

  /** Why the body is refused before a byte of it is read (a declared length over the bound), else null. */
  refused(): Error | null {
    return this.declared !== null && this.declared > this.most ? this.tooLong() : null;
  }

  /** Takes a chunk; an error (and nothing kept of it) when the body is now longer than it may be. */
  push(chunk: Uint8Array): Error | null {
    const length = this.length + chunk.length;
    if (length > this.most) return this.tooLong();
    if (this.declared !== null && length > this.declared)
      return new Error(`the answer went on past the ${this.declared} bytes its Content-Length said`);
    if (this.sized) this.sized.set(chunk, this.length);
    else this.chunks.push(chunk);
    this.length = length;
    return null;
  }

  /** The whole body, exactly its length in a buffer of its own, or an error when it ended short of its declared length. */
  end(): Uint8Array | Error {
    if (this.declared !== null && this.length < this.declared)
      return new Error(`${CLOSED_EARLY} (${this.length} of the ${this.declared} bytes its Content-Length said)`);
    return this.sized ?? joined(this.chunks, this.length);
  }
}

/** The chunks in one buffer of their own. */
function joined(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return exact(chunks[0]!);
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The bytes in a buffer of their own, exactly their length (a copy only when they are a part of a larger one). */
export function exact(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length ? bytes : new Uint8Array(bytes);
}
