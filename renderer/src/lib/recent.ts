// The last entities opened, for the Explore page (kept in localStorage, ids only), per network:
// an id opened on one network means nothing on another, so it is never listed under its name.
import type { EntityKind } from './router';

const KEY = 'ledgerscope-recent';
const LIMIT = 12;

export interface RecentEntry {
  kind: EntityKind;
  id: string;
  networkId: string;
}

function readAll(): RecentEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? (parsed as RecentEntry[]).filter(
          (e) => typeof e?.id === 'string' && typeof e?.kind === 'string' && typeof e?.networkId === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** The entities last opened on this network, newest first. */
export function readRecent(networkId: string | null): RecentEntry[] {
  return readAll()
    .filter((e) => e.networkId === networkId)
    .slice(0, LIMIT);
}

export function rememberRecent(entry: RecentEntry): void {
  try {
    const same = (e: RecentEntry) => e.kind === entry.kind && e.id === entry.id && e.networkId === entry.networkId;
    const list = [entry, ...readAll().filter((e) => !same(e))].slice(0, LIMIT * 4);
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage unavailable: nothing to remember.
  }
}
