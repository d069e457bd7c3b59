// A file name a person gave for an export (the export dialog, `--output`, signatures:export,
// history:export): a bare name the core writes into its export directory. Refused, not cleaned,
// when it names a directory, starts with a dot, or holds a character that hides or reorders what
// a file manager shows: U+202E turns `cod.exe.csv` into what reads as `vsc.exe.doc`, zero-width
// characters make two names look the same. One schema for every channel that takes one.
import { z } from 'zod';

export const MAX_FILE_NAME_CHARS = 120;

/**
 * Controls (C0, C1), format characters (zero-width spaces and joiners, bidirectional embeddings,
 * overrides and isolates, the BOM, the soft hyphen), line and paragraph separators, and the
 * blank letters (Hangul fillers, Khmer vowel inherents, the grapheme joiner) that show as nothing.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u3164\uffa0]|\u034f|\u1160|\u17b4|\u17b5/u;

/** What is wrong with a file name, as the words after "needs …"; null when it is fine. */
export function fileNameProblem(name: string): string | null {
  if (name.length === 0 || name.length > MAX_FILE_NAME_CHARS)
    return `a file name of 1 to ${MAX_FILE_NAME_CHARS} characters`;
  if (/[/\\:]/.test(name)) return 'a file name without directories';
  if (name.startsWith('.')) return 'a file name that does not start with a dot';
  if (HIDDEN.test(name)) return 'a file name without control, invisible or direction-changing characters';
  return null;
}

/** The `fileName` of the export channels. */
export const ExportFileName = z.string().superRefine((name, context) => {
  const problem = fileNameProblem(name);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
