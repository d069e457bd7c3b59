// Why submission would be held back: the network would refuse the envelope as it stands. The
// renderer's submit button shows the first reason and offers "submit anyway"; the command line
// prints them. Every reason is something the network itself would answer (tx_bad_auth,
// tx_no_source_account, tx_bad_seq, tx_too_early, tx_too_late, tx_insufficient_balance,
// tx_bad_auth_extra), said before sending.
import { parseAmount } from '../../shared/amount';
import type { Readiness, Requirement } from '../../shared/signatures';
import { MAX_SIGNATURES } from './select';
import type { AccountLookup } from './weights';
import { abbreviateId } from '../../shared/ids';

export interface ReadinessInput {
  requirements: Requirement[];
  sequence: string;
  source: string;
  timeBounds: { minTime: string; maxTime: string } | null;
  /** Who pays the fee (the fee source of a fee-bump) and the most it may pay, in stroops. */
  feePayer: string;
  fee: string;
  lookups: ReadonlyMap<string, AccountLookup>;
  /** The network the signatures verify for (null: none) and the selected one. */
  networkId: string | null;
  networkName: string;
  selected: { id: string; name: string };
  /** Signatures the network would find unused (invalid, unknown, duplicate, not needed). */
  extraSignatures: number;
  /** The most signatures one list would need to carry. */
  signatureCount: number;
  now: Date;
}

const short = (keys: string[]) => keys.map(abbreviateId).join(', ');

function thresholdReasons(requirements: Requirement[]): Readiness['reasons'] {
  const reasons: Readiness['reasons'] = [];
  for (const r of requirements) {
    const what = `${r.neededBy.join(', ')} of ${short([r.account])}`;
    if (r.status === 'short') {
      const could = r.couldSign.length
        ? `; could still sign: ${r.couldSign.map((s) => `${short([s.key])} (${s.weight})`).join(', ')}`
        : '; no other signer can';
      reasons.push({
        code: 'threshold_short',
        message: `${what} needs weight ${r.needed} (${r.level}) and has ${r.weight}: short by ${r.short}${could}. The network would answer tx_bad_auth.`,
      });
    } else if (r.status === 'no_account') {
      reasons.push({
        code: 'no_account',
        message: `${short([r.account])} does not exist on this network (${r.neededBy.join(', ')}): the network would answer tx_no_source_account / op_no_source_account.`,
      });
    } else if (r.status === 'unknown') {
      reasons.push({
        code: 'accounts_unknown',
        message: `${short([r.account])} could not be read, so its signers and thresholds are unknown.`,
      });
    }
  }
  // One "unknown" line per account is enough.
  return reasons.filter(
    (reason, i) => reason.code !== 'accounts_unknown' || reasons.findIndex((o) => o.message === reason.message) === i,
  );
}

function seconds(now: Date): bigint {
  return BigInt(Math.floor(now.getTime() / 1000));
}

function sequenceReason(input: ReadinessInput): Readiness['reasons'] {
  const lookup = input.lookups.get(input.source);
  if (lookup?.status !== 'found') return [];
  if (BigInt(lookup.account.sequence) >= BigInt(input.sequence)) {
    return [
      {
        code: 'sequence_used',
        message: `Sequence ${input.sequence} is already used: the source account is at ${lookup.account.sequence}. The network would answer tx_bad_seq; sign a new transaction.`,
      },
    ];
  }
  return [];
}

function timeReasons(input: ReadinessInput): Readiness['reasons'] {
  if (!input.timeBounds) return [];
  const now = seconds(input.now);
  const min = BigInt(input.timeBounds.minTime);
  const max = BigInt(input.timeBounds.maxTime);
  if (max !== 0n && max < now)
    return [
      {
        code: 'too_late',
        message: `The time bounds expired ${now - max} s ago: the network would answer tx_too_late. Sign a new transaction.`,
      },
    ];
  if (min > now)
    return [
      {
        code: 'too_early',
        message: `The transaction is not valid for another ${min - now} s: the network would answer tx_too_early.`,
      },
    ];
  return [];
}

function fundsReason(input: ReadinessInput): Readiness['reasons'] {
  const lookup = input.lookups.get(input.feePayer);
  if (lookup?.status !== 'found' || lookup.account.nativeBalance === undefined) return [];
  let balance: bigint;
  try {
    balance = parseAmount(lookup.account.nativeBalance);
  } catch {
    return [];
  }
  if (balance < BigInt(input.fee)) {
    return [
      {
        code: 'underfunded',
        message: `${short([input.feePayer])} holds ${lookup.account.nativeBalance} XLM, less than the maximum fee of ${input.fee} stroops: the network would answer tx_insufficient_balance.`,
      },
    ];
  }
  return [];
}

export function readinessOf(input: ReadinessInput): Readiness {
  const reasons: Readiness['reasons'] = [];
  if (input.networkId !== null && input.networkId !== input.selected.id) {
    reasons.push({
      code: 'wrong_network',
      message: `The signatures verify for another network (${input.networkName}), not ${input.selected.name}: the network would answer tx_bad_auth.`,
    });
  }
  reasons.push(
    ...thresholdReasons(input.requirements),
    ...sequenceReason(input),
    ...timeReasons(input),
    ...fundsReason(input),
  );
  if (input.signatureCount > MAX_SIGNATURES)
    reasons.push({
      code: 'too_many_signatures',
      message: `${input.signatureCount} signatures are needed, more than the ${MAX_SIGNATURES} an envelope can carry.`,
    });
  if (input.extraSignatures > 0) {
    reasons.push({
      code: 'extra_signature',
      message: `${input.extraSignatures} signature(s) would not be used (invalid, unknown, repeated or not needed): the network would answer tx_bad_auth_extra. Merge the envelope to drop them.`,
    });
  }
  return { ready: reasons.length === 0, reasons };
}
