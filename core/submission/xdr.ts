// XDR helpers: hex/base64 detection, JSON trees from @stellar/stellar-xdr-json (its wasm loaded
// once, synchronously), and result codes read from a TransactionResult with @stellar/stellar-base.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { xdr } from '@stellar/stellar-base';
import * as xdrJson from '@stellar/stellar-xdr-json';
import type { ResultCodes } from '../../shared/model';
import { CoreError } from '../app/errors';
import { horizonSpelling, snake } from './result-codes';

let initialised = false;
function ready(): typeof xdrJson {
  if (!initialised) {
    const require = createRequire(import.meta.url);
    const wasm = require.resolve('@stellar/stellar-xdr-json/stellar_xdr_json_bg.wasm');
    xdrJson.initSync(readFileSync(wasm));
    initialised = true;
  }
  return xdrJson;
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Bytes of an XDR blob written as hex or base64 (hex wins when both could apply). */
export function xdrBytes(input: string): { bytes: Buffer; encoding: 'hex' | 'base64' } {
  const compact = input.replace(/\s+/g, '');
  if (compact === '') throw new CoreError('invalid_input', 'The XDR is empty.');
  if (HEX.test(compact)) return { bytes: Buffer.from(compact, 'hex'), encoding: 'hex' };
  const b64 = compact.replace(/-/g, '+').replace(/_/g, '/');
  if (BASE64.test(b64) && b64.length % 4 !== 1) return { bytes: Buffer.from(b64, 'base64'), encoding: 'base64' };
  throw new CoreError('invalid_input', 'This is neither hexadecimal nor base64 XDR.');
}

/** Decodes any XDR type to its JSON tree. */
export function decodeXdrJson(type: string, input: string): unknown {
  const { bytes } = xdrBytes(input);
  const lib = ready();
  if (!lib.types().includes(type))
    throw new CoreError(
      'invalid_input',
      `"${type.slice(0, 100)}" is not an XDR type name (for example TransactionEnvelope, TransactionResult).`,
    );
  try {
    return JSON.parse(lib.decode(type, bytes.toString('base64')));
  } catch (error) {
    throw new CoreError('invalid_input', `The bytes do not decode as ${type}: ${String(error).slice(0, 200)}.`);
  }
}

/** The XDR types the blob decodes to completely, the most useful first. */
export function guessXdrTypes(input: string): string[] {
  const { bytes } = xdrBytes(input);
  const guesses = ready().guess(bytes.toString('base64'));
  const preferred = [
    'TransactionEnvelope',
    'TransactionResult',
    'TransactionMeta',
    'LedgerEntry',
    'TransactionResultPair',
    'ScVal',
  ];
  return [
    ...preferred.filter((name) => guesses.includes(name)),
    ...guesses.filter((name) => !preferred.includes(name)),
  ];
}

/** Horizon-style code of one operation result (op_success, op_underfunded, op_no_source_account, …). */
export function operationCode(result: xdr.OperationResult): { code: string; qualified: string } {
  const outer = result.switch().name;
  if (outer !== 'opInner') return { code: horizonSpelling(outer) ?? snake(outer), qualified: snake(outer) };
  const tr = result.tr();
  // The member of the type's result enum, e.g. "paymentUnderfunded" (passive offers answer manageSellOffer…).
  const inner = (tr.value() as { switch(): { name: string } }).switch().name;
  return { code: horizonSpelling(inner) ?? `op${snake(inner)}`, qualified: snake(inner) };
}

/** Horizon's spelling of a transaction result member (txNoAccount -> tx_no_source_account). */
function transactionCode(member: string): string {
  return horizonSpelling(member) ?? snake(member);
}

export interface DecodedResult {
  codes: ResultCodes;
  /** Type-qualified operation codes (payment_underfunded), for explanations. */
  qualified: string[];
  feeCharged: string;
  json: unknown;
}

/** Reads a TransactionResult (hex or base64). Fee-bumps report the inner transaction's codes. */
export function decodeResult(input: string): DecodedResult {
  const { bytes } = xdrBytes(input);
  let result: xdr.TransactionResult;
  try {
    result = xdr.TransactionResult.fromXDR(bytes);
  } catch {
    throw new CoreError('invalid_input', 'The result is not a TransactionResult.');
  }
  const outer = result.result();
  let transaction = transactionCode(outer.switch().name);
  let opResults: xdr.OperationResult[];
  const name = outer.switch().name;
  if (name === 'txFeeBumpInnerSuccess' || name === 'txFeeBumpInnerFailed') {
    const inner = outer.innerResultPair().result().result();
    opResults = safeResults(inner);
    if (name === 'txFeeBumpInnerFailed') transaction = `${transaction}:${transactionCode(inner.switch().name)}`;
  } else {
    opResults = safeResults(outer);
  }
  const ops = opResults.map(operationCode);
  let json: unknown;
  try {
    json = JSON.parse(ready().decode('TransactionResult', bytes.toString('base64')));
  } catch {
    json = null;
  }
  return {
    codes: { transaction, operations: ops.map((op) => op.code) },
    qualified: ops.map((op) => op.qualified),
    feeCharged: result.feeCharged().toString(),
    json,
  };
}

function safeResults(result: { results(): xdr.OperationResult[] }): xdr.OperationResult[] {
  try {
    return result.results() ?? [];
  } catch {
    return [];
  }
}
