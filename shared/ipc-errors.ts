// The error side of the IPC contract: the one list of codes a reply may carry, and the error
// shape. Re-exported by shared/ipc.ts.
import { z } from 'zod';

/**
 * Every error code a reply may carry, and no other: CoreError's code is typed by this list, and
 * test/unit/core-error-codes.test.ts checks it against the codes the source produces.
 */
export const IpcErrorCode = z.enum([
  // dispatch (core/app/dispatch.ts): the message itself was refused
  'invalid_arguments',
  'unknown_channel',
  'too_large',
  'secret_key_refused',
  'cancelled',
  'internal',
  // the hosts: a sender that is not the app's window, a web-socket frame that is not a message,
  // a host that did not answer (preload and the renderer's bridge)
  'forbidden',
  'bad_message',
  'host_unreachable',
  // handlers: the input, the profile store
  'invalid_input',
  'not_found',
  'read_only',
  // the history index: a file or a stored page that fails its check (core/history-index/worker-thread/damage.ts)
  'index_damaged',
  // submission (core/submission/submit.ts): the envelope is not the one whose hash the person was shown
  'hash_mismatch',
  // signatures (core/signatures/): copies that are not one transaction, over 20 signatures
  'merge_refused',
  'too_many_signatures',
  // the network: no answer, or an answer that is not what a Horizon-style server sends
  'timeout',
  'unreachable',
  'bad_response',
  // the network's problem documents, by HTTP status (core/http/http.ts)
  'bad_request',
  'not_acceptable',
  'request_too_large',
  'unsupported_media_type',
  'rate_limited',
  'server_error',
  'unavailable',
  'http_error',
]);
export type IpcErrorCode = z.infer<typeof IpcErrorCode>;

export const IpcErrorShape = z.object({
  code: IpcErrorCode,
  message: z.string(),
  status: z.number().int().optional(),
  retryAfterMs: z.number().optional(),
});
export type IpcErrorShape = z.infer<typeof IpcErrorShape>;
