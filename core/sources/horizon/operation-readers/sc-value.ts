// ScVal XDR (what Horizon writes as a contract call's base64 `parameters`, and a result meta's
// return value) decoded with @stellar/stellar-base into the page's typed, JSON-safe ScValue
// (shared/model/sc-value-types.ts). Integers come from their XDR bytes, so every digit is exact
// and the signed ones are read as two's complement. Hostile values are bounded: the XDR reader
// refuses nesting past its own depth limit, this decoder cuts at SC_LIMITS.depth, spends one unit
// of a budget per value, shows at most SC_LIMITS.bytes of any byte string, and does not decode a
// parameter longer than SC_LIMITS.base64.
import { Address, xdr } from '@stellar/stellar-base';
import { SC_LIMITS, type ScIntegerKind, type ScMapEntry, type ScValue } from '../../../../shared/model/sc-value-types';
import { readableText } from './readable-bytes';

/** What is left to spend on one operation's values: one unit per value decoded. */
export interface ScBudget {
  nodes: number;
}

export const newBudget = (): ScBudget => ({ nodes: SC_LIMITS.nodes });

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Reads a base64 ScVal, or says why it could not: never throws. */
export function decodeScValBase64(base64: string, budget: ScBudget): ScValue {
  if (base64.length > SC_LIMITS.base64) return { kind: 'cut', reason: 'size' };
  if (!BASE64.test(base64)) return { kind: 'invalid', reason: 'not base64' };
  let value: xdr.ScVal;
  try {
    value = xdr.ScVal.fromXDR(base64, 'base64');
  } catch {
    return { kind: 'invalid', reason: 'not the XDR of a contract value' };
  }
  return readScVal(value, budget);
}

/** A decoded xdr.ScVal as the page's value; never throws. */
export function readScVal(value: xdr.ScVal, budget: ScBudget, depth = 0): ScValue {
  if (budget.nodes <= 0) return { kind: 'cut', reason: 'budget' };
  budget.nodes -= 1;
  try {
    return scalar(value) ?? container(value, budget, depth);
  } catch {
    return { kind: 'invalid', reason: 'a part of the value does not read' };
  }
}

const INTEGER_ARMS: Record<string, [ScIntegerKind, number, boolean]> = {
  scvU64: ['u64', 8, false],
  scvI64: ['i64', 8, true],
  scvTimepoint: ['timepoint', 8, false],
  scvDuration: ['duration', 8, false],
  scvU128: ['u128', 16, false],
  scvI128: ['i128', 16, true],
  scvU256: ['u256', 32, false],
  scvI256: ['i256', 32, true],
};

function scalar(value: xdr.ScVal): ScValue | undefined {
  const arm = value.switch().name;
  const integer = INTEGER_ARMS[arm];
  if (integer) return { kind: integer[0], value: integerText(value, integer[1], integer[2]) };
  switch (arm) {
    case 'scvBool':
      return { kind: 'bool', value: value.b() };
    case 'scvVoid':
      return { kind: 'void' };
    case 'scvU32':
      return { kind: 'u32', value: String(value.u32()) };
    case 'scvI32':
      return { kind: 'i32', value: String(value.i32()) };
    case 'scvError':
      return errorValue(value.error());
    case 'scvBytes':
      return bytesValue(value.bytes());
    case 'scvString':
      return textValue('string', value.str());
    case 'scvSymbol':
      return textValue('symbol', value.sym());
    case 'scvAddress':
      return { kind: 'address', address: Address.fromScAddress(value.address()).toString() };
    case 'scvLedgerKeyContractInstance':
      return { kind: 'ledger_key_contract_instance' };
    case 'scvLedgerKeyNonce':
      return { kind: 'ledger_key_nonce', value: integerBytesText(value.nonceKey().nonce().toXDR(), true) };
    default:
      return undefined;
  }
}

