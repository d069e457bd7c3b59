// The signatures of a transaction as its envelope carries them (Horizon's `signatures` field is
// the bare signatures; the hints that say whose key signed are only in the XDR). For each: hint,
// signature, which part of the envelope holds it, and which of the transaction's own accounts
// has a key with that hint.
import { StrKey, xdr } from '@stellar/stellar-base';
import type { EnvelopeSignature } from '../../shared/model';
import { xdrBytes } from '../submission/xdr';

/** The hint of an account's key: the last four bytes of its ed25519 public key. */
function hintOf(account: string): string | null {
  try {
    const base = account.startsWith('M')
      ? StrKey.encodeEd25519PublicKey(StrKey.decodeMed25519PublicKey(account).subarray(0, 32))
      : account;
    return Buffer.from(StrKey.decodeEd25519PublicKey(base)).subarray(28).toString('hex');
  } catch {
    return null;
  }
}

function signaturesOf(
  envelope: xdr.TransactionEnvelope,
): { part: EnvelopeSignature['part']; list: xdr.DecoratedSignature[] }[] {
  switch (envelope.switch().name) {
    case 'envelopeTypeTxV0':
      return [{ part: 'transaction', list: envelope.v0().signatures() }];
    case 'envelopeTypeTx':
      return [{ part: 'transaction', list: envelope.v1().signatures() }];
    case 'envelopeTypeTxFeeBump': {
      const bump = envelope.feeBump();
      return [
        { part: 'fee_bump', list: bump.signatures() },
        { part: 'inner', list: bump.tx().innerTx().v1().signatures() },
      ];
    }
    default:
      return [];
  }
}

/**
 * Decodes the signatures of an envelope (base64 as Horizon writes it, or hex as the local
 * service does); `accounts` are the ones to match hints against
 * (source, fee account). Null when the envelope does not decode.
 */
export function envelopeSignatures(envelopeXdr: string, accounts: (string | undefined)[]): EnvelopeSignature[] | null {
  let envelope: xdr.TransactionEnvelope;
  try {
    envelope = xdr.TransactionEnvelope.fromXDR(xdrBytes(envelopeXdr).bytes);
  } catch {
    return null;
  }
  const hints = accounts.filter((a): a is string => !!a).map((account) => [account, hintOf(account)] as const);
  return signaturesOf(envelope).flatMap(({ part, list }) =>
    list.map((decorated) => {
      const hint = decorated.hint().toString('hex');
      return {
        hint,
        signature: decorated.signature().toString('base64'),
        part,
        hintMatches: hints.find(([, h]) => h === hint)?.[0] ?? null,
      };
    }),
  );
}
