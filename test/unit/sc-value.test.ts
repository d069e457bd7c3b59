// The contract-value decoder (core/sources/horizon/operation-readers/sc-value.ts): every ScVal arm, built as real
// XDR with @stellar/stellar-base, decoded exactly (integers at both edges of every width, signed
// ones as two's complement); random values agree with stellar-base's own scValToNative; hostile
// values (nested past the limits, vecs past the budget, parameters past the size cap) end quickly
// and say what they left out.
import { Address, Keypair, scValToNative, StrKey, xdr } from '@stellar/stellar-base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeScValBase64, newBudget } from '../../core/sources/horizon/operation-readers/sc-value';
import { ScValue, SC_LIMITS, type ScValue as Value } from '../../shared/model';
import { address, i128 } from '../support/contract-records';

const decode = (value: xdr.ScVal): Value => decodeScValBase64(value.toXDR('base64'), newBudget());
const u64 = (n: bigint) => xdr.Uint64.fromString(String(n));
const i64 = (n: bigint) => xdr.Int64.fromString(String(n));
const MASK64 = (1n << 64n) - 1n;
const u128 = (n: bigint) => xdr.ScVal.scvU128(new xdr.UInt128Parts({ hi: u64(n >> 64n), lo: u64(n & MASK64) }));
const u256 = (n: bigint) =>
  xdr.ScVal.scvU256(
    new xdr.UInt256Parts({
      hiHi: u64((n >> 192n) & MASK64),
      hiLo: u64((n >> 128n) & MASK64),
      loHi: u64((n >> 64n) & MASK64),
      loLo: u64(n & MASK64),
    }),
  );
const i256 = (n: bigint) =>
  xdr.ScVal.scvI256(
    new xdr.Int256Parts({
      hiHi: i64(n >> 192n),
      hiLo: u64((n >> 128n) & MASK64),
      loHi: u64((n >> 64n) & MASK64),
      loLo: u64(n & MASK64),
    }),
  );
const vec = (items: xdr.ScVal[] | null) => xdr.ScVal.scvVec(items);

