// Merging several copies of one transaction, each signed by some of its signers, into the one
// envelope to submit: the union of their signatures (each once), plus detached signatures
// (a public key and a signature made elsewhere), verified before they are added; then only the
// signatures the network will use are kept (keep.ts). Copies of another transaction, or signed
// for another network, are refused with the reason.
import { StrKey, xdr } from '@stellar/stellar-base';
import type { DetachedSignature, MergeReport } from '../../shared/signatures';
import { CoreError } from '../app/errors';
import { analyse, loadAccounts, type SignatureContext } from './analyse';
import { accountsOf, build, draftFromInput, draftOf, redraft, withSignatures, type Draft } from './draft';
import { signerHint } from './keys';
import { MAX_SIGNATURES } from './select';
import { verifiesFor, type RawSignature } from './verify';
import { abbreviateId } from '../../shared/ids';

function readAll(inputs: string[]): Draft[] {
  return inputs.map((input, i) => {
    try {
      return draftFromInput(input);
    } catch (error) {
      if (error instanceof CoreError) throw new CoreError(error.code, `Envelope ${i + 1}: ${error.message}`);
      throw error;
    }
  });
}

const key = (raw: RawSignature) => `${raw.hint.toString('hex')}:${raw.signature.toString('base64')}`;

/** The signatures of every list, each once, in the order they were first seen. */
export function unionOf(lists: RawSignature[][]): RawSignature[] {
  const seen = new Map<string, RawSignature>();
  for (const list of lists) for (const raw of list) if (!seen.has(key(raw))) seen.set(key(raw), raw);
  return [...seen.values()];
}

/** Refuses copies that are not the same transaction as the first, under one passphrase. */
export function checkSameTransaction(drafts: Draft[], passphrase: string, networkName: string): void {
  const first = build(drafts[0]!, passphrase);
  drafts.forEach((draft, i) => {
    if (i === 0) return;
    if ((draft.envelopeType === 'fee_bump') !== (drafts[0]!.envelopeType === 'fee_bump')) {
      throw new CoreError(
        'merge_refused',
        `Envelope ${i + 1} ${draft.envelopeType === 'fee_bump' ? 'is' : 'is not'} a fee bump and envelope 1 ${drafts[0]!.envelopeType === 'fee_bump' ? 'is' : 'is not'}: they are different transactions.`,
      );
    }
    const built = build(draft, passphrase);
    if (built.hashes.inner.equals(first.hashes.inner) && built.tx.hash().equals(first.tx.hash())) return;
    if (built.hashes.inner.equals(first.hashes.inner)) {
      throw new CoreError(
        'merge_refused',
        `Envelope ${i + 1} wraps the same inner transaction with other inner signatures or another fee: a fee bump's own signatures cover the inner signatures, so they cannot be merged. Merge the inner transactions first, then wrap and sign the fee bump once.`,
      );
    }
    throw new CoreError(
      'merge_refused',
      `Envelope ${i + 1} is a different transaction (hash ${built.tx.hash().toString('hex')} on ${networkName}, envelope 1 has ${first.tx.hash().toString('hex')}): only copies of one transaction can be merged.`,
    );
  });
}

/** A detached signature as a decorated one, after checking it signs this transaction. */
export function detachedSignature(detached: DetachedSignature, draft: Draft, passphrase: string): RawSignature {
  if (!StrKey.isValidEd25519PublicKey(detached.publicKey))
    throw new CoreError('invalid_input', `"${detached.publicKey.slice(0, 8)}…" is not a valid G… public key.`);
  const signature = Buffer.from(detached.signature, 'base64');
  if (signature.length !== 64 || signature.toString('base64') !== detached.signature)
    throw new CoreError('invalid_input', 'A detached signature is 64 bytes written as base64; this is not one.');
  const signer = { key: detached.publicKey, type: 'ed25519_public_key' as const };
  const raw = { hint: signerHint(signer), signature };
  const built = build(draft, passphrase);
  if (draft.envelopeType === 'fee_bump' && verifiesFor(signer, raw, built.hashes.inner)) {
    throw new CoreError(
      'invalid_input',
      'This signature signs the inner transaction, but the fee bump around it is already formed: add inner signatures before wrapping it.',
    );
  }
  const target = draft.envelopeType === 'fee_bump' ? built.hashes.outer : built.hashes.inner;
  if (!verifiesFor(signer, raw, target)) {
    throw new CoreError(
      'invalid_input',
      `The signature of ${abbreviateId(detached.publicKey)} does not verify for this transaction on this network: it signs another transaction, another network's hash, or was made by another key.`,
    );
  }
  return raw;
}

export async function mergeEnvelopes(
  inputs: string[],
  detached: DetachedSignature[],
  ctx: SignatureContext,
): Promise<MergeReport> {
  const drafts = readAll(inputs);
  const first = drafts[0]!;
  const accounts = accountsOf(build(first, ctx.selected.passphrase));
  const lookups = await loadAccounts([...accounts.inner, ...accounts.outer], ctx.lookup);
  const each = await Promise.all(drafts.map((draft) => analyse(draft, ctx, { lookups })));
  const signedFor = each
    .map((a, i) => ({ i, id: a.detected.networkId, name: a.detected.profile.name }))
    .filter((x) => x.id !== null);
  const other = signedFor.find((x) => x.id !== signedFor[0]!.id);
  if (other)
    throw new CoreError(
      'merge_refused',
      `Envelope ${other.i + 1} is signed for ${other.name} and envelope ${signedFor[0]!.i + 1} for ${signedFor[0]!.name}: signatures for different networks cannot be merged.`,
    );
  const profile = signedFor.length ? each[signedFor[0]!.i]!.detected.profile : ctx.selected;
  checkSameTransaction(drafts, profile.passphrase, profile.name);

  const added = detached.map((d) => detachedSignature(d, first, profile.passphrase));
  const union = redraft(
    first,
    unionOf(drafts.map((d) => d.inner)),
    unionOf([...drafts.map((d) => d.outer), ...(first.envelopeType === 'fee_bump' ? [added] : [])]),
  );
  if (first.envelopeType !== 'fee_bump') union.inner = unionOf([union.inner, added]);
  const whole = await analyse(union, ctx, { profile, lookups });
  // A fee bump's own signatures cover its inner signatures: those stay as they are once it is signed.
  const innerFixed = first.envelopeType === 'fee_bump' && union.outer.length > 0;
  const inner = innerFixed ? union.inner : whole.keep.inner.map((i) => union.inner[i]!);
  const outer = whole.keep.outer.map((i) => union.outer[i]!);
  const most = Math.max(inner.length, outer.length);
  if (most > MAX_SIGNATURES)
    throw new CoreError(
      'too_many_signatures',
      `The merged envelope would need ${most} signatures; an envelope carries at most ${MAX_SIGNATURES}.`,
    );
  const merged = draftOf(xdr.TransactionEnvelope.fromXDR(withSignatures(first, inner, outer), 'base64'));
  const final = await analyse(merged, ctx, { profile, lookups });
  const dropped = whole.dropped
    .filter((d) => !(innerFixed && d.part === 'inner'))
    .map(({ index: _index, ...rest }) => rest);
  return { ...final.report, merged: drafts.length, added: added.length, dropped };
}
