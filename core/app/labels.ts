// The address book: names for accounts, kept in `<userData>/labels.json` (written atomically by
// SettingsFile: a crash mid-write leaves the previous file). Every change is checked whole before
// it is stored: an import that fails on its last line adds nothing.
//
// Two kinds of name, each kept per network, so the same key on another network (where anyone may
// hold it) stays a stranger (issue 36: a label set on one network named the key on every one).
// The user's labels are stored with the network profile they were set on and listed only while it
// is selected; a label kept from before labels were per network (no network in the file) is kept
// and shown on every network, marked so (`everyNetwork`), until it is removed; a label set for that
// account on a network comes first there. A network's own names (the local network's demo
// accounts) are read from that network's data while it is selected and never copied into the
// file; removing one records the (network, account) pair as removed, which holds across restarts.
// A user's label for the account comes first; exports and imports carry the user's labels of the
// selected network only, and an import is stored as that network's.
import { z } from 'zod';
import {
  LabelAccount,
  LabelEntry,
  LabelImportError,
  MAX_LABELS,
  StoredLabelEntry,
  type ImportedLabel,
  type ListedLabel,
  labelsToCsv,
  labelsToJson,
  parseLabelFile,
} from '../../shared/labels';
import { CoreError } from './errors';
import { SettingsFile } from './settings';

const Removed = z.object({ network: z.string().min(1).max(64), account: LabelAccount }).strict();
const LabelsFile = z.object({
  labels: z.array(StoredLabelEntry).max(MAX_LABELS),
  /** The network's own names the user removed, by network and account. */
  removed: z.array(Removed).max(MAX_LABELS).optional(),
});
type LabelsFile = z.infer<typeof LabelsFile>;

/** The names the selected network gives its own accounts, or null when it gives none. */
export type OwnNames = () => { network: string; names: readonly LabelEntry[] } | null;

export interface ImportSummary {
  added: number;
  updated: number;
  unchanged: number;
  total: number;
  elsewhere: number;
}

export class LabelStore {
  private readonly file: SettingsFile<LabelsFile>;

  /**
   * `network`: the selected network profile's id, whose labels are listed and set; null (no
   * network known: a reader of the file alone) the labels of every network, those kept from before.
   */
  constructor(
    userDataDir: string,
    private readonly ownNames: OwnNames = () => null,
    private readonly network: () => string | null = () => null,
  ) {
    this.file = new SettingsFile(userDataDir, 'labels.json', LabelsFile, () => ({ labels: [] }));
  }

  /**
   * The user's labels on the selected network (what is exported, and what an import merges into):
   * its own, and those kept from before labels were per network that it has not relabelled.
   */
  list(): ListedLabel[] {
    const network = this.network();
    const stored = this.file.get().labels;
    if (network === null)
      return stored.filter((entry) => entry.network === undefined).map(({ account, label }) => ({ account, label }));
    const own = stored.filter((entry) => entry.network === network);
    const relabelled = new Set(own.map((entry) => entry.account));
    const kept = stored.filter((entry) => entry.network === undefined && !relabelled.has(entry.account));
    return [
      ...own.map(({ account, label }) => ({ account, label })),
      ...kept.map(({ account, label }): ListedLabel => ({ account, label, everyNetwork: true })),
    ].sort(byLabel);
  }

  /** Every name the book gives now: the user's labels and the selected network's own names left. */
  book(): ListedLabel[] {
    const own = this.ownNamesLeft();
    if (own.length === 0) return this.list();
    return [...this.list(), ...own.map((entry): ListedLabel => ({ ...entry, origin: 'network' }))].sort(byLabel);
  }

  /** The names accounts go by now, read once: a lookup for a notice, an export or a command's output. */
  names(): (account: string) => string | undefined {
    const byAccount = new Map(this.book().map((entry) => [entry.account, entry.label]));
    return (account) => byAccount.get(account);
  }

  /** The selected network's own names, less those removed and those the user labelled. */
  private ownNamesLeft(): LabelEntry[] {
    const own = this.ownNames();
    if (!own) return [];
    const labelled = new Set(this.list().map((entry) => entry.account));
    const removed = new Set(this.removedOn(own.network));
    const seen = new Set<string>();
    return own.names.filter((entry) => {
      const keep = !labelled.has(entry.account) && !removed.has(entry.account) && !seen.has(entry.account);
      seen.add(entry.account);
      return keep;
    });
  }

  private removedOn(network: string): string[] {
    return (this.file.get().removed ?? []).filter((entry) => entry.network === network).map((entry) => entry.account);
  }

