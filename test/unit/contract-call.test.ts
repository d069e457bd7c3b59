// A contract call as the app core reads it from Horizon's record (core/sources/horizon/operation-readers/soroban.ts)
// and writes it in one line (shared/contract-call.ts, the operation summary): arguments decoded
// and named for the token interface, positional otherwise; the return value only where the
// embedded transaction's result meta has one; the asset a token transfer moved. And data entries:
// text when their bytes are printable UTF-8, else hex.
import { abbreviateId } from '../../shared/ids';
import { xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { argumentsText, contractCallText, scValueText } from '../../shared/contract-call';
import { Operation, type OperationOf } from '../../shared/model';
import { operationSummary } from '../../shared/operation-summary';
import {
  address,
  CONTRACT,
  dataRecord,
  FROM,
  i128,
  invokeRecord,
  joinedTransaction,
  sym,
  TO,
  transferChange,
} from '../support/contract-records';

const read = (record: Record<string, unknown>) => {
  const op = normalizeOperation(record as never);
  expect(Operation.safeParse(op).success).toBe(true);
  return op;
};
const call = (record: Record<string, unknown>) => {
  const op = read(record);
  if (op.type !== 'invoke_host_function') throw new Error(`read as ${op.type}`);
  return op;
};
const short = abbreviateId;

describe('a contract call', () => {
  it('a token transfer: named arguments, exact amount, and the asset it moved', () => {
    const op = call(
      invokeRecord({ args: [address(FROM), address(TO), i128(500n)], balanceChanges: [transferChange('0.0000500')] }),
    );
    expect(op.contract).toBe(CONTRACT);
    expect(op.functionName).toBe('transfer');
    expect(op.arguments).toEqual([
      { name: 'from', value: { kind: 'address', address: FROM } },
      { name: 'to', value: { kind: 'address', address: TO } },
      { name: 'amount', value: { kind: 'i128', value: '500' } },
    ]);
    expect(op.returnValue).toBeUndefined();
    expect(contractCallText(op)).toBe(`transfer(from: ${FROM}, to: ${TO}, amount: 500)`);
    expect(operationSummary(op)).toBe(
      `call transfer(from: ${short(FROM)}, to: ${short(TO)}, amount: 500) on ${short(CONTRACT)}: ` +
        `transfer 0.0000500 USDX from ${short(FROM)} to ${short(TO)}`,
    );
    // The raw form stays, exactly as written.
    expect(op.parameters.map((p) => p.type)).toEqual(['Address', 'Sym', 'Address', 'Address', 'I128']);
    expect(op.parameters[4]!.value).toBe(i128(500n).toXDR('base64'));
  });

  it('every function of the token interface is named, when its arguments have the kinds it takes', () => {
    const names = (fn: string, args: xdr.ScVal[]) =>
      call(invokeRecord({ fn, args })).arguments?.map((a) => a.name ?? '-');
    const u32 = xdr.ScVal.scvU32(1000);
    expect(names('transfer_from', [address(FROM), address(FROM), address(TO), i128(1n)])).toEqual([
      'spender',
      'from',
      'to',
      'amount',
    ]);
    expect(names('approve', [address(FROM), address(TO), i128(1n), u32])).toEqual([
      'from',
      'spender',
      'amount',
      'expiration_ledger',
    ]);
    expect(names('mint', [address(TO), i128(1n)])).toEqual(['to', 'amount']);
    expect(names('burn', [address(FROM), i128(1n)])).toEqual(['from', 'amount']);
    expect(names('clawback', [address(FROM), i128(1n)])).toEqual(['from', 'amount']);
    expect(names('set_authorized', [address(FROM), xdr.ScVal.scvBool(true)])).toEqual(['id', 'authorize']);
    // The same name with other kinds, or another count, is some other contract's function: positional.
    expect(names('transfer', [address(FROM), address(TO), xdr.ScVal.scvU32(5)])).toEqual(['-', '-', '-']);
    expect(names('transfer', [address(FROM), address(TO)])).toEqual(['-', '-']);
    expect(names('approve', [address(FROM), address(TO), i128(1n), i128(1n)])).toEqual(['-', '-', '-', '-']);
    // A function of no known interface, and names an object has by inheritance.
    expect(names('swap', [address(FROM), i128(1n)])).toEqual(['-', '-']);
    expect(names('constructor', [address(FROM)])).toEqual(['-']);
    expect(names('__proto__', [address(FROM)])).toEqual(['-']);
    const swap = call(invokeRecord({ fn: 'swap', args: [address(FROM), i128(-3n), sym('USDX')] }));
    expect(contractCallText(swap, { id: short })).toBe(`swap(${short(FROM)}, -3, USDX)`);
  });

  it('the return value, from the embedded transaction’s result meta (v3 and v4), and none without one', () => {
    const returns = xdr.ScVal.scvVec([xdr.ScVal.scvBool(true), i128(-(1n << 127n))]);
    const v3 = call(invokeRecord({ fn: 'swap', args: [], returns }));
    expect(v3.returnValue).toEqual({
      kind: 'vec',
      items: [
        { kind: 'bool', value: true },
        { kind: 'i128', value: '-170141183460469231731687303715884105728' },
      ],
    });
    const record = invokeRecord({ fn: 'swap', args: [] });
    const hash = String(record['transaction_hash']);
    const v4 = call({ ...record, transaction: joinedTransaction(hash, xdr.ScVal.scvU32(7), 4) });
    expect(v4.returnValue).toEqual({ kind: 'u32', value: '7' });
    // A transaction of two operations: the return value would be no one's.
    const two = { ...joinedTransaction(hash, xdr.ScVal.scvU32(7)), operation_count: 2 };
    expect(call({ ...record, transaction: two }).returnValue).toBeUndefined();
    // No meta (an instance run with SKIP_TXMETA), or a meta that does not decode: nothing invented.
    const { result_meta_xdr: _meta, ...bare } = joinedTransaction(hash, xdr.ScVal.scvU32(7));
    expect(call({ ...record, transaction: bare }).returnValue).toBeUndefined();
    expect(call({ ...record, transaction: { ...bare, result_meta_xdr: 'AAAA' } }).returnValue).toBeUndefined();
    expect(call(record).returnValue).toBeUndefined();
  });

  it('parameters that do not decode are said to be so; the record is kept, with its raw form', () => {
    const op = call(
      invokeRecord({
        parameters: [
          { type: 'Address', value: address(CONTRACT).toXDR('base64') },
          { type: 'Sym', value: sym('transfer').toXDR('base64') },
          { type: 'Address', value: '!!' },
          { type: 'I128', value: 'AAAA' },
        ],
      }),
    );
    expect(op.functionName).toBe('transfer');
    expect(op.arguments?.map((a) => a.value.kind)).toEqual(['invalid', 'invalid']);
    expect(contractCallText(op)).toBe('transfer((undecodable), (undecodable))');
  });

  it('a contract that is not a contract address, or a function that is not a symbol, is not claimed', () => {
    const op = call(
      invokeRecord({
        parameters: [
          { type: 'Address', value: address(FROM).toXDR('base64') },
          { type: 'U32', value: xdr.ScVal.scvU32(1).toXDR('base64') },
        ],
      }),
    );
    expect(op.contract).toBeUndefined();
    expect(op.functionName).toBeUndefined();
    expect(contractCallText(op)).toBeUndefined();
  });

  it('another host function: every parameter is an argument, positional', () => {
    const op = call(
      invokeRecord({
        hostFunction: 'HostFunctionTypeHostFunctionTypeCreateContractV2',
        parameters: [{ type: 'U32', value: xdr.ScVal.scvU32(9).toXDR('base64') }],
      }),
    );
    expect(op.contract).toBeUndefined();
    expect(op.arguments).toEqual([{ value: { kind: 'u32', value: '9' } }]);
    expect(operationSummary(op)).toBe('create contract v2');
  });
});

describe('a contract value in one line', () => {
  it('every kind, shortened where long, and what was left out said', () => {
    const line = (value: Parameters<typeof scValueText>[0]) => scValueText(value);
    expect(line({ kind: 'void' })).toBe('void');
    expect(line({ kind: 'error', category: 'auth', code: 'invalid_action' })).toBe('Error(auth, invalid_action)');
    expect(line({ kind: 'bytes', hex: '00ff', length: 2 })).toBe('0x00ff');
    expect(line({ kind: 'bytes', hex: 'ab'.repeat(40), length: 40 })).toBe('0xabababababababab… (40 bytes)');
    expect(line({ kind: 'string', text: 'a "quoted" word', length: 15 })).toBe('"a \\"quoted\\" word"');
    expect(line({ kind: 'string', hex: '610762', length: 3 })).toBe('string(0x610762)');
    expect(line({ kind: 'symbol', text: 'has space', length: 9 })).toBe('symbol("has space")');
    expect(line({ kind: 'vec', items: [{ kind: 'u32', value: '1' }], more: 4 })).toBe('[1, …+4]');
    expect(line({ kind: 'vec', items: [], none: true })).toBe('[]');
    expect(
      line({
        kind: 'map',
        entries: [{ key: { kind: 'symbol', text: 'a', length: 1 }, value: { kind: 'cut', reason: 'depth' } }],
      }),
    ).toBe('{a: …}');
    expect(line({ kind: 'cut', reason: 'size' })).toBe('(too large to decode)');
    expect(line({ kind: 'ledger_key_nonce', value: '-1' })).toBe('nonce(-1)');
  });

  it('stays within its limit however large the value', () => {
    const items = Array.from({ length: 1000 }, () => ({ kind: 'u256' as const, value: '9'.repeat(78) }));
    const text = argumentsText('f', [{ value: { kind: 'vec', items } }], { max: 240 });
    expect(text).toHaveLength(240);
    expect(text.endsWith('…')).toBe(true);
    expect(argumentsText('f', [{ value: { kind: 'vec', items } }], { max: 1_000_000 })).toHaveLength(80_003);
  });
});

describe('a data entry', () => {
  const data = (bytes: Uint8Array | null) => read(dataRecord('config', bytes)) as OperationOf<'manage_data'>;

  it('printable UTF-8 is text; binary, invalid UTF-8 and control characters are hex', () => {
    expect(data(Buffer.from('hello, wörld ✓'))).toMatchObject({ valueText: 'hello, wörld ✓' });
    expect(data(Buffer.from('hello, wörld ✓')).valueHex).toBeUndefined();
    expect(data(Buffer.from([0x00, 0x01, 0xff]))).toMatchObject({ valueHex: '0001ff' });
    expect(data(Buffer.from([0x00, 0x01, 0xff])).valueText).toBeUndefined();
    // Overlong "/" and a lone surrogate are not UTF-8.
    expect(data(Buffer.from([0xc0, 0xaf]))).toMatchObject({ valueHex: 'c0af' });
    expect(data(Buffer.from([0xed, 0xa0, 0x80]))).toMatchObject({ valueHex: 'eda080' });
    expect(data(Buffer.from('line\nbreak'))).toMatchObject({ valueHex: Buffer.from('line\nbreak').toString('hex') });
    expect(data(Buffer.from('tab\u0085c1'))).toMatchObject({ valueHex: Buffer.from('tab\u0085c1').toString('hex') });
    // A byte-order mark is kept, not silently dropped.
    expect(data(Buffer.from('\ufeffbom'))).toMatchObject({ valueText: '\ufeffbom' });
    // Right-to-left text is text (the page isolates it).
    expect(data(Buffer.from('\u202eabc'))).toMatchObject({ valueText: '\u202eabc' });
  });

  it('a deletion has neither; a value that is not base64 is kept as written, unread', () => {
    const deleted = data(null);
    expect([deleted.value, deleted.valueText, deleted.valueHex]).toEqual([null, undefined, undefined]);
    const odd = read({ ...dataRecord('x', null), value: 'not base64!' }) as OperationOf<'manage_data'>;
    expect([odd.value, odd.valueText, odd.valueHex]).toEqual(['not base64!', undefined, undefined]);
  });

  it('the local network writes the value the same way (base64), and reads the same', () => {
    const local = read({
      id: 4294971393,
      paging_token: '4294971393',
      type: 7,
      type_s: 'manage_data',
      source_account: FROM,
      transaction_hash: 'ab'.repeat(32),
      transaction_successful: true,
      created_at: '2026-03-14T10:50:00Z',
      name: 'note',
      value: Buffer.from('hi').toString('base64'),
    });
    expect(local).toMatchObject({ type: 'manage_data', name: 'note', valueText: 'hi' });
  });
});
