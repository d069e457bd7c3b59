// The address book: names for accounts, kept in `<userData>/labels.json` (written atomically by
// SettingsFile: a crash mid-write leaves the previous file). Every change is checked whole before
// it is stored: an import that fails on its last line adds nothing.
//
// Two kinds of name. The user's labels are keyed by account alone and hold on every network. A
// network's own names (the local network's demo accounts) are keyed by the network too: they are
// read from that network's data while it is selected and never copied into the file, so the same
// key on another network (where anyone may hold it) stays a stranger. Removing one records the
// (network, account) pair as removed, which holds across restarts. A user's label for the account
// comes first; exports and imports carry the user's labels only.
import { z } from 'zod';
import {
  LabelAccount,
  LabelEntry,
  LabelImportError,
  MAX_LABELS,
  StoredLabelEntry,
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
}

export class LabelStore {
  private readonly file: SettingsFile<LabelsFile>;

  constructor(
    userDataDir: string,
    private readonly ownNames: OwnNames = () => null,
  ) {
    this.file = new SettingsFile(userDataDir, 'labels.json', LabelsFile, () => ({ labels: [] }));
  }

  /** The user's labels (what is exported, and what an import merges into). */
  list(): LabelEntry[] {
    return this.file.get().labels;
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

  set(input: { account: string; label: string }): LabelEntry {
    const entry = parseEntry(input);
    const others = this.list().filter((existing) => existing.account !== entry.account);
    if (others.length >= MAX_LABELS)
      throw new CoreError('invalid_input', `The address book holds at most ${MAX_LABELS} labels; remove some first.`);
    this.file.update((file) => ({ ...file, labels: [...others, entry].sort(byLabel) }));
    return entry;
  }

  /** Removes the user's label of the account, else the selected network's own name for it (for good). */
  remove(account: string): boolean {
    const id = account.trim().toUpperCase();
    const before = this.list();
    if (before.some((entry) => entry.account === id)) {
      this.file.update((file) => ({ ...file, labels: before.filter((entry) => entry.account !== id) }));
      return true;
    }
    const own = this.ownNames();
    if (!own || !this.ownNamesLeft().some((entry) => entry.account === id)) return false;
    // The oldest removals give way first, so the list stays bounded.
    const removed = [...(this.file.get().removed ?? []), { network: own.network, account: id }].slice(-MAX_LABELS);
    this.file.update((file) => ({ ...file, removed }));
    return true;
  }

  /** Merges a JSON or CSV file: an imported label replaces the account's current one. */
  import(text: string): ImportSummary {
    let incoming: LabelEntry[];
    try {
      incoming = parseLabelFile(text);
    } catch (error) {
      if (error instanceof LabelImportError) throw new CoreError('invalid_input', error.message);
      throw error;
    }
    const merged = new Map(this.list().map((entry) => [entry.account, entry]));
    const summary = { added: 0, updated: 0, unchanged: 0 };
    for (const entry of incoming) {
      const current = merged.get(entry.account);
      if (!current) summary.added += 1;
      else if (current.label === entry.label) summary.unchanged += 1;
      else summary.updated += 1;
      merged.set(entry.account, entry);
    }
    if (merged.size > MAX_LABELS) {
      throw new CoreError(
        'invalid_input',
        `Importing would make ${merged.size} labels; the address book holds at most ${MAX_LABELS}. Nothing was imported.`,
      );
    }
    this.file.update((file) => ({ ...file, labels: [...merged.values()].sort(byLabel) }));
    return { ...summary, total: merged.size };
  }

  export(format: 'json' | 'csv'): string {
    return format === 'csv' ? labelsToCsv(this.list()) : labelsToJson(this.list());
  }
}

/** An account's label as the file holds it now (the user's labels only). */
export function labelIn(userDataDir: string, account: string): string | undefined {
  try {
    return new LabelStore(userDataDir).list().find((entry) => entry.account === account)?.label;
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

function byLabel(a: LabelEntry, b: LabelEntry): number {
  return a.label.localeCompare(b.label, 'en') || a.account.localeCompare(b.account);
}
