// `ledgerscope://` links: ledgerscope://account/<G…>, ledgerscope://transaction/<hash> (or tx/),
// ledgerscope://ledger/<sequence>. Anything else, however close, is refused: a link is input from
// any web page or document the user clicks in.
import { isAccountId } from '../shared/ids';

export const DEEP_LINK_SCHEME = 'ledgerscope';
const MAX_LINK = 200;
const MAX_LEDGER = 4_294_967_295;

export type DeepLink =
  | { kind: 'account'; id: string; route: string }
  | { kind: 'transaction'; id: string; route: string }
  | { kind: 'ledger'; id: string; route: string };

/** The link's target, or null when it is not exactly one of the three supported forms. */
export function parseDeepLink(raw: unknown): DeepLink | null {
  if (typeof raw !== 'string' || raw.length > MAX_LINK) return null;
  // Control characters and whitespace have no place in a link (argv smuggling, header tricks).
  if (/\s/.test(raw) || [...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const prefix = `${DEEP_LINK_SCHEME}://`;
  if (raw.slice(0, prefix.length).toLowerCase() !== prefix) return null;
  const rest = raw.slice(prefix.length);
  // No query, fragment, credentials, port, percent-escapes or backslashes: the forms have none.
  if (/[?#@:%\\]/.test(rest)) return null;
  const parts = rest.replace(/\/$/, '').split('/');
  if (parts.length !== 2) return null;
  const [kind, id] = [parts[0]!.toLowerCase(), parts[1]!];
  if (kind === 'account' && isAccountId(id)) return { kind: 'account', id, route: `/account/${id}` };
  if ((kind === 'transaction' || kind === 'tx') && /^[0-9a-fA-F]{64}$/.test(id)) {
    const hash = id.toLowerCase();
    return { kind: 'transaction', id: hash, route: `/tx/${hash}` };
  }
  if (kind === 'ledger' && /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= MAX_LEDGER) {
    return { kind: 'ledger', id, route: `/ledger/${id}` };
  }
  return null;
}
