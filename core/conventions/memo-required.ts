// SEP-29: an account that publishes the data entry `config.memo_required` = `1` (exchanges do)
// says a payment to it needs a memo, or it may not be credited. The rule is pure
// (`memoRequiredFindings`, over a decoded transaction and what each destination's data entries
// are); `checkMemoRequired` reads each destination once and applies it.
import { type FeeBumpTransaction, Transaction } from '@stellar/stellar-base';
import { abbreviateId } from '../../shared/ids';
import type { MemoCheck } from '../../shared/model';

/** The data entry's name and its value (base64 of "1"), as SEP-29 writes them. */
export const MEMO_REQUIRED_KEY = 'config.memo_required';
const MEMO_REQUIRED_VALUE = Buffer.from('1').toString('base64');

/** The operation types that can credit a destination account that a memo would identify a deposit for. */
const PAYING = new Set(['payment', 'pathPaymentStrictReceive', 'pathPaymentStrictSend', 'accountMerge']);

/** What reading a destination gave: its data entries (base64 values), no such account, or no answer. */
export type DestinationState =
  { kind: 'found'; data: Record<string, string> } | { kind: 'missing' } | { kind: 'unknown'; reason: string };

type AnyTx = Transaction | FeeBumpTransaction;

const innerOf = (tx: AnyTx): Transaction => (tx instanceof Transaction ? tx : tx.innerTransaction);

/**
 * The destinations to read: a paying operation's G… destination, each once, and none at all when
 * the transaction carries a memo of any type. A muxed (M…) destination names its sub-account
 * itself, so it needs no memo (SEP-29).
 */
export function memoCheckDestinations(tx: AnyTx): string[] {
  const inner = innerOf(tx);
  if (inner.memo.type !== 'none') return [];
  const out = new Set<string>();
  for (const op of inner.operations) {
    const destination = (op as { destination?: unknown }).destination;
    if (PAYING.has(op.type) && typeof destination === 'string' && destination.startsWith('G')) out.add(destination);
  }
  return [...out];
}

/** Per operation index, what the check found: flagged, or could not be made. Operations it clears are absent. */
export function memoRequiredFindings(tx: AnyTx, states: ReadonlyMap<string, DestinationState>): Map<number, MemoCheck> {
  const wanted = new Set(memoCheckDestinations(tx));
  const findings = new Map<number, MemoCheck>();
  innerOf(tx).operations.forEach((op, index) => {
    const account = (op as { destination?: unknown }).destination;
    if (typeof account !== 'string' || !wanted.has(account)) return;
    const state = states.get(account) ?? { kind: 'unknown', reason: 'it was not read' };
    const short = abbreviateId(account);
    if (state.kind === 'found') {
      if (state.data[MEMO_REQUIRED_KEY] === MEMO_REQUIRED_VALUE)
        findings.set(index, {
          status: 'required',
          account,
          message: `${short} requires a memo (SEP-29); this transaction has none: an exchange may not credit it.`,
        });
      return;
    }
    findings.set(index, {
      status: 'could_not_check',
      account,
      message:
        state.kind === 'missing'
          ? `Could not check whether ${short} requires a memo (SEP-29): the account does not exist on this network.`
          : `Could not check whether ${short} requires a memo (SEP-29): ${state.reason}`,
    });
  });
  return findings;
}

/** Reads each destination once (in parallel) and applies the rule. */
export async function checkMemoRequired(
  tx: AnyTx,
  read: (account: string) => Promise<Record<string, string> | null>,
): Promise<Map<number, MemoCheck>> {
  const destinations = memoCheckDestinations(tx);
  const states = new Map<string, DestinationState>();
  await Promise.all(
    destinations.map(async (account) => {
      try {
        const data = await read(account);
        states.set(account, data === null ? { kind: 'missing' } : { kind: 'found', data });
      } catch (error) {
        states.set(account, { kind: 'unknown', reason: `the server did not answer (${(error as Error).message})` });
      }
    }),
  );
  return memoRequiredFindings(tx, states);
}
