// Matching each decorated signature to a candidate signer by its hint, then verifying it: ed25519
// signatures with Keypair.verify against the transaction hash, hash-x signatures by hashing the
// preimage they carry (stellar-core's SignatureUtils::verifyHashX). Pre-authorised transaction
// signers never appear as signatures: they count when their hash is the transaction's.
import { createHash } from 'node:crypto';
import { Keypair, type xdr } from '@stellar/stellar-base';
import type { CheckedSignature, SignaturePart } from '../../shared/signatures';
import { keyBytes, signerHint, type SignerKey } from './keys';

export interface RawSignature {
  hint: Buffer;
  signature: Buffer;
}

export function rawSignature(decorated: xdr.DecoratedSignature): RawSignature {
  return { hint: Buffer.from(decorated.hint()), signature: Buffer.from(decorated.signature()) };
}

/** Whether this signer made this signature over `hash`. */
export function verifiesFor(signer: SignerKey, raw: RawSignature, hash: Buffer): boolean {
  if (!signerHint(signer).equals(raw.hint)) return false;
  if (signer.type === 'sha256_hash')
    return createHash('sha256').update(raw.signature).digest().equals(keyBytes(signer));
  if (signer.type !== 'ed25519_public_key' || raw.signature.length !== 64) return false;
  try {
    return Keypair.fromPublicKey(signer.key).verify(hash, raw.signature);
  } catch {
    return false;
  }
}

export interface Verdict {
  status: CheckedSignature['status'];
  signer?: SignerKey;
}

/** The first candidate (in the given order) that made the signature, else why none did. */
export function verdictOf(raw: RawSignature, hash: Buffer, candidates: SignerKey[]): Verdict {
  let hinted = false;
  for (const candidate of candidates) {
    if (candidate.type === 'preauth_tx' || !signerHint(candidate).equals(raw.hint)) continue;
    hinted = true;
    if (verifiesFor(candidate, raw, hash)) return { status: 'valid', signer: candidate };
  }
  return { status: hinted ? 'invalid' : 'unknown_signer' };
}

export type WeightsOf = (key: string) => { account: string; weight: number }[];

/** Every signature of one list, checked; a second signature by the same signer is a duplicate. */
export function checkSignatures(
  part: SignaturePart,
  signatures: RawSignature[],
  hash: Buffer,
  candidates: SignerKey[],
  weightsOf: WeightsOf,
): CheckedSignature[] {
  const seenSigners = new Set<string>();
  const seenBytes = new Set<string>();
  return signatures.map((raw, index) => {
    const verdict = verdictOf(raw, hash, candidates);
    const bytes = `${raw.hint.toString('hex')}:${raw.signature.toString('base64')}`;
    const duplicate = verdict.signer ? seenSigners.has(verdict.signer.key) : seenBytes.has(bytes);
    if (verdict.signer) seenSigners.add(verdict.signer.key);
    seenBytes.add(bytes);
    return {
      part,
      index,
      hint: raw.hint.toString('hex'),
      signature: raw.signature.toString('base64'),
      status: verdict.status,
      ...(verdict.signer ? { signer: verdict.signer.key, signerType: verdict.signer.type } : {}),
      weights: verdict.signer ? weightsOf(verdict.signer.key) : [],
      duplicate,
    };
  });
}
