// The kinds of source, in the order they are asked whether they serve a profile: the first that
// does is the profile's source. Adding a source is its folder beside horizon/ and one line here.
import type { ConnectionTest, NetworkHealth, NetworkProfile } from '../../shared/ipc';
import { HttpClient } from '../http/http';
import { HORIZON } from './horizon/source';
import { RPC } from './rpc/source';
import type { Source, SourceKind } from './source';

export type { SourceKind } from './source';

export const SOURCES: readonly SourceKind[] = [HORIZON, RPC];

/** The kind of source that serves a profile, from `kinds` (the registry by default). */
export function sourceKindOf(profile: NetworkProfile, kinds: readonly SourceKind[] = SOURCES): SourceKind {
  const kind = kinds.find((entry) => entry.serves(profile));
  if (!kind) throw new Error(`No kind of source serves the network ${profile.name} (${profile.dialect}).`);
  return kind;
}

/**
 * The connection test of a server (network:test, the passphrase check when a profile is saved): the
 * first kind that recognises the server (its answer names a dialect) answers; else the first kind
 * that reached it; when none did, the first kind's answer says why.
 */
export async function probeServer(
  target: { baseUrl: string; passphrase?: string | undefined },
  signal: AbortSignal,
  client?: HttpClient,
  onHealth?: (health: NetworkHealth) => void,
  kinds: readonly SourceKind[] = SOURCES,
): Promise<ConnectionTest> {
  let first: ConnectionTest | null = null;
  let reached: ConnectionTest | null = null;
  for (const kind of kinds) {
    const answer = await kind.probe(target, signal, client, onHealth);
    if (answer.latencyMs !== null && answer.dialect !== null) return answer;
    if (answer.latencyMs !== null) reached ??= answer;
    first ??= answer;
  }
  if (!first) throw new Error('No kind of source is registered.');
  return reached ?? first;
}

/** A profile's source over `http` (by default a client of its own: the core passes its per-base-URL one). */
export function sourceOf(
  profile: NetworkProfile,
  http: HttpClient = new HttpClient(profile.baseUrl),
  kinds: readonly SourceKind[] = SOURCES,
): Source {
  return sourceKindOf(profile, kinds).create(profile, http);
}

/**
 * One source per profile, over the client of its base URL (clientFor): made again when the
 * profile changes (its URL, its dialect), so an edited profile is read as it now is.
 */
export function sourceCache(
  clientFor: (profile: Pick<NetworkProfile, 'id' | 'baseUrl'>) => HttpClient,
): (profile: NetworkProfile) => Source {
  const sources = new Map<string, Source>();
  return function sourceFor(profile) {
    const cached = sources.get(profile.id);
    const http = clientFor(profile);
    if (cached && cached.http === http && JSON.stringify(cached.profile) === JSON.stringify(profile)) return cached;
    const source = sourceOf(profile, http);
    sources.set(profile.id, source);
    return source;
  };
}
