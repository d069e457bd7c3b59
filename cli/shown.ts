// How the command line writes ids, accounts, assets and amounts for a person (issue #36): every
// amount by shared/amount.ts displayAmount (grouped, the fixed seven decimals), XLM for the native
// asset, an account by its address-book name where it has one, else its id abbreviated by
// shared/ids.ts abbreviateId; with --wide every id written whole. Names and asset codes are
// untrusted text: their hidden characters are written out (shared/visible-text.ts).
import { displayAmount, NATIVE_CODE } from '../shared/amount';
import { abbreviateId } from '../shared/ids';
import type { Operation } from '../shared/model';
import { operationSummary, shortener, type NameOf } from '../shared/operation-summary';
import { showHidden } from '../shared/visible-text';

export interface Shown {
  /** --wide: ids whole. */
  wide: boolean;
  /** An account (or any id that may have a name): "busy", "GAHR52…7NUJV"; with --wide "busy (GAHR52I2…)" or the id. */
  account(id: string): string;
  /** An id that has no name (a hash, a pool): abbreviated, whole with --wide. */
  id(id: string): string;
  /** An asset key ("native", "CODE:ISSUER", "pool:ID", "balance:ID") as a person reads it: "XLM", "USD (issuer-a)". */
  asset(key: string): string;
  /** An exact decimal with the fixed seven decimals, grouped. */
  amount(text: string): string;
  /** A sentence made without names (the history index's) with the abbreviated ids of accounts the address book names replaced by their names. */
  named(sentence: string): string;
  /** What an operation did, one sentence (shared/operation-summary.ts), hidden characters written out. */
  sentence(op: Operation): string;
}

/** An id as abbreviateId writes it: six characters, "…", six. */
const ABBREVIATED = /\b[A-Z2-7]{6}…[A-Z2-7]{6}\b/g;

export function shownFor(names: NameOf, wide: boolean, book: () => readonly { account: string }[] = () => []): Shown {
  let byShort: Map<string, string> | undefined;
  const short = shortener(names);
  const id = (value: string) => (wide ? value : abbreviateId(value));
  const account = (value: string) => {
    if (!wide) return showHidden(short(value));
    const name = names(value);
    return name === undefined ? value : `${showHidden(name)} (${value})`;
  };
  return {
    wide,
    account,
    id,
    amount: displayAmount,
    named(sentence) {
      byShort ??= new Map(book().map((entry) => [abbreviateId(entry.account), entry.account]));
      return sentence.replace(ABBREVIATED, (short) => {
        const full = byShort!.get(short);
        return full === undefined ? short : account(full);
      });
    },
    sentence: (op) => showHidden(operationSummary(op, names, wide)),
    asset(key) {
      if (key === 'native') return NATIVE_CODE;
      if (key.startsWith('pool:')) return `pool shares (${id(key.slice(5))})`;
      if (key.startsWith('balance:')) return `claimable balance (${id(key.slice(8))})`;
      const colon = key.indexOf(':');
      if (colon < 0) return showHidden(key);
      return `${showHidden(key.slice(0, colon))} (${account(key.slice(colon + 1))})`;
    },
  };
}
