// What a stream writes, gathered into pieces: a batch of records becomes a few buffers of about
// PIECE_BYTES, each ending on a record, so that a stream whose client stops reading stops within
// one piece of the socket's high-water mark (stream.ts).

/**
 * Once a write is refused (the socket holds its high-water mark, 64 KiB, unsent) the stream waits
 * for `drain` with its cursor on the last record handed over: a client that stops reading costs
 * the service at most the high-water mark plus one piece, never the rest of its replay.
 */
export const PIECE_BYTES = 16 * 1024;

export interface Batch {
  /**
   * The frames of the batch in pieces, encoded once and written to every stream at this
   * position; `ends[i]` is the id of the last record in `pieces[i]`.
   */
  pieces: Buffer[];
  ends: bigint[];
  /** The id of the batch's last record (the position it started from when it has none). */
  lastId: bigint;
  /** BATCH records: more may follow at once. */
  full: boolean;
}

/** Frames gathered into pieces of about PIECE_BYTES, each encoded once. */
export class PieceWriter {
  private readonly pieces: Buffer[] = [];
  private readonly ends: bigint[] = [];
  private parts: (string | Buffer)[] = [];
  private size = 0;
  private last = '';

  /** One frame: `id: <id>`, `data: ` and the record's text (a head and a body written apart). */
  add(id: string, text: string, body?: Buffer): void {
    this.parts.push(`id: ${id}\ndata: ${text}`);
    this.size += text.length + id.length + 11;
    if (body) {
      this.parts.push(body);
      this.size += body.length;
    }
    this.parts.push('\n\n');
    this.last = id;
    if (this.size >= PIECE_BYTES) this.cut();
  }

  finish(from: bigint, full: boolean): Batch {
    this.cut();
    const lastId = this.ends.length > 0 ? this.ends[this.ends.length - 1]! : from;
    return { pieces: this.pieces, ends: this.ends, lastId, full };
  }

  private cut(): void {
    if (this.parts.length === 0) return;
    const parts = this.parts;
    const text = parts.every((part) => typeof part === 'string');
    this.pieces.push(
      text
        ? Buffer.from(parts.join(''))
        : Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part))),
    );
    this.ends.push(BigInt(this.last));
    this.parts = [];
    this.size = 0;
  }
}
