// Turning what the user drops or pastes into text for the core, refusing secret keys.
import { containsSecretText, SECRET_REFUSED } from '../../../../shared/secret-scan';

/** A secret key's shape (S… StrKey) anywhere in the text, as a whole word, checksum or not. */
const SECRET = /(^|[^A-Za-z0-9])S[A-Z2-7]{55}(?=$|[^A-Za-z0-9])/;

/** The sentence every channel refuses a secret key with (the core's dispatcher, the command line). */
export const SECRET_MESSAGE = SECRET_REFUSED;

/** A seed's shape, or a valid seed in any form the core refuses (any case, split, invisible characters inside). */
export function looksLikeSecret(text: string): boolean {
  return SECRET.test(text) || containsSecretText(text);
}

export const ACCEPTED_FILES = '.xdr,.txt,.json';
const MAX_FILE_BYTES = 300_000;

/** Reads a dropped file: text files as text, binary XDR as base64. */
export async function readEnvelopeFile(file: File): Promise<string> {
  if (!/\.(xdr|txt|json)$/i.test(file.name)) throw new Error(`"${file.name}" is not a .xdr, .txt or .json file.`);
  if (file.size > MAX_FILE_BYTES)
    throw new Error(`"${file.name}" is too large for a transaction (${file.size} bytes).`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isText(bytes)) return new TextDecoder().decode(bytes).trim();
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function isText(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte === 9 || byte === 10 || byte === 13) continue;
    if (byte < 32 || byte > 126) return false;
  }
  return true;
}
