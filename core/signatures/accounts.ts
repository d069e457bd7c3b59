// Accounts for the signature checks, read from the selected network through account:get's
// normaliser: signers with their type and weight (the master key among them), thresholds,
// sequence and native balance. A 404 means the account does not exist; any other failure
// leaves it unknown, so nothing is judged on a guess.
import type { Account } from '../../shared/model';
import type { Source } from '../sources/source';
import { signerTypeOf } from './keys';
import type { AccountLookup, AccountState } from './weights';

export function accountState(account: Account): AccountState {
  const native = account.balances.find((b) => b.currency && b.currency.code === 'XLM' && !b.currency.issuer);
  return {
    id: account.id,
    sequence: account.sequence,
    thresholds: { low: account.thresholds.low, med: account.thresholds.med, high: account.thresholds.high },
    // A key whose kind cannot be told is left out: it could never match a signature.
    signers: account.signers.flatMap((s) => {
      const type = signerTypeOf(s.key);
      return type ? [{ key: s.key, type, weight: s.weight }] : [];
    }),
    ...(native ? { nativeBalance: native.amount } : {}),
  };
}

/** A lookup through the selected network's source. */
export function sourceLookup(source: () => Source, signal: AbortSignal): (id: string) => Promise<AccountLookup> {
  return async function lookupAccount(id) {
    try {
      const account = await source().account(id, { signal, timeoutMs: 8_000 });
      return account ? { status: 'found', account: accountState(account) } : { status: 'missing' };
    } catch (error) {
      if (signal.aborted) throw error;
      return { status: 'unknown', message: (error as Error).message.slice(0, 200) };
    }
  };
}
