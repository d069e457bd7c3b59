// Signer keys of the three kinds an account can have (stellar-core's SignerKey): ed25519 public
// keys (G…), pre-authorised transaction hashes (T…) and hash-x (X…, the SHA-256 of a secret
// preimage). A decorated signature names its signer by a hint: the last 4 bytes of the key's
// 32 bytes (for hash-x, of the hash).
import { StrKey } from '@stellar/stellar-base';
import type { SignerType } from '../../shared/signatures';

export interface SignerKey {
  key: string;
  type: SignerType;
}

/** The type of a signer key from its StrKey prefix; null when it is none of the three. */
export function signerTypeOf(key: string): SignerType | null {
  if (StrKey.isValidEd25519PublicKey(key)) return 'ed25519_public_key';
  if (key.startsWith('T') && decodes(() => StrKey.decodePreAuthTx(key))) return 'preauth_tx';
  if (key.startsWith('X') && decodes(() => StrKey.decodeSha256Hash(key))) return 'sha256_hash';
  return null;
}

function decodes(decode: () => Buffer): boolean {
  try {
    return decode().length === 32;
  } catch {
    return false;
  }
}

/** The 32 bytes a key stands for. */
export function keyBytes(signer: SignerKey): Buffer {
  if (signer.type === 'ed25519_public_key') return Buffer.from(StrKey.decodeEd25519PublicKey(signer.key));
  if (signer.type === 'preauth_tx') return Buffer.from(StrKey.decodePreAuthTx(signer.key));
  return Buffer.from(StrKey.decodeSha256Hash(signer.key));
}

/** The hint a signature by this signer carries. */
export function signerHint(signer: SignerKey): Buffer {
  return keyBytes(signer).subarray(28);
}

/** The T… key a transaction with this hash is pre-authorised by. */
export function preAuthKeyOf(hash: Buffer): string {
  return StrKey.encodePreAuthTx(hash);
}
