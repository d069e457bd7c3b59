// Shared by the signature unit tests: deterministic keys, accounts described in a line, and a
// context whose account lookup reads them from a map (no network).
import { Account, Asset, Keypair, Operation, TransactionBuilder, type Transaction } from '@stellar/stellar-base';
import { builtInProfiles, LOCAL_PASSPHRASE } from '../../core/networks/networks';
import type { SignatureContext } from '../../core/signatures/analyse';
import { signerTypeOf } from '../../core/signatures/keys';
import type { AccountLookup, AccountState } from '../../core/signatures/weights';

export const profiles = builtInProfiles('http://127.0.0.1:9');
export const local = profiles[0]!;
export const testnet = profiles[1]!;

export const key = (n: number) => Keypair.fromRawEd25519Seed(Buffer.alloc(32, n));
export const [A, B, C, D, F] = [key(1), key(2), key(3), key(4), key(5)];

/** An account: its master weight, other signers and thresholds (low, med, high). */
export function account(
  id: Keypair,
  options: {
    master?: number;
    signers?: [string, number][];
    low?: number;
    med?: number;
    high?: number;
    sequence?: string;
    balance?: string;
  } = {},
): AccountState {
  return {
    id: id.publicKey(),
    sequence: options.sequence ?? '100',
    thresholds: { low: options.low ?? 0, med: options.med ?? 0, high: options.high ?? 0 },
    signers: [
      { key: id.publicKey(), type: 'ed25519_public_key' as const, weight: options.master ?? 1 },
      ...(options.signers ?? []).map(([k, weight]) => ({ key: k, type: signerTypeOf(k)!, weight })),
    ],
    nativeBalance: options.balance ?? '1000',
  };
}

export function context(
  accounts: AccountState[],
  options: { unknown?: string[]; now?: Date } = {},
): SignatureContext & { asked: string[] } {
  const asked: string[] = [];
  return {
    profiles,
    selected: local,
    asked,
    now: options.now ?? new Date('2026-11-23T00:00:00Z'),
    async lookup(id): Promise<AccountLookup> {
      asked.push(id);
      if (options.unknown?.includes(id)) return { status: 'unknown', message: 'unreachable' };
      const found = accounts.find((a) => a.id === id);
      return found ? { status: 'found', account: found } : { status: 'missing' };
    },
  };
}

export function payment(
  source = A,
  options: {
    sequence?: string;
    passphrase?: string;
    opSource?: string;
    extra?: ReturnType<typeof Operation.payment>[];
    timeout?: number;
  } = {},
): Transaction {
  const builder = new TransactionBuilder(new Account(source.publicKey(), options.sequence ?? '100'), {
    fee: '100',
    networkPassphrase: options.passphrase ?? LOCAL_PASSPHRASE,
  }).addOperation(
    Operation.payment({
      destination: D.publicKey(),
      asset: Asset.native(),
      amount: '1',
      ...(options.opSource ? { source: options.opSource } : {}),
    }),
  );
  for (const op of options.extra ?? []) builder.addOperation(op);
  return builder.setTimeout(options.timeout ?? 0).build();
}

/** The same transaction signed by these keys, as base64. */
export function signed(tx: Transaction, ...keys: Keypair[]): string {
  const copy = TransactionBuilder.fromXDR(tx.toXDR(), tx.networkPassphrase) as Transaction;
  copy.sign(...keys);
  return copy.toXDR();
}
