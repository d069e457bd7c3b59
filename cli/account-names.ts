// An account as a person types it on the command line (issue #36: `reconcile busy` exited 2): its
// id, a name in the address book (the user's labels and the network's own names, as the go-to box
// takes them), or the start of an id. One reading: shared/name-lookup.ts lookupName. Several
// accounts are listed, never guessed; none is said with what was looked for.
import { StrKey } from '@stellar/stellar-base';
import { abbreviateId, classifyId } from '../shared/ids';
import { lookupName, type NamedAccount } from '../shared/name-lookup';
import { showHidden } from '../shared/visible-text';
import { UsageError } from './usage-error';
import { parseFederationAddress } from '../shared/federation-address';
import type { FederationAnswer } from '../shared/ipc-conventions';

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
 * The account `text` names, as accountOf, and a federation address (`alice*example.com`, SEP-2)
 * resolved through its domain's federation server on the selected network: what it resolved to
 * (and the memo it asks for) is said on stderr, so a person sees whom they are looking at.
 */
export async function resolveAccount(
  book: () => readonly NamedAccount[],
  text: string,
  what: string,
  federation: { resolve(address: string): Promise<FederationAnswer>; say(line: string): void },
): Promise<string> {
  // An id needs no address book (read only when a name or an id's start must be looked up).
  if (StrKey.isValidEd25519PublicKey(text.trim())) return text.trim();
  if (!parseFederationAddress(text)) return accountOf(book(), text, what);
  const answer = await federation.resolve(text.trim());
  const memo = answer.memo
    ? `; it asks for memo ${showHidden(answer.memo.value)} (${answer.memo.type}) on payments to it`
    : '';
  federation.say(`${showHidden(answer.address)} is ${answer.account}${memo}\n`);
  return answer.account;
}

/**
 * Where a command takes any id the server reads (a muxed account, a ledger…) as well as an
 * account: an id as typed (the channel checks it), else a name, an id's start or a federation
 * address as resolveAccount reads it.
 */
export async function resolveAccountOrId(
  book: () => readonly NamedAccount[],
  text: string,
  what: string,
  federation: Parameters<typeof resolveAccount>[3],
): Promise<string> {
  return classifyId(text).kind === 'invalid' ? resolveAccount(book, text, what, federation) : text.trim();
}
