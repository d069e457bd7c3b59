// XDR written by hand, for the core's meta (meta-writer.ts): a growable output and the encodings
// of the parts every entry shares (account ids, signer keys, assets, claimable balance ids,
// predicates, claimants), laid out as Stellar's .x files say (unions: their int32 arm first;
// arrays: their uint32 length first; opaque data padded to 4 bytes).
import { SignerKey, StrKey } from '@stellar/stellar-base';
import type { Asset, Claimant, Predicate } from './model';
import type { Trustline } from './state';

export class XdrOut {
  private buf = Buffer.allocUnsafe(4096);
  private at = 0;

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }
  u32(n: number): void {
    this.room(4);
    this.buf.writeUInt32BE(n >>> 0, this.at);
    this.at += 4;
  }
  i32(n: number): void {
    this.room(4);
    this.buf.writeInt32BE(n, this.at);
    this.at += 4;
  }
  i64(n: bigint): void {
    this.room(8);
    this.buf.writeBigInt64BE(n, this.at);
    this.at += 8;
  }
  u64(n: bigint): void {
    this.room(8);
    this.buf.writeBigUInt64BE(n, this.at);
    this.at += 8;
  }
  fixed(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
  }
  /** Variable-length opaque or string: length, bytes, zero padding to 4. */
  varBytes(bytes: Uint8Array): void {
    const pad = (4 - (bytes.length % 4)) % 4;
    this.u32(bytes.length);
    this.room(bytes.length + pad);
    this.buf.set(bytes, this.at);
    this.buf.fill(0, this.at + bytes.length, this.at + bytes.length + pad);
    this.at += bytes.length + pad;
  }
  text(value: string): void {
    this.varBytes(Buffer.from(value, 'utf8'));
  }
  /** A copy of the bytes written so far; the writer starts again empty. */
  take(): Buffer {
    const out = Buffer.from(this.buf.subarray(0, this.at));
    this.at = 0;
    return out;
  }
}

const keys = new Map<string, Buffer>();
function key(id: string): Buffer {
  let bytes = keys.get(id);
  if (!bytes) {
    bytes = StrKey.decodeEd25519PublicKey(id);
    keys.set(id, bytes);
  }
  return bytes;
}

export function accountId(out: XdrOut, id: string): void {
  out.i32(0); // PUBLIC_KEY_TYPE_ED25519
  out.fixed(key(id));
}

const SIGNER_TYPE: Record<string, number> = { G: 0, T: 1, X: 2 };
const signers = new Map<string, [number, Buffer]>();
export function signerKey(out: XdrOut, strkey: string): void {
  let known = signers.get(strkey);
  if (!known) {
    const type = SIGNER_TYPE[strkey[0]!];
    if (type === undefined) throw new Error(`signer ${strkey.slice(0, 8)}… is not of a kind this core keeps`);
    known = [type, SignerKey.decodeAddress(strkey).value() as Buffer];
    signers.set(strkey, known);
  }
  out.i32(known[0]);
  out.fixed(known[1]);
}

function assetCode(out: XdrOut, code: string, width: 4 | 12): void {
  const bytes = Buffer.alloc(width);
  bytes.write(code, 'latin1');
  out.fixed(bytes);
}

/** Asset (and TrustLineAsset, whose credit arms are the same): type, then code and issuer. */
export function asset(out: XdrOut, value: Asset): void {
  if (value.type === 'native') return out.i32(0);
  const width = value.code.length <= 4 ? 4 : 12;
  out.i32(width === 4 ? 1 : 2);
  assetCode(out, value.code, width);
  accountId(out, value.issuer);
}

export function trustLineAsset(out: XdrOut, line: Pick<Trustline, 'code' | 'issuer' | 'poolId'>): void {
  if (line.poolId) {
    out.i32(3); // ASSET_TYPE_POOL_SHARE
    out.fixed(Buffer.from(line.poolId, 'hex'));
    return;
  }
  asset(out, { type: 'credit', key: '', code: line.code!, issuer: line.issuer! });
}

export function balanceId(out: XdrOut, id: string): void {
  out.fixed(Buffer.from(id, 'hex')); // ClaimableBalanceID: its type (int32 0) and hash, as the store keeps it
}

export function predicate(out: XdrOut, p: Predicate): void {
  switch (p.type) {
    case 'unconditional':
      return out.i32(0);
    case 'and':
    case 'or':
      out.i32(p.type === 'and' ? 1 : 2);
      out.u32(p.parts.length);
      for (const part of p.parts) predicate(out, part);
      return;
    case 'not':
      out.i32(3);
      out.u32(1); // present
      return predicate(out, p.part);
    case 'abs_before':
      out.i32(4);
      return out.i64(p.epoch);
    case 'rel_before':
      out.i32(5);
      return out.i64(p.seconds);
  }
}

export function claimant(out: XdrOut, c: Claimant): void {
  out.i32(0); // CLAIMANT_TYPE_V0
  accountId(out, c.destination);
  predicate(out, c.predicate);
}
