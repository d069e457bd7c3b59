// Horizon-shaped records of contract calls and data entries, built here with real XDR from
// @stellar/stellar-base: an invoke_host_function record as Horizon writes it (`function`,
// `parameters` as base64 ScVals with their type names, `asset_balance_changes`), optionally with
// its transaction embedded as join=transactions embeds it (with a result meta holding the return
// value), and a manage_data record. Shapes follow test/fixtures/horizon/operations/.
import { Address, StrKey, xdr } from '@stellar/stellar-base';

export const CONTRACT = StrKey.encodeContract(Buffer.alloc(32, 0x5a));
// Made-up keys (32 bytes each), not any key's public half: nothing here signs.
export const FROM = StrKey.encodeEd25519PublicKey(Buffer.alloc(32, 0x11));
export const TO = StrKey.encodeEd25519PublicKey(Buffer.alloc(32, 0x22));
export const ISSUER = StrKey.encodeEd25519PublicKey(Buffer.alloc(32, 0x33));

export const address = (strkey: string) => xdr.ScVal.scvAddress(Address.fromString(strkey).toScAddress());
export const sym = (name: string) => xdr.ScVal.scvSymbol(name);
export const i128 = (n: bigint) =>
  xdr.ScVal.scvI128(
    new xdr.Int128Parts({
      hi: xdr.Int64.fromString(String(n >> 64n)),
      lo: xdr.Uint64.fromString(String(n & ((1n << 64n) - 1n))),
    }),
  );

/** Horizon's type name of a parameter (`xdr.ScValType` without its `scv`: Address, Sym, I128, …). */
const typeName = (value: xdr.ScVal) => {
  const name = value.switch().name.replace(/^scv/, '');
  return name === 'Symbol' ? 'Sym' : name;
};

export interface InvokeOptions {
  id?: string;
  contract?: string;
  fn?: string;
  args?: xdr.ScVal[];
  /** Parameters as written, instead of the contract, function and arguments. */
  parameters?: { type: string; value: string }[];
  hostFunction?: string;
  balanceChanges?: Record<string, unknown>[];
  /** Embed the transaction with a v3 result meta returning this value. */
  returns?: xdr.ScVal;
}

let next = 225_133_522_707_300_000n;

export function invokeRecord(options: InvokeOptions = {}): Record<string, unknown> {
  const id = options.id ?? String(next++);
  const hash = id.padStart(64, '0').slice(-64);
  const values = [address(options.contract ?? CONTRACT), sym(options.fn ?? 'transfer'), ...(options.args ?? [])];
  const record: Record<string, unknown> = {
    _links: {
      self: { href: `https://horizon.example.org/operations/${id}` },
      transaction: { href: `https://horizon.example.org/transactions/${hash}` },
    },
    id,
    paging_token: id,
    transaction_successful: true,
    source_account: FROM,
    type: 'invoke_host_function',
    type_i: 24,
    created_at: '2026-03-14T12:28:00Z',
    transaction_hash: hash,
    function: options.hostFunction ?? 'HostFunctionTypeHostFunctionTypeInvokeContract',
    parameters: options.parameters ?? values.map((value) => ({ value: value.toXDR('base64'), type: typeName(value) })),
    address: '',
    salt: '',
    asset_balance_changes: options.balanceChanges ?? [],
  };
  if (options.returns) record['transaction'] = joinedTransaction(hash, options.returns);
  return record;
}

/** A USDX transfer's balance change, as Horizon attaches it to a Stellar Asset Contract call. */
export const transferChange = (amount: string, from = FROM, to = TO) => ({
  asset_type: 'credit_alphanum4',
  asset_code: 'USDX',
  asset_issuer: ISSUER,
  type: 'transfer',
  from,
  to,
  amount,
});

/** A transaction resource as join=transactions embeds it, its result meta (v3) returning `value`. */
export function joinedTransaction(hash: string, value: xdr.ScVal, version: 3 | 4 = 3): Record<string, unknown> {
  return {
    id: hash,
    hash,
    ledger: 52_418_000,
    created_at: '2026-03-14T12:28:00Z',
    source_account: FROM,
    fee_charged: '100',
    max_fee: '1000',
    operation_count: 1,
    memo_type: 'none',
    successful: true,
    result_meta_xdr: resultMeta(value, version).toXDR('base64'),
  };
}

export function resultMeta(value: xdr.ScVal, version: 3 | 4): xdr.TransactionMeta {
  if (version === 3)
    return new xdr.TransactionMeta(
      3,
      new xdr.TransactionMetaV3({
        ext: new xdr.ExtensionPoint(0),
        txChangesBefore: [],
        operations: [],
        txChangesAfter: [],
        sorobanMeta: new xdr.SorobanTransactionMeta({
          ext: new xdr.SorobanTransactionMetaExt(0),
          events: [],
          returnValue: value,
          diagnosticEvents: [],
        }),
      }),
    );
  return new xdr.TransactionMeta(
    4,
    new xdr.TransactionMetaV4({
      ext: new xdr.ExtensionPoint(0),
      txChangesBefore: [],
      operations: [],
      txChangesAfter: [],
      sorobanMeta: new xdr.SorobanTransactionMetaV2({ ext: new xdr.SorobanTransactionMetaExt(0), returnValue: value }),
      events: [],
      diagnosticEvents: [],
    }),
  );
}

/** A manage_data record whose value is `bytes` (base64 as Horizon writes it), or null for a deletion. */
export function dataRecord(name: string, bytes: Uint8Array | null, id = String(next++)): Record<string, unknown> {
  return {
    _links: { self: { href: `https://horizon.example.org/operations/${id}` } },
    id,
    paging_token: id,
    transaction_successful: true,
    source_account: FROM,
    type: 'manage_data',
    type_i: 10,
    created_at: '2026-03-14T10:50:00Z',
    transaction_hash: id.padStart(64, '0').slice(-64),
    name,
    value: bytes === null ? null : Buffer.from(bytes).toString('base64'),
  };
}
