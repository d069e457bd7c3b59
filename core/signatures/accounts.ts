// Accounts for the signature checks, read from the selected network through account:get's
// normaliser: signers with their type and weight (the master key among them), thresholds,
// sequence and native balance. A 404 means the account does not exist; any other failure
// leaves it unknown, so nothing is judged on a guess.
import type { Account } from '../../shared/model';
import { HttpError, type HttpClient } from '../http/http';
import { normalizeAccount } from '../sources/horizon/resources';
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

/** A lookup over the selected network's HTTP client. */
export function httpLookup(http: () => HttpClient, signal: AbortSignal): (id: string) => Promise<AccountLookup> {
  return async function lookupAccount(id) {
    try {
      const response = await http().getJson(`/accounts/${id}`, { signal, timeoutMs: 8_000 });
      return { status: 'found', account: accountState(normalizeAccount(response.body)) };
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return { status: 'missing' };
      if (signal.aborted) throw error;
      return { status: 'unknown', message: (error as Error).message.slice(0, 200) };
    }
  };
}
