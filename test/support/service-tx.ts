// Submitting test transactions to the local network's service, and reading their results.
// (Building and signing them: signed-tx.ts.)
import { xdr } from '@stellar/stellar-base';

export type BodyForm = 'json' | 'urlencoded' | 'multipart';

export async function submit(serviceUrl: string, tx: string, form: BodyForm = 'urlencoded') {
  let init: RequestInit;
  if (form === 'json') init = { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tx }) };
  else if (form === 'urlencoded')
    init = {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tx }).toString(),
    };
  else {
    const body = new FormData();
    body.set('tx', tx);
    init = { body };
  }
  const response = await fetch(`${serviceUrl}/transactions`, { method: 'POST', ...init });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

/** js-xdr name of the result code of a hex TransactionResult ("txBadSeq", "txSuccess", …). */
export function resultCode(hex: string): string {
  return xdr.TransactionResult.fromXDR(hex, 'hex').result().switch().name;
}
