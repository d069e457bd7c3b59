// The last entities opened, for the Explore page (kept in localStorage, ids only).
import type { EntityKind } from './router';

const KEY = 'ledgerscope-recent';
const LIMIT = 12;

export interface RecentEntry {
  kind: EntityKind;
  id: string;
}

export function readRecent(): RecentEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as RecentEntry[]).filter((e) => typeof e?.id === 'string' && typeof e?.kind === 'string').slice(0, LIMIT) : [];
  } catch {
    return [];
  }
}

export function rememberRecent(entry: RecentEntry): void {
  try {
    const list = [entry, ...readRecent().filter((e) => !(e.kind === entry.kind && e.id === entry.id))].slice(0, LIMIT);
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage unavailable: nothing to remember.
  }
}
