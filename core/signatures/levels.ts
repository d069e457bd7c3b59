// The signing weight each part of a transaction needs, as stellar-core decides it
// (OperationFrame::getThresholdLevel and its overrides): the transaction's source needs its low
// threshold; a fee-bump's fee source its low threshold on the outer signatures; each operation's
// source (its own, else the transaction's) the operation's level.
import { extractBaseAddress, type Transaction, type xdr } from '@stellar/stellar-base';
import type { OperationLevel, SignaturePart, ThresholdLevel } from '../../shared/signatures';

// stellar-core's LOW overrides: AllowTrust, SetTrustLineFlags, BumpSequence, ClaimClaimableBalance,
// Inflation, and the Soroban operations (InvokeHostFunction, ExtendFootprintTTL, RestoreFootprint).
const LOW = new Set([
  'allowTrust',
  'setTrustLineFlags',
  'bumpSequence',
  'claimClaimableBalance',
  'inflation',
  'invokeHostFunction',
  'extendFootprintTtl',
  'restoreFootprint',
]);

/** The threshold level of one operation. */
export function operationLevel(body: xdr.OperationBody): ThresholdLevel {
  const name = body.switch().name;
  if (LOW.has(name)) return 'low';
  if (name === 'accountMerge') return 'high';
  if (name === 'setOptions') {
    // HIGH when it touches the master weight, a threshold or a signer (SetOptionsOpFrame).
    const o = body.setOptionsOp();
    const touches = [o.masterWeight(), o.lowThreshold(), o.medThreshold(), o.highThreshold(), o.signer()].some(
      (v) => v !== null && v !== undefined,
    );
    return touches ? 'high' : 'med';
  }
  return 'med';
}

function snake(camel: string): string {
  return camel.replace(/([A-Z])/g, '_$1').toLowerCase();
}

/** Each operation with the account that authorises it and its level. */
export function operationLevels(tx: Transaction): OperationLevel[] {
  const envelope = tx.toEnvelope();
  const raw =
    envelope.switch().name === 'envelopeTypeTxV0' ? envelope.v0().tx().operations() : envelope.v1().tx().operations();
  const txSource = extractBaseAddress(tx.source);
  return raw.map((op, index) => {
    const parsed = tx.operations[index] as { source?: string } | undefined;
    return {
      index,
      type: snake(op.body().switch().name),
      source: parsed?.source ? extractBaseAddress(parsed.source) : txSource,
      level: operationLevel(op.body()),
    };
  });
}

export interface Need {
  account: string;
  part: SignaturePart;
  level: ThresholdLevel;
  neededBy: string[];
}

/** One need per account, part and level, naming everything that asks for it. */
export function needsOf(inner: Transaction, feeSource?: string): Need[] {
  const needs: Need[] = [];
  const add = (account: string, part: SignaturePart, level: ThresholdLevel, what: string) => {
    const found = needs.find((n) => n.account === account && n.part === part && n.level === level);
    if (found) found.neededBy.push(what);
    else needs.push({ account, part, level, neededBy: [what] });
  };
  if (feeSource) add(extractBaseAddress(feeSource), 'outer', 'low', 'fee bump');
  add(extractBaseAddress(inner.source), 'inner', 'low', 'transaction');
  for (const op of operationLevels(inner)) add(op.source, 'inner', op.level, `operation ${op.index + 1} (${op.type})`);
  return needs;
}
