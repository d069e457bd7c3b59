// Health of a network (pushed periodically as `network:health`) and the connection test of a
// profile or URL (`network:test`): latency, rate-limit remaining, latest ledger, passphrase.
import type { ConnectionTest, NetworkHealth, NetworkProfile } from '../../../shared/ipc';
import { isJsonObject, type JsonValue } from '../../../shared/json';
import { HttpClient } from '../../http/http';
import { int, text } from '../../http/values';

/** The latest ledger a server's root resource reports (Horizon's or this service's field). */
export function latestOf(body: Record<string, JsonValue>): number | null {
  return int(body['history_latest_ledger']) ?? int(body['latest_ledger']) ?? int(body['core_latest_ledger']) ?? null;
}

export async function readHealth(
  profile: NetworkProfile,
  client: HttpClient,
  signal?: AbortSignal,
): Promise<NetworkHealth> {
  const checkedAt = new Date().toISOString();
  try {
    const response = await client.getJson('/', { signal, timeoutMs: 5_000 });
    return healthOf(profile.id, response.body, response.latencyMs, client.rateLimit.remaining, checkedAt);
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      networkId: profile.id,
      online: false,
      latencyMs: null,
      rateLimitRemaining: client.rateLimit.remaining,
      latestLedger: null,
      checkedAt,
      error: `${profile.name} (${profile.baseUrl}): ${(error as Error).message}`,
    };
  }
}

/** A server found online, as its root answered. */
function healthOf(
  networkId: string,
  root: JsonValue,
  latencyMs: number,
  rateLimitRemaining: number | null,
  checkedAt: string,
): NetworkHealth {
  const body = isJsonObject(root) ? root : {};
  const elder = int(body['history_elder_ledger']);
  return {
    networkId,
    online: true,
    latencyMs: Math.round(latencyMs),
    rateLimitRemaining,
    latestLedger: latestOf(body),
    // A pruned-history server: listings end there (pruned-history.ts); the status bar says so.
    ...(elder !== undefined && elder >= 0 ? { historyElderLedger: elder } : {}),
    checkedAt,
  };
}

/**
 * Probes a URL without saving anything; a passphrase that differs from the server's is reported.
 * Through `client` (the core's client of that server) a 429 on the root is waited out and closes
 * the server's gate, so the request after the probe waits for it too. `onHealth` is told the
 * server's health as its root answered (the core keeps it as a reading).
 */
export async function testConnection(
  target: { baseUrl: string; passphrase?: string | undefined },
  signal: AbortSignal,
  client: HttpClient = new HttpClient(target.baseUrl, { maxRetries: 0, timeoutMs: 8_000 }),
  onHealth?: (health: NetworkHealth) => void,
): Promise<ConnectionTest> {
  try {
    const response = await client.getJson('/', { signal, timeoutMs: 8_000 });
    onHealth?.(
      healthOf(
        'id' in target ? String(target.id) : 'url',
        response.body,
        response.latencyMs,
        client.rateLimit.remaining,
        new Date().toISOString(),
      ),
    );
    const body = isJsonObject(response.body) ? response.body : {};
    const serverPassphrase = text(body['network_passphrase']) ?? null;
    const dialect =
      text(body['horizon_version']) !== undefined
        ? 'horizon'
        : text(body['server']) === 'ledgerscope-service'
          ? 'ledger'
          : null;
    const mismatch = Boolean(target.passphrase && serverPassphrase && target.passphrase !== serverPassphrase);
    return {
      ok: !mismatch,
      latencyMs: Math.round(response.latencyMs),
      dialect,
      serverPassphrase,
      latestLedger: latestOf(body),
      message: mismatch
        ? `The server's passphrase is "${serverPassphrase}", not "${target.passphrase}": transactions signed for one would fail on the other.`
        : `Connected in ${Math.round(response.latencyMs)} ms.`,
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      ok: false,
      latencyMs: null,
      dialect: null,
      serverPassphrase: null,
      latestLedger: null,
      message: (error as Error).message,
    };
  }
}
