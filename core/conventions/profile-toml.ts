// The stellar.toml readings of the selected network profile (core/app/context.ts holds one): a
// TomlCache per profile, so no reading crosses networks, read with the profile's local conventions.
import { fetchStellarToml, localConventionsOf, TomlCache } from './stellar-toml';

/**
 * The selected profile's TomlCache: kept while the profile (its id and base URL) stays the same,
 * made anew otherwise or when dropped (the core drops it when the selection changes).
 */
export function tomlCacheOf(
  selected: () => { id: string; builtIn: boolean; baseUrl: string },
  timeoutMs?: number,
): { current(): TomlCache; drop(): void } {
  let held: { key: string; cache: TomlCache } | null = null;
  return {
    current() {
      const profile = selected();
      const key = `${profile.id} ${profile.baseUrl}`;
      if (held?.key !== key) {
        const local = localConventionsOf(profile);
        const read = { ...(local && { local }), ...(timeoutMs !== undefined && { timeoutMs }) };
        held = { key, cache: new TomlCache((domain) => fetchStellarToml(domain, read)) };
      }
      return held.cache;
    },
    drop() {
      held = null;
    },
  };
}
