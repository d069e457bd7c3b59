// Ed25519 keys through node:crypto: deriving a key pair takes microseconds here, against
// milliseconds in the pure-JS library, which matters when a history has 10^5 transactions.
// Signing happens in signer.ts's worker, from the seed.
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { StrKey } from '@stellar/stellar-base';

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface FastKeypair {
  publicKey: string;
  secretKey: string;
  /** The 32-byte ed25519 seed. */
  seed: Buffer;
  /** Last four bytes of the public key: a DecoratedSignature's hint. */
  hint: Buffer;
}

export function keypairFromSeed(seed: Buffer): FastKeypair {
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const raw = Buffer.from(spki.subarray(spki.length - 32));
  return {
    publicKey: StrKey.encodeEd25519PublicKey(raw),
    secretKey: StrKey.encodeEd25519SecretSeed(seed),
    seed: Buffer.from(seed),
    hint: raw.subarray(28),
  };
}

/** A deterministic key pair for a name under a seed. */
export function namedKeypair(seed: string, name: string): FastKeypair {
  return keypairFromSeed(createHash('sha256').update(`ledgerscope:${seed}:${name}`).digest());
}