function container(value: xdr.ScVal, budget: ScBudget, depth: number): ScValue {
  const arm = value.switch().name;
  if (depth >= SC_LIMITS.depth) return { kind: 'cut', reason: 'depth' };
  switch (arm) {
    case 'scvVec': {
      const vec = value.vec();
      if (!vec) return { kind: 'vec', items: [], none: true };
      const { shown, more } = spend(vec, budget, (item) => readScVal(item, budget, depth + 1));
      return { kind: 'vec', items: shown, ...(more ? { more } : {}) };
    }
    case 'scvMap': {
      const map = value.map();
      if (!map) return { kind: 'map', entries: [], none: true };
      const { shown, more } = entries(map, budget, depth);
      return { kind: 'map', entries: shown, ...(more ? { more } : {}) };
    }
    case 'scvContractInstance':
      return instanceValue(value.instance(), budget, depth);
    default:
      return { kind: 'invalid', reason: `an arm this version does not know (${arm})` };
  }
}

/** Reads items while the budget lasts; `more` counts those left out. */
function spend<T, U>(items: T[], budget: ScBudget, read: (item: T) => U): { shown: U[]; more: number } {
  const shown: U[] = [];
  for (const item of items) {
    if (budget.nodes <= 0) break;
    shown.push(read(item));
  }
  return { shown, more: items.length - shown.length };
}

function entries(map: xdr.ScMapEntry[], budget: ScBudget, depth: number) {
  return spend(map, budget, (entry): ScMapEntry => ({
    key: readScVal(entry.key(), budget, depth + 1),
    value: readScVal(entry.val(), budget, depth + 1),
  }));
}

function instanceValue(instance: xdr.ScContractInstance, budget: ScBudget, depth: number): ScValue {
  const executable = instance.executable();
  const wasm = executable.switch().name === 'contractExecutableWasm';
  const storage = instance.storage();
  const read = storage ? entries(storage, budget, depth) : undefined;
  return {
    kind: 'contract_instance',
    executable: wasm ? 'wasm' : 'stellar_asset',
    ...(wasm ? { wasmHash: Buffer.from(executable.wasmHash()).toString('hex') } : {}),
    ...(read ? { storage: read.shown } : {}),
    ...(read?.more ? { more: read.more } : {}),
  };
}

function errorValue(error: xdr.ScError): ScValue {
  const category = snake(error.switch().name.replace(/^sce/, ''));
  if (error.switch().name === 'sceContract') return { kind: 'error', category, code: String(error.contractCode()) };
  return { kind: 'error', category, code: snake(error.code().name.replace(/^scec/, '')) };
}

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

function bytesValue(bytes: Uint8Array): ScValue {
  return { kind: 'bytes', hex: hexHead(bytes), length: bytes.length };
}

function textValue(kind: 'string' | 'symbol', written: string | Uint8Array): ScValue {
  const bytes = typeof written === 'string' ? Buffer.from(written, 'utf8') : written;
  const text = readableText(utf8Head(bytes, SC_LIMITS.bytes));
  return text !== undefined
    ? { kind, text, length: bytes.length }
    : { kind, hex: hexHead(bytes), length: bytes.length };
}

/** The first `limit` bytes, backed off to the start of a UTF-8 character when the cut falls inside one. */
function utf8Head(bytes: Uint8Array, limit: number): Uint8Array {
  if (bytes.length <= limit) return bytes;
  let end = limit;
  while (end > limit - 3 && end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}

const hexHead = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, SC_LIMITS.bytes)).toString('hex');

/** An integer arm's value from its XDR bytes (after the 4-byte arm tag): big-endian, two's complement when signed. */
function integerText(value: xdr.ScVal, size: number, signed: boolean): string {
  const bytes = value.toXDR();
  return integerBytesText(bytes.subarray(bytes.length - size), signed);
}

export function integerBytesText(bytes: Uint8Array, signed: boolean): string {
  let n = 0n;
  for (const byte of bytes) n = (n << 8n) | BigInt(byte);
  const bits = BigInt(bytes.length * 8);
  if (signed && bytes.length > 0 && (bytes[0]! & 0x80) !== 0) n -= 1n << bits;
  return n.toString();
}
