// The address book on the renderer side: one store of the core's labels that every place showing
// an account reads (IdLink, the sidebar, the live feed, notifications, the go-to box), so a label
// set anywhere appears everywhere at once.
import { useCallback, useEffect } from 'react';
import { create } from 'zustand';
import type { ListedLabel } from '../../../shared/labels';
import { call, onEvent } from './bridge';

interface LabelState {
  /** The user's labels and the selected network's own names (origin 'network'). */
  entries: ListedLabel[];
  byAccount: ReadonlyMap<string, string>;
  /** The accounts whose name is the selected network's own (not the user's). */
  networkNamed: ReadonlySet<string>;
  replace(entries: ListedLabel[]): void;
}

export const useLabelStore = create<LabelState>((set) => ({
  entries: [],
  byAccount: new Map(),
  networkNamed: new Set(),
  replace: (entries) =>
    set({
      entries,
      byAccount: new Map(entries.map((entry) => [entry.account, entry.label])),
      networkNamed: new Set(entries.filter((entry) => entry.origin === 'network').map((entry) => entry.account)),
    }),
}));

/** Whether the account's name is the selected network's own (the local network's demo accounts). */
export function useNetworkNamed(account: string): boolean {
  return useLabelStore((state) => state.networkNamed.has(account));
}

/** The label of an account, or undefined. A hook: the caller re-renders when it changes. */
export function useLabel(account: string | undefined): string | undefined {
  return useLabelStore((state) => (account ? state.byAccount.get(account) : undefined));
}

/** The book as a lookup for sentences (operation summaries); the caller re-renders when it changes. */
export function useNameOf(): (account: string) => string | undefined {
  const byAccount = useLabelStore((state) => state.byAccount);
  return useCallback((account: string) => byAccount.get(account), [byAccount]);
}

/** The label of an account outside React (notification text, plain-text cells). */
export function labelOf(account: string): string | undefined {
  return useLabelStore.getState().byAccount.get(account);
}

export async function reloadLabels(): Promise<void> {
  useLabelStore.getState().replace((await call('labels:list', {})).labels);
}

export async function saveLabel(account: string, label: string): Promise<void> {
  await call('labels:set', { account, label });
  await reloadLabels();
}

export async function removeLabel(account: string): Promise<void> {
  await call('labels:remove', { account });
  await reloadLabels();
}

/** Loads the labels when the app starts and whenever they change; a failure leaves ids unlabelled. */
export function useLabelsLoaded(): void {
  useEffect(() => {
    reloadLabels().catch(() => undefined);
    // A change made in another tab or window (or by an import) arrives as an event.
    return onEvent('labels:changed', () => void reloadLabels().catch(() => undefined));
  }, []);
}

/** Labels matching typed text (case-insensitive, anywhere in the label), best first, at most `limit`. */
export function searchLabels(entries: readonly ListedLabel[], text: string, limit = 8): ListedLabel[] {
  const needle = text.trim().toLowerCase();
  if (needle.length === 0) return [];
  const scored = entries.flatMap((entry) => {
    const at = entry.label.toLowerCase().indexOf(needle);
    return at < 0 ? [] : [{ entry, rank: entry.label.length === needle.length ? 0 : at === 0 ? 1 : 2 }];
  });
  return scored
    .sort((a, b) => a.rank - b.rank || a.entry.label.localeCompare(b.entry.label, 'en'))
    .slice(0, limit)
    .map(({ entry }) => entry);
}
