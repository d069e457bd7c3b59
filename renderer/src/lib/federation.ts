// Federation addresses (SEP-2) as the page meets them: `alice*example.com` typed in the go-to box
// or Live's watch field is resolved by the core on the selected network; what it resolved to is
// kept (per network and account) so the account's page can say the address it was reached by and
// the memo that address asks payments to carry.
import { create } from 'zustand';
import { parseFederationAddress } from '../../../shared/federation-address';
import type { FederationAnswer } from '../../../shared/ipc-conventions';
import type { Inspection } from '../../../shared/model';
import { call } from './bridge';

interface FederationState {
  /** By `${networkId} ${account}`: the last address that resolved to the account. */
  reached: Record<string, FederationAnswer>;
  remember(networkId: string | null, answer: FederationAnswer): void;
}

export const useFederationStore = create<FederationState>((set) => ({
  reached: {},
  remember: (networkId, answer) =>
    set((state) => ({ reached: { ...state.reached, [`${networkId ?? ''} ${answer.account}`]: answer } })),
}));

export const isFederationAddress = (text: string): boolean => parseFederationAddress(text) !== null;

/** Resolves `address` on the selected network and remembers it; the core's sentence when it does not resolve. */
export async function resolveFederationAddress(
  address: string,
  networkId: string | null,
): Promise<{ ok: true; answer: FederationAnswer } | { ok: false; message: string }> {
  try {
    const answer = await call('conventions:federation', { address: address.trim() });
    useFederationStore.getState().remember(networkId, answer);
    return { ok: true, answer };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** How the account was reached by federation on this network, if it was. */
export function useReachedBy(networkId: string | null, account: string): FederationAnswer | undefined {
  return useFederationStore((state) => state.reached[`${networkId ?? ''} ${account}`]);
}

/** The operation types that pay a destination a memo would identify a deposit for (as SEP-29's). */
const PAYING = new Set(['payment', 'pathPaymentStrictReceive', 'pathPaymentStrictSend', 'accountMerge']);

/**
 * Per operation index, what a federation record says of this transaction (issue 40.3: the memo an
 * address asks for is checked as SEP-29's is): a paying operation to an account reached by a
 * federation address that asks for a memo, in a transaction without that memo.
 */
export function federationMemoFindings(
  inspection: Pick<Inspection, 'memo' | 'operations'>,
  reachedBy: (account: string) => FederationAnswer | undefined,
): Map<number, { account: string; message: string }> {
  const findings = new Map<number, { account: string; message: string }>();
  for (const op of inspection.operations) {
    const destination = op.details['destination'];
    if (!PAYING.has(op.type) || !destination?.startsWith('G')) continue;
    const asked = reachedBy(destination)?.memo;
    if (!asked) continue;
    const { memo } = inspection;
    if (memo.type === asked.type && memo.value === asked.value) continue;
    const address = reachedBy(destination)!.address;
    const has =
      memo.type === 'none' ? 'this transaction has none' : `this transaction's memo is another (${memo.type})`;
    findings.set(op.index, {
      account: destination,
      message: `${address} asks payments to carry the ${asked.type} memo ${asked.value} (its federation record, SEP-2); ${has}: the receiver may not credit it.`,
    });
  }
  return findings;
}
