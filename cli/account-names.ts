// An account as a person types it on the command line (issue #36: `reconcile busy` exited 2): its
// id, a name in the address book (the user's labels and the network's own names, as the go-to box
// takes them), or the start of an id. One reading: shared/name-lookup.ts lookupName. Several
// accounts are listed, never guessed; none is said with what was looked for.
import { StrKey } from '@stellar/stellar-base';
import { abbreviateId, classifyId } from '../shared/ids';
import { lookupName, type NamedAccount } from '../shared/name-lookup';
import { showHidden } from '../shared/visible-text';
import { UsageError } from './usage-error';

/** The account `text` names, or a UsageError (exit 2) that says why not; `what` is the argument's name ("<account>", "--counterparty"). */
export function accountOf(book: readonly NamedAccount[], text: string, what: string): string {
  const trimmed = text.trim();
  if (StrKey.isValidEd25519PublicKey(trimmed)) return trimmed;
  const typed = showHidden(trimmed.slice(0, 60));
  const found = lookupName(book, trimmed, 5);
  if (found.kind === 'one') return found.entry.account;
  if (found.kind === 'many') {
    const listed = found.entries.map((e) => `${showHidden(e.label)} (${abbreviateId(e.account)})`).join(', ');
    const more = found.total > found.entries.length ? `, and ${found.total - found.entries.length} more` : '';
    throw new UsageError(`${what} "${typed}" matches ${found.total} accounts: ${listed}${more}; type more of it`);
  }
  throw new UsageError(
    `${what} "${typed}" is not an account id (G…, 56 characters with a valid checksum), a name in the address book, or the start of an account id there`,
  );
}

/**
 * Where a command takes any id the server reads (a muxed account, a ledger…) as well as an
 * account: an id as typed (the channel checks it), else a name or an id's start as accountOf reads it.
 */
export function accountOrId(book: () => readonly NamedAccount[], text: string, what: string): string {
  return classifyId(text).kind === 'invalid' ? accountOf(book(), text, what) : text.trim();
}
