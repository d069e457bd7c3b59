// The address book's rules, shared by the core (which stores labels) and the renderer (which shows
// them): what a label may be, and how a list of labels reads from and writes to JSON and CSV.
// An import is parsed whole before anything is stored, so a bad file changes nothing.
import { z } from 'zod';
import { csvCells } from './csv-cell';
import { MAX_IMPORT_CHARS, MAX_LABEL_CHARS, MAX_LABELS } from './label-limits';
import { looksLikeId } from './ids';
import { isAccountKey } from './strkey';
import { codePointName, visibleParts } from './visible-text';

export { MAX_IMPORT_CHARS, MAX_LABEL_CHARS, MAX_LABELS };

/** The rules every stored label keeps: trimmed, 1 to 64 characters, no control characters, no formula start. */
const StoredLabelText = z
  .string()
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(1, 'a label cannot be empty')
      .max(MAX_LABEL_CHARS, `a label has at most ${MAX_LABEL_CHARS} characters`)
      // eslint-disable-next-line no-control-regex
      .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'a label cannot hold control characters')
      .refine(
        (text) => !/^[=+\-@]/.test(text),
        'a label cannot start with = + - or @ (a spreadsheet would run it as a formula)',
      ),
  );

/**
 * A label as it is set or imported: the stored rules, and neither an invisible or
 * direction-changing character (U+202E would turn "carol → frank" around) nor the look of an id
 * ("GD5UHQ…FP7N" would pass for another account's id).
 */
export const LabelText = StoredLabelText.superRefine((text, ctx) => {
  const hidden = visibleParts(text).find((part) => 'hidden' in part);
  if (hidden && 'hidden' in hidden)
    ctx.addIssue({
      code: 'custom',
      message: `a label cannot hold invisible or direction-changing characters (it holds ${codePointName(hidden.hidden)})`,
    });
  else if (looksLikeId(text))
    ctx.addIssue({ code: 'custom', message: 'a label cannot look like an id (it would be taken for another account)' });
});

/** A labelled account: a G… address (an asset is labelled by its issuer's address). */
export const LabelAccount = z
  .string()
  .max(100)
  .transform((text) => text.trim().toUpperCase())
  .refine((text) => isAccountKey(text), 'an account id (G…, 56 characters, valid checksum)');

export const LabelEntry = z.object({ account: LabelAccount, label: LabelText }).strict();
export type LabelEntry = z.output<typeof LabelEntry>;

/**
 * The network an imported label is for: a network profile's id as the app makes them (`local`,
 * `testnet`, `public`, `custom-…`), letters, digits, `.`, `_` and `-` only, so a file's text cannot
 * pass anything else into the book.
 */
export const LabelNetwork = z
  .string()
  .max(64, 'a network id has at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a network id (letters, digits, . _ -), as a network profile has');

/**
 * A label as an export writes it and an import reads it: with the network it is for (absent, null
 * or an empty CSV cell: the network selected when it is imported; an export writes none for a label
 * kept from before labels were per network).
 */
export const ImportedLabel = z
  .object({ account: LabelAccount, label: LabelText, network: LabelNetwork.nullish() })
  .strict()
  .transform(({ account, label, network }) => (network ? { account, label, network } : { account, label }));
export type ImportedLabel = z.output<typeof ImportedLabel>;

/**
 * A label read back from the address book file: the stored rules only, so that a label kept before
 * the stricter rules does not make the whole file unreadable (the renderer marks what it holds).
 */
export const StoredLabelEntry = z
  .object({
    account: LabelAccount,
    label: StoredLabelText,
    /**
     * The network profile the label was set on: it names the account there only (the same key on
     * another network may be anyone's). Absent on a label kept from before labels were per network:
     * that one is shown on every network, marked so.
     */
    network: z.string().min(1).max(64).optional(),
  })
  .strict();
export type StoredLabelEntry = z.output<typeof StoredLabelEntry>;