describe('every ScVal arm, decoded exactly', () => {
  it('integers at the edges of every width, the signed ones as two’s complement', () => {
    const cases: [xdr.ScVal, Extract<Value, { value: string }>][] = [
      [xdr.ScVal.scvU32(0), { kind: 'u32', value: '0' }],
      [xdr.ScVal.scvU32(4_294_967_295), { kind: 'u32', value: '4294967295' }],
      [xdr.ScVal.scvI32(-2_147_483_648), { kind: 'i32', value: '-2147483648' }],
      [xdr.ScVal.scvI32(2_147_483_647), { kind: 'i32', value: '2147483647' }],
      [xdr.ScVal.scvU64(u64(MASK64)), { kind: 'u64', value: '18446744073709551615' }],
      [xdr.ScVal.scvI64(i64(-(1n << 63n))), { kind: 'i64', value: '-9223372036854775808' }],
      [xdr.ScVal.scvI64(i64(-1n)), { kind: 'i64', value: '-1' }],
      [xdr.ScVal.scvTimepoint(u64(1_773_491_280n)), { kind: 'timepoint', value: '1773491280' }],
      [xdr.ScVal.scvDuration(u64(MASK64)), { kind: 'duration', value: '18446744073709551615' }],
      [u128(0n), { kind: 'u128', value: '0' }],
      [u128(1n << 64n), { kind: 'u128', value: '18446744073709551616' }],
      [u128((1n << 128n) - 1n), { kind: 'u128', value: '340282366920938463463374607431768211455' }],
      [i128(0n), { kind: 'i128', value: '0' }],
      [i128(-1n), { kind: 'i128', value: '-1' }],
      [i128(500n), { kind: 'i128', value: '500' }],
      [i128(1n << 64n), { kind: 'i128', value: '18446744073709551616' }],
      [i128(-(1n << 64n)), { kind: 'i128', value: '-18446744073709551616' }],
      [i128((1n << 127n) - 1n), { kind: 'i128', value: '170141183460469231731687303715884105727' }],
      [i128(-(1n << 127n)), { kind: 'i128', value: '-170141183460469231731687303715884105728' }],
      [u256(0n), { kind: 'u256', value: '0' }],
      [u256(1n << 64n), { kind: 'u256', value: '18446744073709551616' }],
      [u256((1n << 256n) - 1n), { kind: 'u256', value: String((1n << 256n) - 1n) }],
      [i256(-1n), { kind: 'i256', value: '-1' }],
      [i256(1n << 192n), { kind: 'i256', value: String(1n << 192n) }],
      [i256((1n << 255n) - 1n), { kind: 'i256', value: String((1n << 255n) - 1n) }],
      [i256(-(1n << 255n)), { kind: 'i256', value: String(-(1n << 255n)) }],
    ];
    for (const [value, expected] of cases) expect(decode(value), expected.value).toEqual(expected);
  });

  it('an i128 whose parts are written by hand: hi -1 and lo all ones is -1, hi 0 and lo all ones is 2^64-1', () => {
    const parts = (hi: bigint, lo: bigint) => xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: i64(hi), lo: u64(lo) }));
    expect(decode(parts(-1n, MASK64))).toEqual({ kind: 'i128', value: '-1' });
    expect(decode(parts(0n, MASK64))).toEqual({ kind: 'i128', value: '18446744073709551615' });
    expect(decode(parts(-1n, 0n))).toEqual({ kind: 'i128', value: '-18446744073709551616' });
  });

  it('bool, void, errors, bytes, strings and symbols', () => {
    expect(decode(xdr.ScVal.scvBool(true))).toEqual({ kind: 'bool', value: true });
    expect(decode(xdr.ScVal.scvBool(false))).toEqual({ kind: 'bool', value: false });
    expect(decode(xdr.ScVal.scvVoid())).toEqual({ kind: 'void' });
    expect(decode(xdr.ScVal.scvError(xdr.ScError.sceContract(7)))).toEqual({
      kind: 'error',
      category: 'contract',
      code: '7',
    });
    expect(decode(xdr.ScVal.scvError(xdr.ScError.sceWasmVm(xdr.ScErrorCode.scecInvalidInput())))).toEqual({
      kind: 'error',
      category: 'wasm_vm',
      code: 'invalid_input',
    });
    expect(decode(xdr.ScVal.scvBytes(Buffer.from([0, 1, 0xfe, 0xff])))).toEqual({
      kind: 'bytes',
      hex: '0001feff',
      length: 4,
    });
    expect(decode(xdr.ScVal.scvString('héllo, مرحبا'))).toEqual({
      kind: 'string',
      text: 'héllo, مرحبا',
      length: 18,
    });
    // Not UTF-8, or a control character: shown as hex, never as mangled or invisible text.
    expect(decode(xdr.ScVal.scvString(Buffer.from([0xc3, 0x28])))).toEqual({
      kind: 'string',
      hex: 'c328',
      length: 2,
    });
    expect(decode(xdr.ScVal.scvString('a\u0007b'))).toEqual({ kind: 'string', hex: '610762', length: 3 });
    expect(decode(xdr.ScVal.scvSymbol('transfer'))).toEqual({ kind: 'symbol', text: 'transfer', length: 8 });
  });

  it('addresses of every kind: account, contract, muxed account, claimable balance, liquidity pool', () => {
    const account = Keypair.random();
    const contract = StrKey.encodeContract(Buffer.alloc(32, 9));
    const muxed = xdr.ScAddress.scAddressTypeMuxedAccount(
      new xdr.MuxedEd25519Account({ id: u64(MASK64), ed25519: account.rawPublicKey() }),
    );
    const balance = xdr.ScAddress.scAddressTypeClaimableBalance(
      xdr.ClaimableBalanceId.claimableBalanceIdTypeV0(Buffer.alloc(32, 7)),
    );
    const pool = xdr.ScAddress.scAddressTypeLiquidityPool(Buffer.alloc(32, 8) as unknown as xdr.Hash);
    expect(decode(address(account.publicKey()))).toEqual({ kind: 'address', address: account.publicKey() });
    expect(decode(address(contract))).toEqual({ kind: 'address', address: contract });
    const decoded = [muxed, balance, pool].map((a) => decode(xdr.ScVal.scvAddress(a)));
    expect(decoded.map((d) => (d.kind === 'address' ? d.address[0] : d.kind))).toEqual(['M', 'B', 'L']);
    expect(decoded.map((d) => (d.kind === 'address' ? d.address : ''))).toEqual(
      [muxed, balance, pool].map((a) => Address.fromScAddress(a).toString()),
    );
  });

  it('vecs, maps, absent ones, contract instances, ledger keys', () => {
    expect(decode(vec([xdr.ScVal.scvU32(1), xdr.ScVal.scvSymbol('a')]))).toEqual({
      kind: 'vec',
      items: [
        { kind: 'u32', value: '1' },
        { kind: 'symbol', text: 'a', length: 1 },
      ],
    });
    expect(decode(vec(null))).toEqual({ kind: 'vec', items: [], none: true });
    expect(decode(xdr.ScVal.scvMap(null))).toEqual({ kind: 'map', entries: [], none: true });
    const entry = new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('amount'), val: i128(-5n) });
    expect(decode(xdr.ScVal.scvMap([entry]))).toEqual({
      kind: 'map',
      entries: [{ key: { kind: 'symbol', text: 'amount', length: 6 }, value: { kind: 'i128', value: '-5' } }],
    });
    const wasm = new xdr.ScContractInstance({
      executable: xdr.ContractExecutable.contractExecutableWasm(Buffer.alloc(32, 0xab)),
      storage: [entry],
    });
    expect(decode(xdr.ScVal.scvContractInstance(wasm))).toEqual({
      kind: 'contract_instance',
      executable: 'wasm',
      wasmHash: 'ab'.repeat(32),
      storage: [{ key: { kind: 'symbol', text: 'amount', length: 6 }, value: { kind: 'i128', value: '-5' } }],
    });
    const asset = new xdr.ScContractInstance({
      executable: xdr.ContractExecutable.contractExecutableStellarAsset(),
      storage: null,
    });
    expect(decode(xdr.ScVal.scvContractInstance(asset))).toEqual({
      kind: 'contract_instance',
      executable: 'stellar_asset',
    });
    expect(decode(xdr.ScVal.scvLedgerKeyContractInstance())).toEqual({ kind: 'ledger_key_contract_instance' });
    expect(decode(xdr.ScVal.scvLedgerKeyNonce(new xdr.ScNonceKey({ nonce: i64(-(1n << 63n)) })))).toEqual({
      kind: 'ledger_key_nonce',
      value: '-9223372036854775808',
    });
  });

  it('what is not base64 or not an ScVal says so, and every decoded value fits the page’s schema', () => {
    const budget = newBudget();
    expect(decodeScValBase64('!!not base64', budget)).toEqual({ kind: 'invalid', reason: 'not base64' });
    expect(decodeScValBase64('AAAA', budget)).toEqual({
      kind: 'invalid',
      reason: 'not the XDR of a contract value',
    });
    // An arm tag no ScVal has.
    expect(decodeScValBase64(Buffer.from([0, 0, 0, 99]).toString('base64'), budget).kind).toBe('invalid');
    // Trailing bytes after a whole value.
    expect(decodeScValBase64(Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]).toString('base64'), budget).kind).toBe('invalid');
  });
});

