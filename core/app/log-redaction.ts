// Nothing secret reaches a log file: secret keys (StrKey seeds, `S…`) and the signatures of
// signed envelopes are cut out of every line before it is written. Over-redaction is fine.
import { inspect } from 'node:util';
import { xdr } from '@stellar/stellar-base';

const SECRET_KEY = /S[A-Z2-7]{55}/g;
/** JSON fields that carry signatures (decoded envelopes, SEP-7, signer dumps). */
const SIGNATURE_FIELD = /("signatures?"\s*:\s*)("(?:[^"\\]|\\.)*"|\[[^\]]*\])/g;
/** Long blobs that may be an envelope: base64 (possibly URL-encoded) or hex. */
const BLOB = /(?:[A-Za-z0-9+/]|%2[BbFf]){60,}(?:=|%3[Dd]){0,2}|[0-9a-fA-F]{120,}/g;

export const REDACTED_SECRET = '[secret key redacted]';

export function redactText(text: string): string {
  return text
    .replace(BLOB, (blob) => redactEnvelope(blob) ?? blob)
    .replace(SECRET_KEY, REDACTED_SECRET)
    .replace(SIGNATURE_FIELD, (_match, field: string) => `${field}"[signatures redacted]"`);
}

/** Log arguments as redacted text (objects rendered as util.inspect would). */
export function redactLogData(data: readonly unknown[]): string[] {
  return data.map((item) =>
    redactText(
      typeof item === 'string'
        ? item
        : item instanceof Error
          ? (item.stack ?? item.message)
          : inspect(item, { depth: 6, breakLength: Infinity }),
    ),
  );
}

/** The same envelope without its signatures, or null when the blob is not a signed envelope. */
function redactEnvelope(blob: string): string | null {
  const hex = /^[0-9a-fA-F]+$/.test(blob) && blob.length % 2 === 0;
  let text = blob;
  if (!hex && blob.includes('%')) {
    try {
      text = decodeURIComponent(blob);
    } catch {
      return null;
    }
  }
  let envelope: xdr.TransactionEnvelope;
  try {
    envelope = xdr.TransactionEnvelope.fromXDR(text, hex ? 'hex' : 'base64');
  } catch {
    return null;
  }
  const removed = stripSignatures(envelope);
  if (removed === 0) return null;
  return `${envelope.toXDR(hex ? 'hex' : 'base64')}[${removed} signature${removed === 1 ? '' : 's'} redacted]`;
}

function stripSignatures(envelope: xdr.TransactionEnvelope): number {
  const signed: { signatures(value?: xdr.DecoratedSignature[]): xdr.DecoratedSignature[] }[] = [];
  switch (envelope.switch().name) {
    case 'envelopeTypeTxV0':
      signed.push(envelope.v0());
      break;
    case 'envelopeTypeTx':
      signed.push(envelope.v1());
      break;
    case 'envelopeTypeTxFeeBump':
      signed.push(envelope.feeBump(), envelope.feeBump().tx().innerTx().v1());
      break;
    default:
      return 0;
  }
  let removed = 0;
  for (const part of signed) {
    removed += part.signatures().length;
    part.signatures([]);
  }
  return removed;
}
