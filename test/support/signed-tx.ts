// The tests' one way to build and sign a transaction, as a wallet would: real envelopes from
// @stellar/stellar-base, signed offline. Plain Node, so vitest tests, Playwright specs and the
// benches share it. (Submitting them: service-tx.ts.)
import {
  Account,
  Asset,
  Keypair,
  Memo,
  Operation,
  type Transaction,
  TransactionBuilder,
  type xdr,
} from '@stellar/stellar-base';

/** An account the tests can sign for (the local network's demo accounts have this shape). */
export interface SigningAccount {
  publicKey: string;
  secretKey: string;
}

export interface TxOptions {
  passphrase: string;
  /**
   * The source's current sequence (the transaction uses the next one), or an Account whose
   * sequence each build advances (several transactions in a row from one account).
   */
  sequence: string | Account;
  fee?: string;
  memo?: string;
  /** Upper time bound this many seconds from now; default none (0). Ignored with `timebounds`. */
  timeoutSeconds?: number;
  timebounds?: { minTime: number | string; maxTime: number | string };
  /** Who signs; default the source alone. */
  signers?: Keypair[];
}

/** A transaction with `operations` from `source`, built and signed. */
export function signedTx(source: Keypair, operations: xdr.Operation[], options: TxOptions): Transaction {
  const account =
    typeof options.sequence === 'string' ? new Account(source.publicKey(), options.sequence) : options.sequence;
  const builder = new TransactionBuilder(account, {
    fee: options.fee ?? '100',
    networkPassphrase: options.passphrase,
    ...(options.timebounds ? { timebounds: options.timebounds } : {}),
  });
  for (const operation of operations) builder.addOperation(operation);
  if (options.memo) builder.addMemo(Memo.text(options.memo));
  if (!options.timebounds) builder.setTimeout(options.timeoutSeconds ?? 0);
  const tx = builder.build();
  for (const signer of options.signers ?? [source]) tx.sign(signer);
  return tx;
}

/** A payment of native lumens. */
export function nativePayment(destination: string, amount: string): xdr.Operation {
  return Operation.payment({ destination, asset: Asset.native(), amount });
}

/** The account's current sequence, as the service reports it. */
export async function accountSequence(serviceUrl: string, id: string): Promise<string> {
  const response = await fetch(new URL(`/accounts/${id}`, serviceUrl));
  const text = await response.text();
  const match = /"sequence":"(\d+)"/.exec(text);
  if (!match) throw new Error(`no sequence for ${id}: ${response.status} ${text.slice(0, 200)}`);
  return match[1]!;
}

export interface PaymentOptions extends Omit<TxOptions, 'sequence' | 'signers'> {
  /** Default: the account's current sequence, from the service. */
  sequence?: string;
  /** Default 1.0000001. */
  amount?: string;
}

/** A signed native payment `from` → `to`, at the sender's next sequence unless told otherwise. */
export async function paymentTx(
  serviceUrl: string,
  from: SigningAccount,
  to: string,
  options: PaymentOptions,
): Promise<Transaction> {
  const sequence = options.sequence ?? (await accountSequence(serviceUrl, from.publicKey));
  const { amount = '1.0000001', ...rest } = options;
  return signedTx(Keypair.fromSecret(from.secretKey), [nativePayment(to, amount)], { ...rest, sequence });
}

/** What a wallet hands over: the envelope as base64 XDR, and its hash in hex. */
export function envelopeOf(tx: Transaction): { xdr: string; hash: string } {
  return { xdr: tx.toEnvelope().toXDR('base64'), hash: tx.hash().toString('hex') };
}
