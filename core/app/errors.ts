// The error a handler throws on purpose. It lives apart from dispatch.ts so that the modules
// dispatch itself uses (secrets.ts) can throw it without an import cycle.
import type { IpcErrorCode, IpcErrorShape } from '../../shared/ipc';

/** An error a handler throws on purpose: its code and message reach the renderer as they are. */
export class CoreError extends Error {
  override name = 'CoreError';
  constructor(
    /** One of the contract's codes (shared/ipc.ts): an unlisted code does not type-check. */
    readonly code: IpcErrorCode,
    message: string,
    readonly extra: Omit<IpcErrorShape, 'code' | 'message'> = {},
  ) {
    super(message);
  }
}

/** The error a cancelled wait or request rejects with; dispatch answers it as `cancelled`. */
export function abortError(): Error {
  return Object.assign(new Error('The request was cancelled.'), { name: 'AbortError' });
}
