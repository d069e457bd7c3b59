// A profile's passphrase is checked against what its server says (the root's
// `network_passphrase`) when it is saved: a profile the server contradicts would sign every
// transaction for another network, and inspect would call good envelopes foreign. A server that
// does not answer (or does not say) is saved as given; network:test can tell later.
import type { ConnectionTest } from '../../shared/ipc';
import { abortError, CoreError } from '../app/errors';
import { testConnection } from '../sources/horizon/health';
import type { HttpClient } from '../http/http';

/** How long saving a profile waits for its server's answer. */
const PROBE_MS = 3_000;

/** Asks the server; throws when its passphrase contradicts the profile's, with both in the message. */
export async function probeProfile(
  target: { baseUrl: string; passphrase: string },
  signal: AbortSignal,
  client?: HttpClient,
): Promise<ConnectionTest | null> {
  const probe = await testConnection(target, AbortSignal.any([signal, AbortSignal.timeout(PROBE_MS)]), client).catch(
    () => null,
  );
  if (signal.aborted) throw abortError();
  const server = probe?.serverPassphrase;
  if (server && server !== target.passphrase) {
    throw new CoreError(
      'invalid_input',
      `The server at ${target.baseUrl.slice(0, 200)} says its network passphrase is "${server.slice(0, 200)}", but this profile says "${target.passphrase.slice(0, 200)}". Transactions signed for one network fail on the other: use the server's passphrase, or another server.`,
    );
  }
  return probe;
}
