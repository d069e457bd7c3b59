// A ledger's transaction envelopes, from its close meta's transaction set (a classic set, or a
// generalized one's classic and Soroban phases, parallel stages included), each by its hash on
// the network: how a transaction's result and meta (in the ledger's apply order) are joined to
// the envelope that says what it asked. Fee bumps are found by the outer envelope's hash, which
// is the one the ledger's results name.
import { hash, TransactionBuilder, xdr } from '@stellar/stellar-base';

/** Every transaction envelope of a ledger's transaction set (classic and Soroban phases alike). */
export function envelopesOf(closeMeta: xdr.LedgerCloseMeta): xdr.TransactionEnvelope[] {
  if (closeMeta.switch() === 0) return closeMeta.v0().txSet().txes();
  const set = (closeMeta.switch() === 1 ? closeMeta.v1() : closeMeta.v2()).txSet().v1TxSet();
  return set
    .phases()
    .flatMap((phase) =>
      phase.switch() === 0
        ? phase.v0Components().flatMap((component) => component.txsMaybeDiscountedFee().txes())
        : phase.parallelTxsComponent().executionStages().flat(2),
    );
}

/**
 * An envelope's hash on the network (hex): the SHA-256 of the network's id and the tagged
 * transaction, as stellar-core signs it. A v1 or fee-bump envelope is hashed from its XDR as it
 * stands (the costly part of building a Transaction object is skipped); a v0 one through
 * stellar-base, which restates it as v1 first.
 */
export function envelopeHash(envelope: xdr.TransactionEnvelope, networkId: Buffer, passphrase: string): string {
  const kind = envelope.switch().name;
  let tagged: xdr.TransactionSignaturePayloadTaggedTransaction;
  if (kind === 'envelopeTypeTx')
    tagged = xdr.TransactionSignaturePayloadTaggedTransaction.envelopeTypeTx(envelope.v1().tx());
  else if (kind === 'envelopeTypeTxFeeBump')
    tagged = xdr.TransactionSignaturePayloadTaggedTransaction.envelopeTypeTxFeeBump(envelope.feeBump().tx());
  else return TransactionBuilder.fromXDR(envelope, passphrase).hash().toString('hex');
  const payload = new xdr.TransactionSignaturePayload({ networkId, taggedTransaction: tagged });
  return hash(payload.toXDR()).toString('hex');
}

/** The ledger's envelopes by their hash (hex) on the network named by `passphrase`. */
export function envelopesByHash(
  closeMeta: xdr.LedgerCloseMeta,
  passphrase: string,
): Map<string, xdr.TransactionEnvelope> {
  const networkId = hash(Buffer.from(passphrase));
  const byHash = new Map<string, xdr.TransactionEnvelope>();
  for (const envelope of envelopesOf(closeMeta)) byHash.set(envelopeHash(envelope, networkId, passphrase), envelope);
  return byHash;
}
