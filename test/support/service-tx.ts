// Building, signing and submitting test transactions against the local network's service.
import { Account, Asset, Keypair, Operation, TransactionBuilder, xdr } from '@stellar/stellar-base';
import type { DemoAccount } from './network';

export interface PaymentOptions {
  fee?: string;
  passphrase: string;
  /** Sequence the transaction uses is this + 1; default: the account's current sequence. */
  sequence?: string;
  amount?: string;
}

export async function accountSequence(serviceUrl: string, id: string): Promise<string> {
  const response = await fetch(`${serviceUrl}/accounts/${id}`);
  const text = await response.text();
  const match = /"sequence":"(\d+)"/.exec(text);
  if (!match) throw new Error(`no sequence for ${id}: ${response.status} ${text.slice(0, 200)}`);
  return match[1]!;
}

export async function paymentTx(serviceUrl: string, from: DemoAccount, to: string, options: PaymentOptions) {
  const sequence = options.sequence ?? (await accountSequence(serviceUrl, from.publicKey));
  const tx = new TransactionBuilder(new Account(from.publicKey, sequence), { fee: options.fee ?? '100', networkPassphrase: options.passphrase })
    .addOperation(Operation.payment({ destination: to, asset: Asset.native(), amount: options.amount ?? '1.0000001' }))
    .setTimeout(0)
    .build();
  tx.sign(Keypair.fromSecret(from.secretKey));
  return tx;
}

export type BodyForm = 'json' | 'urlencoded' | 'multipart';

export async function submit(serviceUrl: string, tx: string, form: BodyForm = 'urlencoded') {
  let init: RequestInit;
  if (form === 'json') init = { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tx }) };
  else if (form === 'urlencoded') init = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ tx }).toString() };
  else {
    const body = new FormData();
    body.set('tx', tx);
    init = { body };
  }
  const response = await fetch(`${serviceUrl}/transactions`, { method: 'POST', ...init });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Record<string, unknown> };
}

/** js-xdr name of the result code of a hex TransactionResult ("txBadSeq", "txSuccess", …). */
export function resultCode(hex: string): string {
  return xdr.TransactionResult.fromXDR(hex, 'hex').result().switch().name;
}
