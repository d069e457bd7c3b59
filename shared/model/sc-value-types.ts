// A smart-contract value (XDR `ScVal`) as the app core decodes it for the page: every arm typed,
// every integer an exact decimal string, bytes as hex, text only where it is printable UTF-8. The
// page never sees XDR. What the decoder left out is said, never silently dropped: `more` counts
// the items of a vec or map not shown, `cut` stands for a value deeper or larger than the limits.
// No zod here: the page's first screen may import these (the schemas are in sc-value.ts).

/** The integer arms; each value is its exact decimal text (two's complement read for the signed). */
export const SC_INTEGER_KINDS = [
  'u32',
  'i32',
  'u64',
  'i64',
  'timepoint',
  'duration',
  'u128',
  'i128',
  'u256',
  'i256',
] as const;
export type ScIntegerKind = (typeof SC_INTEGER_KINDS)[number];

/** The decoder's limits, in one place so the page can say what they were. */
export const SC_LIMITS = {
  /** Containers nested deeper than this are `cut` (reason "depth"). */
  depth: 20,
  /** Values decoded per operation (arguments and return value together); past it, `more` / `cut` "budget". */
  nodes: 1000,
  /** Bytes of a `bytes`, `string` or `symbol` shown; `length` gives the whole. */
  bytes: 1024,
  /** A parameter's base64 longer than this is not decoded (`cut` "size"); a transaction is far smaller. */
  base64: 262_144,
} as const;

export type ScMapEntry = { key: ScValue; value: ScValue };

export type ScValue =
  | { kind: 'bool'; value: boolean }
  | { kind: 'void' }
  /** `category`: contract, wasm_vm, context, storage, object, crypto, events, budget, value, auth; `code`: the contract's number, else the code's name (arith_domain, …). */
  | { kind: 'error'; category: string; code: string }
  | { kind: ScIntegerKind; value: string }
  /** `hex` of the first SC_LIMITS.bytes bytes; `length` is the whole. */
  | { kind: 'bytes'; hex: string; length: number }
  /** `text` when the bytes are printable UTF-8, else `hex`. */
  | { kind: 'string' | 'symbol'; text?: string; hex?: string; length: number }
  /** `none`: the XDR's optional vec/map is absent. `more`: items not shown (the budget ran out). */
  | { kind: 'vec'; items: ScValue[]; more?: number; none?: true }
  | { kind: 'map'; entries: ScMapEntry[]; more?: number; none?: true }
  /** A StrKey: G… account, C… contract, M… muxed account, B… claimable balance, L… liquidity pool. */
  | { kind: 'address'; address: string }
  | {
      kind: 'contract_instance';
      executable: 'wasm' | 'stellar_asset';
      wasmHash?: string;
      storage?: ScMapEntry[];
      more?: number;
    }
  | { kind: 'ledger_key_contract_instance' }
  | { kind: 'ledger_key_nonce'; value: string }
  /** Not decoded: nested deeper than SC_LIMITS.depth, past the budget, or its XDR longer than SC_LIMITS.base64. */
  | { kind: 'cut'; reason: 'depth' | 'budget' | 'size' }
  /** Not base64, or not the XDR of an ScVal. */
  | { kind: 'invalid'; reason: string };

/** One argument of a call: its name where the function is a known interface's (SEP-41 token), and its value. */
export interface ContractArgument {
  name?: string;
  value: ScValue;
}
