// Signature weighing as stellar-core's SignatureChecker does it: one checker per signed hash (a
// transaction's, or a fee bump's outer one) remembers which signatures some check used, so that
// after every needed account was checked an unused signature makes the transaction
// txBAD_AUTH_EXTRA. Signer kinds: ed25519 keys (G…), pre-authorised transactions (T…, the hash
// itself, no signature needed) and hash-x (X…, a "signature" that is a preimage of the hash).
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { hash as sha256, StrKey } from '@stellar/stellar-base';

export interface RawSignature {
  hint: Buffer;
  signature: Buffer;
}

/** What a list of signatures signs, with the verifications already done (an envelope is checked at admission and again when applied). */
export interface SignedHash {
  /** The contents hash the signatures sign (32 bytes). */
  hash: Buffer;
  signatures: RawSignature[];
  /** `${signature index}:${signer key}` to the verification's answer. */
  verified: Map<string, boolean>;
}

export interface WeightedKey {
  /** G… (ed25519), T… (pre-authorised transaction) or X… (sha256 hash-x). */
  key: string;
  weight: number;
}

export function signedHash(hash: string | Buffer, signatures: RawSignature[]): SignedHash {
  return { hash: typeof hash === 'string' ? Buffer.from(hash, 'hex') : hash, signatures, verified: new Map() };
}

interface Ed25519Key {
  hint: Buffer;
  key: KeyObject;
}
const ed25519Keys = new Map<string, Ed25519Key>();

/** The signature hint and node:crypto key of a G… key, cached: node:crypto verifies in a twentieth of the pure-JS library's time. */
function ed25519Key(publicKey: string): Ed25519Key {
  let entry = ed25519Keys.get(publicKey);
  if (!entry) {
    const raw = StrKey.decodeEd25519PublicKey(publicKey);
    // A JWK import costs a tenth of a DER one (measured: 6 us against 75 us).
    entry = {
      hint: raw.subarray(28),
      key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' }),
    };
    if (ed25519Keys.size > 100_000) ed25519Keys.clear();
    ed25519Keys.set(publicKey, entry);
  }
  return entry;
}

function verifyEd25519(payload: Buffer, sig: RawSignature, publicKey: string): boolean {
  const entry = ed25519Key(publicKey);
  return entry.hint.equals(sig.hint) && sig.signature.length === 64 && verify(null, payload, entry.key, sig.signature);
}

/** stellar-core's verifyHashX: the hint is the hash's last four bytes, the signature its preimage. */
function verifyHashX(sig: RawSignature, signerKey: string): boolean {
  const x = StrKey.decodeSha256Hash(signerKey);
  return x.subarray(28).equals(sig.hint) && sha256(sig.signature).equals(x);
}

/** A signer's weight as stellar-core counts it (capped at 255 since protocol 10). */
const capped = (weight: number): number => (weight > 255 ? 255 : weight);

export class SignatureChecker {
  private readonly used: boolean[];
  private preAuthKey: string | undefined;

  constructor(private readonly signed: SignedHash) {
    this.used = signed.signatures.map(() => false);
  }

  /**
   * Whether the signers reach `needed`: pre-authorised transactions first, then hash-x, then
   * ed25519, each signature counted once per check and each signer once (a key that signed twice
   * weighs once). It stops at the weight needed, so signatures beyond it stay unused.
   */
  check(signers: WeightedKey[], needed: number): boolean {
    let total = 0;
    for (const signer of signers) {
      if (!signer.key.startsWith('T')) continue;
      this.preAuthKey ??= StrKey.encodePreAuthTx(this.signed.hash);
      if (signer.key !== this.preAuthKey) continue;
      total += capped(signer.weight);
      if (total >= needed) return true;
    }
    const hashX = signers.filter((s) => s.key.startsWith('X'));
    const ed25519 = signers.filter((s) => s.key.startsWith('G'));
    const verifyAll = (keys: WeightedKey[], matches: (sig: RawSignature, key: string) => boolean): boolean => {
      this.signed.signatures.forEach((sig, i) => {
        if (total >= needed && total > 0) return;
        const at = keys.findIndex((k) => this.verified(i, k.key, () => matches(sig, k.key)));
        const signer = keys[at];
        if (!signer) return;
        this.used[i] = true;
        total += capped(signer.weight);
        keys.splice(at, 1);
      });
      return total > 0 && total >= needed;
    };
    if (verifyAll(hashX, verifyHashX)) return true;
    return verifyAll(ed25519, (sig, key) => verifyEd25519(this.signed.hash, sig, key));
  }

  /** stellar-core's checkAllSignaturesUsed: false makes the transaction txBAD_AUTH_EXTRA. */
  allUsed(): boolean {
    return this.used.every(Boolean);
  }

  private verified(index: number, key: string, run: () => boolean): boolean {
    const memo = `${index}:${key}`;
    let answer = this.signed.verified.get(memo);
    if (answer === undefined) {
      answer = run();
      this.signed.verified.set(memo, answer);
    }
    return answer;
  }
}
