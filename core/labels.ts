// The address book: names for accounts, kept in `<userData>/labels.json` (written atomically by
// SettingsFile: a crash mid-write leaves the previous file). Every change is checked whole before
// it is stored: an import that fails on its last line adds nothing.
import { z } from 'zod';
import {
  LabelEntry,
  LabelImportError,
  MAX_LABELS,
  StoredLabelEntry,
  labelsToCsv,
  labelsToJson,
  parseLabelFile,
} from '../shared/labels';
import { CoreError } from './errors';
import { SettingsFile } from './settings';

const LabelsFile = z.object({ labels: z.array(StoredLabelEntry).max(MAX_LABELS) });
type LabelsFile = z.infer<typeof LabelsFile>;

export interface ImportSummary {
  added: number;
  updated: number;
  unchanged: number;
  total: number;
}

export class LabelStore {
  private readonly file: SettingsFile<LabelsFile>;

  constructor(userDataDir: string) {
    this.file = new SettingsFile(userDataDir, 'labels.json', LabelsFile, () => ({ labels: [] }));
  }

  list(): LabelEntry[] {
    return this.file.get().labels;
  }

  set(input: { account: string; label: string }): LabelEntry {
    const entry = parseEntry(input);
    const others = this.list().filter((existing) => existing.account !== entry.account);
    if (others.length >= MAX_LABELS)
      throw new CoreError('invalid_input', `The address book holds at most ${MAX_LABELS} labels; remove some first.`);
    this.file.update(() => ({ labels: [...others, entry].sort(byLabel) }));
    return entry;
  }

  remove(account: string): boolean {
    const id = account.trim().toUpperCase();
    const before = this.list();
    if (!before.some((entry) => entry.account === id)) return false;
    this.file.update(() => ({ labels: before.filter((entry) => entry.account !== id) }));
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
    this.file.update(() => ({ labels: [...merged.values()].sort(byLabel) }));
    return { ...summary, total: merged.size };
  }

  export(format: 'json' | 'csv'): string {
    return format === 'csv' ? labelsToCsv(this.list()) : labelsToJson(this.list());
  }
}

/** An account's label as the file holds it now (the Electron shell's notifications). */
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
