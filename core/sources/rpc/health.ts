// A Stellar RPC server's health and the connection test of one that may have no profile yet.
import type { ConnectionTest, NetworkHealth, NetworkProfile } from '../../../shared/ipc';
import { HttpClient } from '../../http/http';
import { rpcCalls, type RpcCalls } from './calls';
import { JsonRpc } from './json-rpc';

export const ms = (start: number) => Math.round(performance.now() - start);

/** Asks a server whether it speaks Stellar RPC: its network (passphrase) and its latest ledger. */
export async function probeRpc(
  target: { baseUrl: string; passphrase?: string | undefined },
  signal: AbortSignal,
  client: HttpClient = new HttpClient(target.baseUrl, { maxRetries: 0, timeoutMs: 8_000 }),
  onHealth?: (health: NetworkHealth) => void,
): Promise<ConnectionTest> {
  const calls = rpcCalls(new JsonRpc(client));
  const started = performance.now();
  try {
    const network = await calls.network({ signal, timeoutMs: 8_000 });
    const latencyMs = ms(started);
    const health = await calls.health({ signal, timeoutMs: 8_000 });
    onHealth?.({
      networkId: 'id' in target ? String(target.id) : 'url',
      online: true,
      latencyMs,
      rateLimitRemaining: client.rateLimit.remaining,
      latestLedger: health.latestLedger,
      historyElderLedger: health.oldestLedger,
      checkedAt: new Date().toISOString(),
    });
    const mismatch = Boolean(target.passphrase && target.passphrase !== network.passphrase);
    return {
      ok: !mismatch,
      latencyMs,
      dialect: 'rpc',
      serverPassphrase: network.passphrase,
      latestLedger: health.latestLedger,
      message: mismatch
        ? `The server's passphrase is "${network.passphrase}", not "${target.passphrase}": transactions signed for one would fail on the other.`
        : `Connected to Stellar RPC in ${latencyMs} ms.`,
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

/** The network's health as getHealth answers it now. */
export async function readRpcHealth(
  profile: NetworkProfile,
  calls: RpcCalls,
  client: HttpClient,
  signal?: AbortSignal,
): Promise<NetworkHealth> {
  const checkedAt = new Date().toISOString();
  const started = performance.now();
  try {
    const health = await calls.health({ signal, timeoutMs: 5_000 });
    return {
      networkId: profile.id,
      online: true,
      latencyMs: ms(started),
      rateLimitRemaining: client.rateLimit.remaining,
      latestLedger: health.latestLedger,
      historyElderLedger: health.oldestLedger,
      checkedAt,
    };
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
