// Which network an envelope was signed for: the hash (and so every ed25519 signature) depends on
// the network passphrase, so each known profile's hash is tried against the candidate signers.
// tx:inspect and the signature checks share this.
import type { NetworkProfile } from '../../shared/ipc';
import type { NetworkMatch } from '../../shared/model';
import { build, type Draft } from './draft';
import type { SignerKey } from './keys';
import { verdictOf } from './verify';

/** How many signatures verify under each profile's passphrase. */
export function networkMatches(draft: Draft, profiles: NetworkProfile[], candidates: SignerKey[]): NetworkMatch[] {
  // Hash-x signatures verify under any passphrase: they say nothing about the network.
  const keys = candidates.filter((c) => c.type === 'ed25519_public_key');
  return profiles.map((profile) => {
    const built = build(draft, profile.passphrase);
    const count = (list: Draft['inner'], hash: Buffer) =>
      list.filter((raw) => verdictOf(raw, hash, keys).status === 'valid').length;
    return {
      networkId: profile.id,
      name: profile.name,
      passphrase: profile.passphrase,
      hash: built.tx.hash().toString('hex'),
      verifiedSignatures:
        count(draft.inner, built.hashes.inner) +
        (draft.envelopeType === 'fee_bump' ? count(draft.outer, built.hashes.outer) : 0),
    };
  });
}

export interface Detected {
  /** The profile whose passphrase hashes the envelope: the detected one, else the selected one. */
  profile: NetworkProfile;
  /** null when no signature verifies for any known network. */
  networkId: string | null;
  matches: NetworkMatch[];
}

/** The selected network when its signatures verify there, else the one with the most. */
export function detectNetwork(
  draft: Draft,
  profiles: NetworkProfile[],
  selected: NetworkProfile,
  candidates: SignerKey[],
): Detected {
  const all = profiles.some((p) => p.id === selected.id) ? profiles : [selected, ...profiles];
  const matches = networkMatches(draft, all, candidates);
  const selectedMatch = matches.find((m) => m.networkId === selected.id);
  if (selectedMatch && selectedMatch.verifiedSignatures > 0)
    return { profile: selected, networkId: selected.id, matches };
  const best = [...matches].sort((a, b) => b.verifiedSignatures - a.verifiedSignatures)[0];
  if (!best || best.verifiedSignatures === 0) return { profile: selected, networkId: null, matches };
  return { profile: all.find((p) => p.id === best.networkId)!, networkId: best.networkId, matches };
}
