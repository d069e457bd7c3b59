// The XDR bytes of a transaction made only of payments, written by hand: most generated
// transactions are exactly that, and the generic encoder (encode.ts) costs more than applying them.
import { StrKey } from '@stellar/stellar-base';
import type { Transaction } from '../validator/model';

const rawKeys = new Map<string, Buffer>();

function rawKey(id: string): Buffer {
  let raw = rawKeys.get(id);
  if (!raw) {
    raw = StrKey.decodeEd25519PublicKey(id);
    rawKeys.set(id, raw);
  }
  return raw;
}

/**
 * The XDR bytes of a transaction made only of payments, without time bounds, written directly:
 * most generated transactions are exactly that, and the generic encoder costs more than applying
 * them. Anything else returns undefined (encoded by transactionXdr). test/unit/network-encode
 * checks these bytes against @stellar/stellar-base's.
 */
export function paymentTransactionBytes(tx: Transaction): Buffer | undefined {
  if (tx.minTime !== 0n || tx.maxTime !== 0n || (tx.memo.type !== 'none' && tx.memo.type !== 'text')) return undefined;
  const memo = tx.memo.type === 'text' ? Buffer.from(tx.memo.value, 'utf8') : undefined;
  if (memo && memo.length > 28) return undefined;
  let size = 4 + 32 + 4 + 8 + 4 + 4 + (memo ? 4 + Math.ceil(memo.length / 4) * 4 : 0) + 4 + 4;
  for (const op of tx.operations) {
    if (op.body.type !== 'payment') return undefined;
    const asset = op.body.asset;
    size +=
      4 +
      (op.source ? 36 : 0) +
      4 +
      36 +
      8 +
      (asset.type === 'native' ? 4 : asset.code.length <= 4 ? 4 + 4 + 36 : 4 + 12 + 36);
  }
  const buf = Buffer.alloc(size);
  let at = 0;
  const u32 = (value: number) => {
    at = buf.writeUInt32BE(value, at);
  };
  const key = (id: string) => {
    u32(0);
    at += rawKey(id).copy(buf, at);
  };
  key(tx.source);
  u32(Number(tx.fee));
  at = buf.writeBigInt64BE(tx.seq, at);
  u32(0); // PRECOND_NONE
  if (memo) {
    u32(1);
    u32(memo.length);
    memo.copy(buf, at);
    at += Math.ceil(memo.length / 4) * 4;
  } else u32(0);
  u32(tx.operations.length);
  for (const op of tx.operations) {
    if (op.body.type !== 'payment') return undefined;
    if (op.source) {
      u32(1);
      key(op.source);
    } else u32(0);
    u32(1); // PAYMENT
    key(op.body.destination);
    const asset = op.body.asset;
    if (asset.type === 'native') u32(0);
    else {
      const width = asset.code.length <= 4 ? 4 : 12;
      u32(width === 4 ? 1 : 2);
      buf.write(asset.code, at, 'latin1');
      at += width;
      key(asset.issuer);
    }
    at = buf.writeBigInt64BE(op.body.amount, at);
  }
  u32(0); // ext
  return buf;
}

/** The transaction's XDR bytes and its hash under the network id (what signatures sign). */
