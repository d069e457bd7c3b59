// The one guard of every cursor walk (listing pages for `--all` and exports, the tables' infinite
// load, the history sync): a server whose cursor does not advance, goes backwards, or that answers
// a page again would otherwise be asked forever. Given the order, the cursor a page was asked
// from, the page's paging tokens and the cursor the walk would ask next — and, for a walk, what it
// kept of the page before (three tokens, so memory stays bounded) — it names what went wrong, or
// nothing. Pure: shared/ imports no Node.

export type PagingOrder = 'asc' | 'desc';

export type PagingFault = 'same_page' | 'repeated' | 'backwards' | 'not_advanced' | 'out_of_order';

/** What happened, as the sentence an error says. */
export const PAGING_FAULTS: Readonly<Record<PagingFault, string>> = {
  same_page: 'the server answered the same page again',
  repeated: 'the page repeats records read before it',
  backwards: 'the cursor went backwards',
  not_advanced: 'the next cursor did not advance',
  out_of_order: "the page's records are out of order",
};

/** One page as a walk received it. */
export interface PageTokens {
  /** The cursor the page was asked from (undefined or '': the start of the listing). */
  cursor: string | undefined;
  /** The paging tokens of its records as they came (or only its first and last, in that order). */
  tokens: readonly string[];
  /** The cursor the walk would ask next; null when the page ends the walk. */
  next: string | null;
}

/** What a walk keeps of the page before: bounded, whatever the page's size. */
export interface PageSeen {
  cursor: string | undefined;
  first: string;
  last: string;
}

const TOKEN = /^\d{1,20}$/;

/**
 * Where `a` stands against `b` in the listing's order: > 0 after, 0 the same, < 0 before; null
 * when the two cannot be compared (a token that is not digits, or the cursor "now"), where only
 * equality tells.
 */
function place(order: PagingOrder, a: string, b: string): number | null {
  if (a === b) return 0;
  if (!TOKEN.test(a) || !TOKEN.test(b)) return null;
  const difference = BigInt(a) - BigInt(b);
  const sign = difference > 0n ? 1 : difference < 0n ? -1 : 0;
  return order === 'asc' ? sign : -sign;
}

/** Not after: the same, or (when it can be told) before. */
const notAfter = (order: PagingOrder, a: string, b: string): boolean => {
  const at = place(order, a, b);
  return at !== null && at <= 0;
};

/**
 * What is wrong with a page, or null. Its records must come in the listing's order, each after the
 * cursor it was asked from; the next cursor must be after that cursor and not before its last
 * record. A page that ends at its own cursor is the page before it again (a walk's cursor is that
 * page's last token). With `previous`, a page equal to it, or holding one of its records, is caught
 * whatever cursor the walk followed.
 */
export function pageFault(order: PagingOrder, page: PageTokens, previous?: PageSeen | null): PagingFault | null {
  const cursor = page.cursor || undefined;
  const { tokens, next } = page;
  const first = tokens[0];
  const last = tokens.at(-1);
  if (previous && first === previous.first && last === previous.last) return 'same_page';
  for (let i = 1; i < tokens.length; i++) if (notAfter(order, tokens[i]!, tokens[i - 1]!)) return 'out_of_order';
  if (cursor !== undefined && first !== undefined && last !== undefined) {
    if (last === cursor) return 'same_page';
    if (notAfter(order, last, cursor)) return 'backwards';
    if (tokens.includes(cursor) || notAfter(order, first, cursor)) return 'repeated';
  }
  if (previous && first !== undefined && last !== undefined) {
    const seen = [previous.first, previous.last];
    if (seen.includes(first) || seen.includes(last)) return 'repeated';
    // Not after the page before's last record: inside that page, or before where it started.
    if (notAfter(order, first, previous.last))
      return previous.cursor !== undefined && notAfter(order, first, previous.cursor) ? 'backwards' : 'repeated';
  }
  if (next !== null) {
    if (cursor !== undefined && next === cursor) return 'not_advanced';
    if (cursor !== undefined && notAfter(order, next, cursor)) return 'backwards';
    if (last !== undefined && next !== last && notAfter(order, next, last)) return 'backwards';
  }
  return null;
}

/** The sentence of a fault, with the cursor it happened at. */
export function pagingMessage(fault: PagingFault, cursor: string | undefined): string {
  const at = cursor ? `after cursor ${cursor.slice(0, 40)}` : 'at the start';
  return `Stopped reading pages ${at}: ${PAGING_FAULTS[fault]}. The server's paging is broken; nothing more was asked of it.`;
}

/** A walk stopped by the guard; `code` is the IPC error code it travels as. */
export class PagingError extends Error {
  override name = 'PagingError';
  readonly code = 'bad_response';
  constructor(
    readonly fault: PagingFault,
    readonly cursor: string | undefined,
  ) {
    super(pagingMessage(fault, cursor));
  }
}

/**
 * A walk's guard: `check` each page as it arrives, in order; it throws a PagingError naming the
 * fault, or remembers the page (its cursor, first and last token) for the next check.
 */
export class PagingGuard {
  private previous: PageSeen | null = null;

  constructor(readonly order: PagingOrder) {}

  /** What the guard keeps of the page before (for a check made elsewhere, as the index worker's before it writes). */
  get seen(): PageSeen | null {
    return this.previous;
  }

  check(page: PageTokens): void {
    const fault = pageFault(this.order, page, this.previous);
    if (fault) throw new PagingError(fault, page.cursor || undefined);
    const first = page.tokens[0];
    const last = page.tokens.at(-1);
    if (first !== undefined && last !== undefined) this.previous = { cursor: page.cursor || undefined, first, last };
  }
}