  /** Sets the account's label on the selected network (a label kept for every network stays for the others). */
  set(input: { account: string; label: string }): LabelEntry {
    const entry = parseEntry(input);
    const network = this.network();
    // Every stored label but this network's of the account (one kept from before stays for the others).
    const others = this.file
      .get()
      .labels.filter((stored) => stored.account !== entry.account || (stored.network ?? null) !== network);
    if (others.length >= MAX_LABELS)
      throw new CoreError('invalid_input', `The address book holds at most ${MAX_LABELS} labels; remove some first.`);
    const stored: StoredLabelEntry = network === null ? entry : { ...entry, network };
    this.file.update((file) => ({ ...file, labels: [...others, stored].sort(byLabel) }));
    return entry;
  }

  /** Removes the user's label of the account, else the selected network's own name for it (for good). */
  remove(account: string): boolean {
    const id = account.trim().toUpperCase();
    const shown = this.list().find((entry) => entry.account === id);
    if (shown) {
      // This network's label, or (shown on every network, so removed from every one) one kept from before.
      const network = shown.everyNetwork ? null : this.network();
      this.file.update((file) => ({
        ...file,
        labels: file.labels.filter((entry) => entry.account !== id || (entry.network ?? null) !== network),
      }));
      return true;
    }
    const own = this.ownNames();
    if (!own || !this.ownNamesLeft().some((entry) => entry.account === id)) return false;
    // The oldest removals give way first, so the list stays bounded.
    const removed = [...(this.file.get().removed ?? []), { network: own.network, account: id }].slice(-MAX_LABELS);
    this.file.update((file) => ({ ...file, removed }));
    return true;
  }

  /**
   * Merges a JSON or CSV file: an imported label replaces the account's current one on the network
   * the file names for it, else on the selected network. Counted against what that network lists
   * (its own labels, and those kept from before that it has not relabelled); `total` is what the
   * selected network lists after, `elsewhere` how many of the file's labels are for other networks.
   */
  import(text: string): ImportSummary {
    let incoming: ImportedLabel[];
    try {
      incoming = parseLabelFile(text);
    } catch (error) {
      if (error instanceof LabelImportError) throw new CoreError('invalid_input', error.message);
      throw error;
    }
    const selected = this.network();
    const stored = this.file.get().labels;
    const key = (network: string | null, account: string) => `${network ?? ''} ${account}`;
    const byKey = new Map(stored.map((entry) => [key(entry.network ?? null, entry.account), entry]));
    const summary = { added: 0, updated: 0, unchanged: 0, elsewhere: 0 };
    for (const entry of incoming) {
      const network = entry.network ?? selected;
      if (network !== selected) summary.elsewhere += 1;
      const here = key(network, entry.account);
      // What the network shows for the account now: its own label, else one kept from before.
      const current = byKey.get(here) ?? byKey.get(key(null, entry.account));
      if (!current) summary.added += 1;
      else if (current.label === entry.label) summary.unchanged += 1;
      else summary.updated += 1;
      byKey.set(here, network === null ? { account: entry.account, label: entry.label } : { ...entry, network });
    }
    if (byKey.size > MAX_LABELS) {
      throw new CoreError(
        'invalid_input',
        `Importing would make ${byKey.size} labels; the address book holds at most ${MAX_LABELS}. Nothing was imported.`,
      );
    }
    this.file.update((file) => ({ ...file, labels: [...byKey.values()].sort(byLabel) }));
    return { ...summary, total: this.list().length };
  }

  /** The selected network's labels (as list()) with the network each is for: none for one kept from before. */
  export(format: 'json' | 'csv'): string {
    const network = this.network();
    const entries = this.list().map(({ account, label, everyNetwork }) => ({
      account,
      label,
      network: everyNetwork || network === null ? undefined : network,
    }));
    return format === 'csv' ? labelsToCsv(entries) : labelsToJson(entries);
  }
}

/** An account's label on a network as the file holds it now (the user's labels only: that network's, else one kept from before). */
export function labelIn(userDataDir: string, account: string, network: string): string | undefined {
  try {
    return new LabelStore(
      userDataDir,
      () => null,
      () => network,
    )
      .list()
      .find((entry) => entry.account === account)?.label;
  } catch {
    return undefined;
  }
}

function parseEntry(input: unknown): LabelEntry {
  const parsed = LabelEntry.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new CoreError(
    'invalid_input',
    `${issue?.path[0] === 'account' ? 'Account' : 'Label'}: ${issue?.message ?? 'invalid'}.`,
  );
}

function byLabel(a: { account: string; label: string }, b: { account: string; label: string }): number {
  return a.label.localeCompare(b.label, 'en') || a.account.localeCompare(b.account);
}
