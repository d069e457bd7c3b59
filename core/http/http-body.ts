// Reading a response's body, text or bytes, with one error for a connection that broke while it
// was read (an abort is an abort, and the transport's own errors, such as a body over its limit
// in http-node.ts, pass as they are).
import { abortError, CoreError } from '../app/errors';
import type { OnProgress } from './http-head';
import type { Answer } from './http-node';

export function readText(response: Pick<Answer, 'text'>, signal?: AbortSignal): Promise<string> {
  return readBody(() => response.text(), signal);
}

export async function readBytes(
  response: Pick<Answer, 'arrayBuffer'>,
  signal?: AbortSignal,
  onProgress?: OnProgress,
): Promise<Uint8Array> {
  return new Uint8Array(await readBody(() => response.arrayBuffer(onProgress), signal));
}

export async function readBody<T>(read: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (signal?.aborted) throw abortError();
    if (error instanceof CoreError) throw error;
    throw new CoreError('unreachable', `The connection broke while reading the answer: ${(error as Error).message}`);
  }
}
