import { Keypair, StrKey } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { classifyId } from '../../shared/ids';
import { encodeToid } from '../../shared/toid';

const account = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 7)).publicKey();
const muxed = StrKey.encodeMed25519PublicKey(
  Buffer.concat([StrKey.decodeEd25519PublicKey(account), Buffer.alloc(8, 1)]),
);
const hash = 'ab'.repeat(32);

describe('classifyId', () => {
  it('recognises accounts and muxed accounts, whatever their case or surrounding space', () => {
    expect(classifyId(account)).toEqual({ kind: 'account', value: account });
    expect(classifyId(`  ${account.toLowerCase()}\n`)).toEqual({ kind: 'account', value: account });
    expect(classifyId(muxed)).toEqual({ kind: 'muxed_account', value: muxed });
  });

  it('says when an account checksum is wrong', () => {
    const broken = account.slice(0, -1) + (account.endsWith('A') ? 'B' : 'A');
    const result = classifyId(broken);
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.reason).toMatch(/checksum/);
  });

  it('treats 64 hex characters as a transaction hash or a pool id', () => {
    expect(classifyId(hash.toUpperCase())).toEqual({ kind: 'transaction_or_pool', value: hash });
  });

  it('recognises claimable balance ids in hex and B… forms', () => {
    const hex = `00000000${hash}`;
    expect(classifyId(hex)).toEqual({ kind: 'claimable_balance', value: hex });
    const strkey = StrKey.encodeClaimableBalance(Buffer.from(`00${hash}`, 'hex'));
    expect(classifyId(strkey)).toEqual({ kind: 'claimable_balance', value: hex });
    expect(classifyId(`00000001${hash}`)).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/00000000/) });
  });

  it('recognises liquidity pool ids in L… form', () => {
    const strkey = StrKey.encodeLiquidityPool(Buffer.from(hash, 'hex'));
    expect(classifyId(strkey)).toEqual({ kind: 'liquidity_pool', value: hash });
  });

  it('tells ledgers from operation ids', () => {
    expect(classifyId('60000000')).toEqual({ kind: 'ledger', value: '60000000' });
    expect(classifyId('4294967295')).toEqual({ kind: 'ledger', value: '4294967295' });
    const op = encodeToid({ ledger: 60_000_000, txOrder: 2, opIndex: 1 }).toString();
    expect(classifyId(op)).toEqual({ kind: 'operation', value: op });
    expect(classifyId(encodeToid({ ledger: 60_000_000, txOrder: 0, opIndex: 0 }).toString())).toMatchObject({
      kind: 'invalid',
    });
  });

  it.each([
    ['', /nothing/],
    ['0', /ledger 0/],
    ['99999999999999999999', /larger/],
    ['abc', /hexadecimal of 3/],
    ['hello world', /not an account/],
    ['G'.repeat(56), /checksum/],
    ['x'.repeat(500), /too long/],
    ['<script>alert(1)</script>', /not an account/],
    ['-5', /not an account/],
  ])('explains why %j is not an id', (input, reason) => {
    const result = classifyId(input);
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.reason).toMatch(reason);
  });

  it('recognises a secret key for what it is and does not echo it', () => {
    const secret = Keypair.random().secret();
    const result = classifyId(secret);
    expect(result).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/secret key/) });
    expect(JSON.stringify(result)).not.toContain(secret.slice(1));
  });
});
