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

/** At most this many envelopes are merged (the signatures:merge channel takes 20). */
export const MAX_ENVELOPES = 20;

/** A line that starts an envelope: base64 of type 0, 2 or 5, the same in hex, or a SEP-7 URI. */
const ENVELOPE_START = /^(AAAA(A|BQ)|0000000[025]|web\+stellar:)/;

/**
 * The envelopes in pasted text, the way a drop of several files gives them. Blocks are split by
 * blank lines, and within a block each line is one envelope (a base64 or hex envelope and a SEP-7
 * URI are one line each). Two exceptions keep one envelope whole: a block that starts with "{" is
 * one JSON document, line breaks and all; and a block whose lines do not each start like an
 * envelope is one envelope broken over lines (base64 wrapped at 64 or 76 columns), joined back.
 * CRLF and CR count as line breaks; spaces around lines are dropped.
 */
export function splitEnvelopes(text: string): string[] {
  const found: string[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    if (trimmed.startsWith('{')) {
      found.push(trimmed);
      continue;
    }
    const lines = trimmed
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.every((line) => ENVELOPE_START.test(line))) found.push(...lines);
    else found.push(lines.join(''));
  }
  return found;
}