/**
 * A label as the address book lists it on the selected network: the user's own for that network,
 * one kept from before labels were per network (`everyNetwork`, shown on each), or with
 * `origin: 'network'` a name the selected network gives its own accounts (the local network's demo
 * accounts), listed only while that network is selected.
 */
export const ListedLabel = z
  .object({
    account: LabelAccount,
    label: StoredLabelText,
    origin: z.literal('network').optional(),
    everyNetwork: z.literal(true).optional(),
  })
  .strict();
export type ListedLabel = z.output<typeof ListedLabel>;

export class LabelImportError extends Error {
  override name = 'LabelImportError';
}

/**
 * Reads an imported file: JSON (an array of `{account, label, network?}`, or `{labels: [...]}`) or
 * CSV `account,label` or `account,label,network`.
 */
export function parseLabelFile(text: string): ImportedLabel[] {
  if (text.length > MAX_IMPORT_CHARS)
    throw new LabelImportError(
      `The file is too large: at most ${MAX_IMPORT_CHARS.toLocaleString('en')} characters (2 MB).`,
    );
  const body = text.replace(/^\uFEFF/, '');
  const rows = /^\s*[[{]/.test(body) ? jsonRows(body) : csvRows(body);
  if (rows.length > MAX_LABELS)
    throw new LabelImportError(`The file has ${rows.length} labels; at most ${MAX_LABELS} are kept.`);
  return rows.map(({ where, value }) => {
    const parsed = ImportedLabel.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] ? `${String(issue.path[0])}: ` : '';
    throw new LabelImportError(`${where}: ${field}${issue?.message ?? 'not a label'}. Nothing was imported.`);
  });
}

interface Row {
  where: string;
  value: unknown;
}

function jsonRows(text: string): Row[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new LabelImportError(
      `The file is not valid JSON (${(error as Error).message.slice(0, 120)}). Nothing was imported.`,
    );
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? (data as { labels?: unknown }).labels
      : undefined;
  if (!Array.isArray(list))
    throw new LabelImportError(
      'The JSON must be a list of {"account", "label"} entries, or an object with such a "labels" list. Nothing was imported.',
    );
  return list.map((value, index) => ({ where: `Entry ${index + 1}`, value }));
}

function csvRows(text: string): Row[] {
  const records = parseCsv(text);
  const header = records[0]?.map((cell) => cell.trim().toLowerCase()).join(',');
  if (header !== 'account,label' && header !== 'account,label,network') {
    throw new LabelImportError(
      'The CSV must start with the header "account,label" or "account,label,network" (or be JSON). Nothing was imported.',
    );
  }
  const width = header.split(',').length;
  return records.slice(1).flatMap((cells, index) => {
    if (cells.length === 1 && cells[0]!.trim() === '') return [];
    const where = `Line ${index + 2}`;
    if (cells.length !== width)
      throw new LabelImportError(
        `${where}: expected ${width} cells (${header}), found ${cells.length}. Nothing was imported.`,
      );
    const network = cells[2]?.trim();
    return [{ where, value: { account: cells[0], label: cells[1], ...(network ? { network } : {}) } }];
  });
}

/** RFC 4180: cells separated by commas, quoted cells may hold commas, quotes ("") and newlines. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push(cells);
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else cell += char;
  }
  if (quoted) throw new LabelImportError('The CSV has a quoted cell that never ends. Nothing was imported.');
  if (cell !== '' || cells.length) endRecord();
  return records;
}

/** A label as exported: with the network it is for, none for a label kept for every network. */
export interface ExportedLabel {
  account: string;
  label: string;
  network?: string | undefined;
}

export function labelsToCsv(entries: readonly ExportedLabel[]): string {
  const lines = entries.map((entry) => csvCells([entry.account, entry.label, entry.network ?? '']));
  return ['account,label,network', ...lines].join('\r\n') + '\r\n';
}

export function labelsToJson(entries: readonly ExportedLabel[]): string {
  const labels = entries.map(({ account, label, network }) =>
    network ? { account, label, network } : { account, label },
  );
  return `${JSON.stringify({ labels }, null, 2)}\n`;
}
