// TransactionEnvelope XDR (v0, v1, fee bump) to the core's model, with the hash under this
// network's passphrase. Anything that is not a decodable envelope throws DecodeError.
import { createHash } from 'node:crypto';
import { xdr } from '@stellar/stellar-base';
import { big, DecodeError, muxed, operation } from './decode-operation';
import { type RawSignature, signedHash } from './signatures';
import type { Envelope, Memo, Transaction } from './model';

export { DecodeError } from './decode-operation';

export function networkId(passphrase: string): Buffer {
  return createHash('sha256').update(passphrase).digest();
}

function memo(value: xdr.Memo): Memo {
  switch (value.switch().value) {
    case 0:
      return { type: 'none' };
    case 1: {
      const text = value.text();
      return { type: 'text', value: Buffer.isBuffer(text) ? text.toString('utf8') : String(text) };
    }
    case 2:
      return { type: 'id', value: big(value.id()) };
    case 3:
      return { type: 'hash', value: value.hash() };
    default:
      return { type: 'return', value: value.retHash() };
  }
}

function transaction(tx: xdr.Transaction): Transaction {
  const out: Transaction = {
    source: muxed(tx.sourceAccount()),
    fee: BigInt(tx.fee()),
    seq: big(tx.seqNum()),
    minTime: 0n,
    maxTime: 0n,
    minLedger: 0,
    maxLedger: 0,
    memo: memo(tx.memo()),
    operations: tx.operations().map(operation),
  };
  const cond = tx.cond();
  const kind = cond.switch().value;
  const bounds = kind === 1 ? cond.timeBounds() : kind === 2 ? cond.v2().timeBounds() : null;
  if (bounds) {
    out.minTime = big(bounds.minTime());
    out.maxTime = big(bounds.maxTime());
  }
  if (kind === 2) {
    const v2 = cond.v2();
    const ledgers = v2.ledgerBounds();
    if (ledgers) {
      out.minLedger = ledgers.minLedger();
      out.maxLedger = ledgers.maxLedger();
    }
    if (v2.minSeqNum() || big(v2.minSeqAge()) !== 0n || v2.minSeqLedgerGap() !== 0 || v2.extraSigners().length > 0) {
      out.unsupported = 'sequence and extra-signer preconditions';
    }
  }
  if (tx.ext().switch() !== 0) out.unsupported = 'Soroban transaction data';
  return out;
}

function v0ToV1(tx: xdr.TransactionV0): xdr.Transaction {
  const bounds = tx.timeBounds();
  return new xdr.Transaction({
    sourceAccount: xdr.MuxedAccount.keyTypeEd25519(tx.sourceAccountEd25519()),
    fee: tx.fee(),
    seqNum: tx.seqNum(),
    cond: bounds ? xdr.Preconditions.precondTime(bounds) : xdr.Preconditions.precondNone(),
    memo: tx.memo(),
    operations: tx.operations(),
    ext: new xdr.TransactionExt(0),
  });
}

function hashOf(id: Buffer, envelopeType: number, body: Buffer): string {
  const tag = Buffer.alloc(4);
  tag.writeInt32BE(envelopeType, 0);
  return createHash('sha256').update(id).update(tag).update(body).digest('hex');
}

function signatures(list: xdr.DecoratedSignature[]): RawSignature[] {
  return list.map((s) => ({ hint: s.hint(), signature: s.signature() }));
}

/** The envelope; its signatures are weighed when it is checked (validate.ts). */
export function decodeEnvelope(blob: string, id: Buffer): Envelope {
  let env: xdr.TransactionEnvelope;
  try {
    env = xdr.TransactionEnvelope.fromXDR(blob, 'base64');
  } catch (error) {
    throw new DecodeError(`not a TransactionEnvelope: ${(error as Error).message}`);
  }
  try {
    return decodeParsed(env, id);
  } catch (error) {
    if (error instanceof DecodeError) throw error;
    throw new DecodeError(`envelope does not decode: ${(error as Error).message}`);
  }
}

function decodeParsed(env: xdr.TransactionEnvelope, id: Buffer): Envelope {
  const xdrText = env.toXDR('base64');
  const kind = env.switch().value;
  if (kind === 0 || kind === 2) {
    const v1 = kind === 0 ? v0ToV1(env.v0().tx()) : env.v1().tx();
    const raw = kind === 0 ? env.v0().signatures() : env.v1().signatures();
    const hash = hashOf(id, 2, v1.toXDR());
    return { hash, tx: transaction(v1), signed: signedHash(hash, signatures(raw)), xdr: xdrText };
  }
  if (kind === 5) {
    const outer = env.feeBump().tx();
    const inner = outer.innerTx().v1();
    const innerHash = hashOf(id, 2, inner.tx().toXDR());
    const hash = hashOf(id, 5, outer.toXDR());
    const feeBump = {
      feeSource: muxed(outer.feeSource()),
      fee: big(outer.fee()),
      innerHash,
      signed: signedHash(hash, signatures(env.feeBump().signatures())),
    };
    return {
      hash,
      tx: transaction(inner.tx()),
      feeBump,
      signed: signedHash(innerHash, signatures(inner.signatures())),
      xdr: xdrText,
    };
  }
  throw new DecodeError(`envelope type ${kind} is not a transaction`);
}
