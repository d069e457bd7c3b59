// Horizon's asynchronous submission (POST /transactions_async, FACTS 10): the server hands the
// transaction to its core and answers at once: 201 PENDING, 409 DUPLICATE, 400 ERROR with
// `error_result_xdr` (or a transaction_malformed problem), 503 TRY_AGAIN_LATER. The core then
// follows the hash as after any `received`. Whether a network has the endpoint is decided once per
// server: the profile's `submission` setting, else a `transactions_async` link in its root
// resource; the synchronous POST /transactions stays the default everywhere else (the local
// network has no async endpoint).
import type { NetworkProfile } from '../../../shared/ipc';
import { isJsonObject, type JsonValue } from '../../../shared/json';
import type { HttpClient } from '../../http/http';
import { UNKNOWN_PASSPHRASE } from '../../networks/networks';
import { interpret, withCodes, type Interpreted } from '../../submission/submit-answer';
import { obj, text } from '../../http/values';

const roots = new WeakMap<HttpClient, Promise<JsonValue | null>>();

/** The server's root resource, asked once per server (a failure is asked again next time). */
function rootOf(http: HttpClient): Promise<JsonValue | null> {
  let root = roots.get(http);
  if (!root) {
    root = http.getJson('/', { timeoutMs: 5_000 }).then(
      ({ body }) => body,
      () => {
        roots.delete(http);
        return null;
      },
    );
    roots.set(http, root);
  }
  return root;
}

/** true when submissions to this network go to /transactions_async (asked of the server once). */
export async function usesAsyncSubmission(profile: NetworkProfile, http: HttpClient): Promise<boolean> {
  if (profile.submission === 'async') return true;
  if (profile.submission === 'sync' || profile.dialect !== 'horizon') return false;
  return hasAsyncLink(await rootOf(http)); // unknown (no answer): synchronous
}

/**
 * The passphrase a hash is computed with. A profile made from a URL for one run does not know
 * its network's passphrase: the server's root says it (the hash to follow when a 504 names none).
 */
export async function hashPassphrase(profile: NetworkProfile, http: HttpClient): Promise<string> {
  if (profile.passphrase !== UNKNOWN_PASSPHRASE) return profile.passphrase;
  const root = await rootOf(http);
  return (isJsonObject(root) ? text(root['network_passphrase']) : undefined) ?? profile.passphrase;
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
      return {
        report: {
          result: 'received',
          hash,
          resultXdr: '',
          message: 'The server handed the transaction to its core (PENDING); following it until it is in a ledger.',
        },
        qualified: [],
      };
    case 'DUPLICATE':
      return {
        report: {
          result: 'received',
          hash,
          resultXdr: '',
          message: 'The server already has this transaction (DUPLICATE); following it until it is in a ledger.',
        },
        qualified: [],
      };
    case 'ERROR':
      return withCodes(
        'failed',
        hash,
        text(r['error_result_xdr']) ?? '',
        'The network refused the transaction (ERROR): see the result codes.',
      );
    case 'TRY_AGAIN_LATER':
      return {
        report: {
          result: 'connection_failed',
          hash,
          resultXdr: '',
          message:
            'The network is busy and did not take the transaction (TRY_AGAIN_LATER). Sending it again later is safe.',
        },
        qualified: [],
      };
    default:
      // A problem document (transaction_malformed, stale_history, 500s): as the synchronous endpoint's.
      return interpret(status, body, localHash);
  }
}
