// Reading a response's body, text or bytes, with one bound on its size and one error for a
// connection that broke while it was read (an abort is an abort).
import { abortError, CoreError } from './errors';
import type { Answer } from './http-node';

const MAX_BODY_CHARS = 64 * 1024 * 1024;

export async function readText(response: Pick<Answer, 'text'>, signal?: AbortSignal): Promise<string> {
  const text = await readBody(() => response.text(), signal);
  if (text.length > MAX_BODY_CHARS) throw new CoreError('too_large', 'The server sent a response too large to read.');
  return text;
}

export async function readBytes(response: Pick<Answer, 'arrayBuffer'>, signal?: AbortSignal): Promise<Uint8Array> {
  const bytes = new Uint8Array(await readBody(() => response.arrayBuffer(), signal));
  if (bytes.length > MAX_BODY_CHARS) throw new CoreError('too_large', 'The server sent a response too large to read.');
  return bytes;
}

async function readBody<T>(read: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (signal?.aborted) throw abortError();
    if (error instanceof CoreError) throw error;
    throw new CoreError('unreachable', `The connection broke while reading the answer: ${(error as Error).message}`);
  }
}
