// Who signed and what is still needed, for one envelope (or a merge's draft): reads every
// account involved, detects the network, checks each signature, evaluates each need, decides
// which signatures the network would use, and says whether it would take the envelope now.
import type { NetworkProfile } from '../../shared/ipc';
import type { SignatureReport } from '../../shared/signatures';
import { accountsOf, build, type Built, type Draft } from './draft';
import { chooseKept, type Dropped } from './keep';
import { needsOf, operationLevels } from './levels';
import { detectNetwork, type Detected } from './network';
import { readinessOf } from './readiness';
import { checkSignatures } from './verify';
import { candidatesFor, evaluate, weightsOfKey, type AccountLookup } from './weights';

export interface SignatureContext {
  profiles: NetworkProfile[];
  selected: NetworkProfile;
  /** Reads an account of the selected network; never throws (unknown says why). */
  lookup(id: string): Promise<AccountLookup>;
  now?: Date;
}

export interface Analysis {
  report: SignatureReport;
  built: Built;
  detected: Detected;
  lookups: Map<string, AccountLookup>;
  /** Indices of the signatures the network would use, per list, and the others with the reason. */
  keep: { inner: number[]; outer: number[] };
  dropped: Dropped[];
}

export async function loadAccounts(
  ids: string[],
  lookup: SignatureContext['lookup'],
  known = new Map<string, AccountLookup>(),
): Promise<Map<string, AccountLookup>> {
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  const found = await Promise.all(missing.map(async (id) => [id, await lookup(id)] as const));
  return new Map([...known, ...found]);
}

/** `profile` forces the network (a merge hashes every copy under the same passphrase). */
export async function analyse(
  draft: Draft,
  ctx: SignatureContext,
  options: { profile?: NetworkProfile; lookups?: Map<string, AccountLookup> } = {},
): Promise<Analysis> {
  const accounts = accountsOf(build(draft, ctx.selected.passphrase));
  const lookups = await loadAccounts([...accounts.inner, ...accounts.outer], ctx.lookup, options.lookups);
  const candidates = { inner: candidatesFor(accounts.inner, lookups), outer: candidatesFor(accounts.outer, lookups) };
  const detected = options.profile
    ? {
        ...detectNetwork(draft, [options.profile], options.profile, [...candidates.inner, ...candidates.outer]),
        profile: options.profile,
      }
    : detectNetwork(draft, ctx.profiles, ctx.selected, [...candidates.inner, ...candidates.outer]);
  const built = build(draft, detected.profile.passphrase);
  const signatures = [
    ...checkSignatures('inner', draft.inner, built.hashes.inner, candidates.inner, (key) =>
      weightsOfKey(key, accounts.inner, lookups),
    ),
    ...checkSignatures('outer', draft.outer, built.hashes.outer, candidates.outer, (key) =>
      weightsOfKey(key, accounts.outer, lookups),
    ),
  ];
  const needs = needsOf(built.inner, built.feeSource);
  const signed = (part: 'inner' | 'outer') =>
    new Set(signatures.filter((s) => s.part === part && s.status === 'valid' && !s.duplicate).map((s) => s.signer!));
  const requirements = needs.map((need) =>
    evaluate(need, lookups.get(need.account), signed(need.part), built.hashes[need.part]),
  );
  const inner = chooseKept(
    'inner',
    signatures.filter((s) => s.part === 'inner'),
    needs,
    lookups,
    built.hashes.inner,
  );
  const outer = chooseKept(
    'outer',
    signatures.filter((s) => s.part === 'outer'),
    needs,
    lookups,
    built.hashes.outer,
  );
  const dropped = [...inner.dropped, ...outer.dropped];
  const timeBounds = built.inner.timeBounds
    ? { minTime: String(built.inner.timeBounds.minTime), maxTime: String(built.inner.timeBounds.maxTime) }
    : null;
  const readiness = readinessOf({
    requirements,
    sequence: built.inner.sequence,
    source: accounts.inner[0]!,
    timeBounds,
    feePayer: built.feeSource ?? accounts.inner[0]!,
    fee: built.tx.fee,
    lookups,
    networkId: detected.networkId,
    networkName: detected.profile.name,
    selected: ctx.selected,
    extraSignatures: dropped.length,
    signatureCount: Math.max(inner.keep.length, outer.keep.length),
    now: ctx.now ?? new Date(),
  });
  const report: SignatureReport = {
    envelopeType: draft.envelopeType,
    envelope: draft.envelope.toXDR('base64'),
    hash: built.tx.hash().toString('hex'),
    ...(draft.envelopeType === 'fee_bump' ? { innerHash: built.hashes.inner.toString('hex') } : {}),
    networkId: detected.networkId,
    networkName: detected.profile.name,
    signatures,
    operations: operationLevels(built.inner),
    requirements,
    readiness,
  };
  return { report, built, detected, lookups, keep: { inner: inner.keep, outer: outer.keep }, dropped };
}