/** stellar-base's reading of a decoded value, where the two speak of the same thing. */
function asNative(value: Value): unknown {
  switch (value.kind) {
    case 'bool':
      return value.value;
    case 'void':
      return null;
    case 'u32':
    case 'i32':
      return Number(value.value);
    case 'bytes':
      return Buffer.from(value.hex, 'hex');
    case 'string':
    case 'symbol':
      // Text with a control character is hex here; stellar-base gives it as a string.
      return value.text ?? Buffer.from(value.hex ?? '', 'hex').toString('utf8');
    case 'address':
      return value.address;
    case 'vec':
      return value.items.map(asNative);
    case 'map':
      return Object.fromEntries(value.entries.map((e) => [asNative(e.key), asNative(e.value)]));
    default:
      return 'value' in value ? BigInt(value.value) : value;
  }
}

const bigint = (bits: bigint, signed: boolean) =>
  signed ? fc.bigInt(-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n) : fc.bigInt(0n, (1n << bits) - 1n);

const leaf: fc.Arbitrary<xdr.ScVal> = fc.oneof(
  fc.boolean().map((b) => xdr.ScVal.scvBool(b)),
  fc.constant(xdr.ScVal.scvVoid()),
  fc.integer({ min: 0, max: 4_294_967_295 }).map((n) => xdr.ScVal.scvU32(n)),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }).map((n) => xdr.ScVal.scvI32(n)),
  bigint(64n, false).map((n) => xdr.ScVal.scvU64(u64(n))),
  bigint(64n, true).map((n) => xdr.ScVal.scvI64(i64(n))),
  bigint(128n, false).map(u128),
  bigint(128n, true).map(i128),
  bigint(256n, false).map(u256),
  bigint(256n, true).map(i256),
  fc.uint8Array({ maxLength: 40 }).map((b) => xdr.ScVal.scvBytes(Buffer.from(b))),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => xdr.ScVal.scvString(s)),
  fc.stringMatching(/^[A-Za-z0-9_]{0,32}$/).map((s) => xdr.ScVal.scvSymbol(s)),
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => address(StrKey.encodeContract(Buffer.from(b)))),
);

const { tree } = fc.letrec<{ tree: xdr.ScVal }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('tree'), { maxLength: 5 }).map((items) => vec(items)),
    fc
      .uniqueArray(fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), tie('tree')), {
        maxLength: 4,
        selector: ([key]) => key,
      })
      .map((entries) =>
        xdr.ScVal.scvMap(entries.map(([key, val]) => new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol(key), val }))),
      ),
  ),
}));

