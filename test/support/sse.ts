// A small SSE client for tests: reads frames as the server writes them (comments included) so a
// test can assert on the framing itself, and waits for conditions with a deadline.
import { waitFor } from './wait';

export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
  /** Date.now() when the frame was parsed. */
  at: number;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  frames: Frame[];
  /** Text of the body when the response was not a stream (a problem document). */
  body: string;
  ended: boolean;
  waitFor(predicate: (frames: Frame[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

function parseFrame(block: string): Frame {
  const frame: Frame = { at: Date.now() };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    const match = /^(id|event|data|retry): ?(.*)$/.exec(line);
    if (match) frame[match[1] as 'id' | 'event' | 'data' | 'retry'] = match[2];
  }
  return frame;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const connection: SseConnection = {
    status: response.status,
    headers: response.headers,
    frames: [],
    body: '',
    ended: false,
    async waitFor(predicate, timeoutMs = 10_000) {
      await waitFor(
        () => `an SSE condition (${connection.frames.length} frames)`,
        () => {
          if (predicate(connection.frames)) return true;
          if (connection.ended) throw new Error('stream ended before the condition was met');
          return false;
        },
        timeoutMs,
        5,
      );
    },
    close() {
      controller.abort();
    },
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    connection.body = await response.text();
    connection.ended = true;
    return connection;
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          connection.frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted by close() or the server went away
    } finally {
      connection.ended = true;
    }
  })();
  return connection;
}

/** Paging tokens of the record frames, in arrival order. */
export function recordIds(frames: Frame[]): string[] {
  return frames.filter((f) => f.id !== undefined && f.data !== undefined).map((f) => f.id!);
}
