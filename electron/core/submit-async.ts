// Horizon's asynchronous submission (POST /transactions_async, FACTS 10): the server hands the
// transaction to its core and answers at once: 201 PENDING, 409 DUPLICATE, 400 ERROR with
// `error_result_xdr` (or a transaction_malformed problem), 503 TRY_AGAIN_LATER. The core then
// follows the hash as after any `received`. Whether a network has the endpoint is decided once per
// server: the profile's `submission` setting, else a `transactions_async` link in its root
// resource; the synchronous POST /transactions stays the default everywhere else (the local
// network has no async endpoint).
import type { NetworkProfile } from '../../shared/ipc';
import { isJsonObject, type JsonValue } from '../../shared/json';
import type { HttpClient } from './http';
import { interpret, withCodes, type Interpreted } from './submit';
import { obj, text } from './values';

const decided = new WeakMap<HttpClient, Promise<boolean>>();

/** true when submissions to this network go to /transactions_async (asked of the server once). */
export function usesAsyncSubmission(profile: NetworkProfile, http: HttpClient, signal?: AbortSignal): Promise<boolean> {
  if (profile.submission === 'async') return Promise.resolve(true);
  if (profile.submission === 'sync' || profile.dialect !== 'horizon') return Promise.resolve(false);
  let answer = decided.get(http);
  if (!answer) {
    answer = http.getJson('/', { signal, timeoutMs: 5_000 }).then(
      ({ body }) => hasAsyncLink(body),
      () => {
        decided.delete(http); // unknown: ask again next time, submit synchronously now
        return false;
      },
    );
    decided.set(http, answer);
  }
  return answer;
}

/** A root resource that links `transactions_async`. */
export function hasAsyncLink(root: JsonValue): boolean {
  const links = isJsonObject(root) ? obj(root['_links']) : undefined;
  return links !== undefined && obj(links['transactions_async']) !== undefined;
}

const HEX_HASH = /^[0-9a-f]{64}$/;

/** One outcome from an answer of POST /transactions_async. */
export function interpretAsync(status: number, body: JsonValue, localHash: string): Interpreted {
  const r = isJsonObject(body) ? body : {};
  const txStatus = text(r['tx_status']);
  const served = text(r['hash'])?.toLowerCase();
  const hash = served && HEX_HASH.test(served) ? served : localHash;
  switch (txStatus) {
    case 'PENDING':
      return { report: { result: 'received', hash, resultXdr: '', message: 'The server handed the transaction to its core (PENDING); following it until it is in a ledger.' }, qualified: [] };
    case 'DUPLICATE':
      return { report: { result: 'received', hash, resultXdr: '', message: 'The server already has this transaction (DUPLICATE); following it until it is in a ledger.' }, qualified: [] };
    case 'ERROR':
      return withCodes('failed', hash, text(r['error_result_xdr']) ?? '', 'The network refused the transaction (ERROR): see the result codes.');
    case 'TRY_AGAIN_LATER':
      return { report: { result: 'connection_failed', hash, resultXdr: '', message: 'The network is busy and did not take the transaction (TRY_AGAIN_LATER). Sending it again later is safe.' }, qualified: [] };
    default:
      // A problem document (transaction_malformed, stale_history, 500s): as the synchronous endpoint's.
      return interpret(status, body, localHash);
  }
}