describe('random values', () => {
  it('agree with stellar-base’s scValToNative and fit the page’s schema', () => {
    fc.assert(
      fc.property(tree, (value) => {
        const decoded = decode(value);
        expect(ScValue.safeParse(decoded).success).toBe(true);
        expect(asNative(decoded)).toEqual(scValToNative(value));
      }),
      { numRuns: 300 },
    );
  });
});

describe('hostile values', () => {
  /** A vec nested `depth` deep around a u32, written byte by byte. */
  const nested = (depth: number) =>
    Buffer.concat([
      ...Array.from({ length: depth }, () => Buffer.from([0, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0, 1])),
      Buffer.from([0, 0, 0, 3, 0, 0, 0, 42]),
    ]).toString('base64');
  const depthOf = (value: Value): number => (value.kind === 'vec' && value.items[0] ? 1 + depthOf(value.items[0]) : 0);
  const innermost = (value: Value): Value =>
    value.kind === 'vec' && value.items[0] ? innermost(value.items[0]) : value;

  it('a value nested 10,000 deep is refused by the XDR reader, at once, without a stack overflow', () => {
    expect(decodeScValBase64(nested(10_000), newBudget())).toEqual({
      kind: 'invalid',
      reason: 'not the XDR of a contract value',
    });
  });

  it(`nesting is decoded to ${SC_LIMITS.depth} levels and cut below`, () => {
    const within = decodeScValBase64(nested(SC_LIMITS.depth), newBudget());
    expect(depthOf(within)).toBe(SC_LIMITS.depth);
    expect(innermost(within)).toEqual({ kind: 'u32', value: '42' });
    const past = decodeScValBase64(nested(SC_LIMITS.depth + 1), newBudget());
    expect(depthOf(past)).toBe(SC_LIMITS.depth);
    expect(innermost(past)).toEqual({ kind: 'cut', reason: 'depth' });
  });

  it(`a vec of ${SC_LIMITS.nodes - 1} values is whole; one more, and the last is counted, not shown`, () => {
    const items = (n: number) => vec(Array.from({ length: n }, (_, i) => xdr.ScVal.scvU32(i)));
    const whole = decode(items(SC_LIMITS.nodes - 1));
    expect(whole).toMatchObject({ kind: 'vec' });
    expect(whole.kind === 'vec' && whole.items.length).toBe(SC_LIMITS.nodes - 1);
    expect(whole.kind === 'vec' && whole.more).toBeUndefined();
    const over = decode(items(SC_LIMITS.nodes));
    expect(over.kind === 'vec' && [over.items.length, over.more]).toEqual([SC_LIMITS.nodes - 1, 1]);
    const huge = decode(items(15_000));
    expect(huge.kind === 'vec' && [huge.items.length, huge.more]).toEqual([SC_LIMITS.nodes - 1, 15_000 - 999]);
  });

  it('the budget is shared: a second value after a spent one is cut, and says why', () => {
    const budget = newBudget();
    const big = vec(Array.from({ length: 2000 }, () => xdr.ScVal.scvVoid())).toXDR('base64');
    decodeScValBase64(big, budget);
    expect(decodeScValBase64(xdr.ScVal.scvU32(1).toXDR('base64'), budget)).toEqual({ kind: 'cut', reason: 'budget' });
  });

  it(`a parameter of up to ${SC_LIMITS.base64} base64 characters is decoded; a longer one is not`, () => {
    // Bytes whose XDR is exactly the limit long in base64 (a multiple of 4 characters: 3 bytes each).
    const bytesFor = (chars: number) => (chars / 4) * 3 - 8;
    const at = xdr.ScVal.scvBytes(Buffer.alloc(bytesFor(SC_LIMITS.base64), 1)).toXDR('base64');
    expect(at.length).toBe(SC_LIMITS.base64);
    const decoded = decodeScValBase64(at, newBudget());
    expect(decoded).toMatchObject({ kind: 'bytes', length: bytesFor(SC_LIMITS.base64) });
    expect(decoded.kind === 'bytes' && decoded.hex.length).toBe(SC_LIMITS.bytes * 2);
    const over = xdr.ScVal.scvBytes(Buffer.alloc(bytesFor(SC_LIMITS.base64) + 3, 1)).toXDR('base64');
    expect(decodeScValBase64(over, newBudget())).toEqual({ kind: 'cut', reason: 'size' });
  });

  it('a long string is shown by its head, cut at a character boundary', () => {
    const text = 'é'.repeat(SC_LIMITS.bytes); // two bytes each: the cut falls inside one
    const decoded = decode(xdr.ScVal.scvString(`a${text}`));
    expect(decoded).toMatchObject({ kind: 'string', length: 1 + 2 * SC_LIMITS.bytes });
    expect(decoded.kind === 'string' && decoded.text).toBe(`a${'é'.repeat(SC_LIMITS.bytes / 2 - 1)}`);
  });
});
