// An envelope taken apart for signature work: its transaction(s) and the two signature lists (a
// plain transaction's, and a fee-bump's own), with the hashes each list signs under a passphrase.
// Lists are kept as plain bytes so a merge may hold more than an envelope can carry before it
// chooses which to keep.
import { extractBaseAddress, FeeBumpTransaction, Transaction, xdr } from '@stellar/stellar-base';
import type { SignaturePart } from '../../shared/signatures';
import { parseEnvelope } from '../submission/envelope';
import { rawSignature, type RawSignature } from './verify';

export interface Draft {
  envelopeType: 'v0' | 'v1' | 'fee_bump';
  /** The envelope as read (its own signatures inside). */
  envelope: xdr.TransactionEnvelope;
  inner: RawSignature[];
  /** A fee-bump's own signatures; empty otherwise. */
  outer: RawSignature[];
}

export interface Built {
  tx: Transaction | FeeBumpTransaction;
  inner: Transaction;
  feeSource?: string;
  /** The hash each list signs: the inner transaction's, and the fee-bump's. */
  hashes: Record<SignaturePart, Buffer>;
}

export function draftFromInput(input: string): Draft {
  const { envelope } = parseEnvelope(input);
  return draftOf(envelope);
}

export function draftOf(envelope: xdr.TransactionEnvelope): Draft {
  const kind = envelope.switch().name;
  if (kind === 'envelopeTypeTxFeeBump') {
    const feeBump = envelope.feeBump();
    return {
      envelopeType: 'fee_bump',
      envelope,
      inner: feeBump.tx().innerTx().v1().signatures().map(rawSignature),
      outer: feeBump.signatures().map(rawSignature),
    };
  }
  const body = kind === 'envelopeTypeTxV0' ? envelope.v0() : envelope.v1();
  return {
    envelopeType: kind === 'envelopeTypeTxV0' ? 'v0' : 'v1',
    envelope,
    inner: body.signatures().map(rawSignature),
    outer: [],
  };
}

export function build(draft: Draft, passphrase: string): Built {
  if (draft.envelopeType === 'fee_bump') {
    const tx = new FeeBumpTransaction(draft.envelope, passphrase);
    return {
      tx,
      inner: tx.innerTransaction,
      feeSource: extractBaseAddress(tx.feeSource),
      hashes: { inner: tx.innerTransaction.hash(), outer: tx.hash() },
    };
  }
  const tx = new Transaction(draft.envelope, passphrase);
  return { tx, inner: tx, hashes: { inner: tx.hash(), outer: tx.hash() } };
}

/** Every account whose signers may matter: sources, operation sources, the fee source. */
export function accountsOf(built: Built): { inner: string[]; outer: string[] } {
  const inner = new Set<string>([extractBaseAddress(built.inner.source)]);
  for (const op of built.inner.operations) if (op.source) inner.add(extractBaseAddress(op.source));
  return { inner: [...inner], outer: built.feeSource ? [built.feeSource] : [] };
}

const decorated = (raw: RawSignature) => new xdr.DecoratedSignature({ hint: raw.hint, signature: raw.signature });

/** The envelope with these signature lists, as base64 (a copy: the draft's envelope is untouched). */
export function withSignatures(draft: Draft, inner: RawSignature[], outer: RawSignature[]): string {
  const copy = xdr.TransactionEnvelope.fromXDR(draft.envelope.toXDR());
  if (draft.envelopeType === 'fee_bump') {
    copy.feeBump().tx().innerTx().v1().signatures(inner.map(decorated));
    copy.feeBump().signatures(outer.map(decorated));
  } else if (draft.envelopeType === 'v0') {
    copy.v0().signatures(inner.map(decorated));
  } else {
    copy.v1().signatures(inner.map(decorated));
  }
  return copy.toXDR('base64');
}

/** The same draft with other signature lists (for analysing a merge before it is encoded). */
export function redraft(draft: Draft, inner: RawSignature[], outer: RawSignature[]): Draft {
  return { ...draft, inner, outer };
}
