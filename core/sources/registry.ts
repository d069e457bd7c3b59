// The kinds of source, in the order they are asked whether they serve a profile: the first that
// does is the profile's source. Adding a source is its folder beside horizon/ and one line here.
import type { NetworkProfile } from '../../shared/ipc';
import { HttpClient } from '../http/http';
import { horizonSource } from './horizon/source';
import type { Source } from './source';

export interface SourceKind {
  readonly kind: string;
  /** Whether this kind serves the profile (its dialect says what the server speaks). */
  serves(profile: NetworkProfile): boolean;
  /** The source of a profile, over the HTTP client of its base URL (the core's, shared by every caller). */
  create(profile: NetworkProfile, http: HttpClient): Source;
}

export const SOURCES: readonly SourceKind[] = [
  {
    kind: 'horizon',
    serves: (profile) => profile.dialect === 'horizon' || profile.dialect === 'ledger',
    create: horizonSource,
  },
];

/** The kind of source that serves a profile, from `kinds` (the registry by default). */
export function sourceKindOf(profile: NetworkProfile, kinds: readonly SourceKind[] = SOURCES): SourceKind {
  const kind = kinds.find((entry) => entry.serves(profile));
  if (!kind) throw new Error(`No kind of source serves the network ${profile.name} (${profile.dialect}).`);
  return kind;
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
