// The address book's limits, apart from its schemas (shared/labels.ts) so that the label dialog of
// the renderer's first screen does not load zod (docs/design.md, "The renderer's bundle").

export const MAX_LABEL_CHARS = 64;
export const MAX_LABELS = 10_000;
/** An imported file's text, in characters (2 MB; under the web host's 2 MiB frame with room to spare). */
export const MAX_IMPORT_CHARS = 2_000_000;
