// Turning what the user drops or pastes into text for the core, refusing secret keys.

/** A secret key (S… StrKey) anywhere in the text, as a whole word. */
const SECRET = /(^|[^A-Za-z0-9])S[A-Z2-7]{55}(?=$|[^A-Za-z0-9])/;

export const SECRET_MESSAGE =
  'This looks like a secret key (S…). Ledgerscope never needs one and did not keep it: sign offline and paste the signed transaction instead.';

export function looksLikeSecret(text: string): boolean {
  return SECRET.test(text);
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
