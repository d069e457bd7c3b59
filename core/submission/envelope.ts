// Reads a pasted transaction in any of the forms a person has at hand: hex or base64 XDR, a SEP-7
// `web+stellar:tx?xdr=…` URI, or a JSON object holding the envelope (`envelope_xdr`, `tx`, `xdr`,
// `envelope`, nested one level, as Horizon or a wallet export writes it).
import { xdr } from '@stellar/stellar-base';
import { CoreError } from '../app/errors';
import { refuseSecrets } from '../app/secrets';
import { xdrBytes } from './xdr';

export interface ParsedEnvelope {
  envelope: xdr.TransactionEnvelope;
  encoding: 'hex' | 'base64';
  base64: string;
}

const JSON_KEYS = ['envelope_xdr', 'tx', 'xdr', 'envelope', 'transaction', 'signed_envelope_xdr'];

export function extractEnvelopeText(input: string): string {
  refuseSecrets(input);
  const trimmed = input.trim();
  if (/^web\+stellar:/i.test(trimmed)) {
    const match = /^web\+stellar:tx\?(.*)$/is.exec(trimmed);
    if (!match)
      throw new CoreError(
        'invalid_input',
        'Only SEP-7 "web+stellar:tx?xdr=…" URIs hold a transaction; this one is another operation.',
      );
    // Not URLSearchParams: it reads "+" as a space, and pasted URIs often carry raw base64.
    const raw = match[1]!
      .split('&')
      .find((part) => part.startsWith('xdr='))
      ?.slice(4);
    if (!raw) throw new CoreError('invalid_input', 'The SEP-7 URI has no "xdr" parameter.');
    try {
      return decodeURIComponent(raw);
    } catch {
      throw new CoreError('invalid_input', 'The SEP-7 URI\'s "xdr" parameter is not valid percent-encoding.');
    }
  }
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new CoreError('invalid_input', 'This starts like JSON but is not valid JSON.');
    }
    const found = findEnvelopeField(parsed, 0);
    if (!found)
      throw new CoreError(
        'invalid_input',
        `The JSON holds no envelope: expected one of ${JSON_KEYS.map((k) => `"${k}"`).join(', ')}.`,
      );
    return found;
  }
  return trimmed;
}

function findEnvelopeField(value: unknown, depth: number): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value) || depth > 2) return null;
  const record = value as Record<string, unknown>;
  for (const key of JSON_KEYS) if (typeof record[key] === 'string' && record[key]) return record[key];
  for (const key of JSON_KEYS) {
    const nested = findEnvelopeField(record[key], depth + 1);
    if (nested) return nested;
  }
  return null;
}

export function parseEnvelope(input: string): ParsedEnvelope {
  const textForm = extractEnvelopeText(input);
  let { bytes, encoding } = xdrBytes(textForm);
  let envelope: xdr.TransactionEnvelope;
  try {
    envelope = xdr.TransactionEnvelope.fromXDR(bytes);
  } catch {
    // Base64 made only of hex digits is read as hex first: try it as base64 before giving up.
    const compact = textForm.replace(/\s+/g, '');
    const asBase64 =
      encoding === 'hex' && compact.length % 4 === 0 ? tryEnvelope(Buffer.from(compact, 'base64')) : null;
    if (!asBase64)
      throw new CoreError(
        'invalid_input',
        `The ${encoding} text decodes to bytes that are not a TransactionEnvelope. Paste the signed envelope (not a result or a transaction hash).`,
      );
    [envelope, bytes, encoding] = [asBase64, Buffer.from(compact, 'base64'), 'base64'];
  }
  const base64 = envelope.toXDR('base64');
  if (base64 !== bytes.toString('base64')) {
    throw new CoreError(
      'invalid_input',
      'The envelope has trailing or non-canonical bytes; it would not be accepted as it is.',
    );
  }
  return { envelope, encoding, base64 };
}

function tryEnvelope(bytes: Buffer): xdr.TransactionEnvelope | null {
  try {
    return xdr.TransactionEnvelope.fromXDR(bytes);
  } catch {
    return null;
  }
}
