// What a contract call's record does not say itself. Horizon gives a call's parameters without
// their names: for the token interface every Stellar Asset Contract and SEP-41 token implements,
// the names are known, and are given when the function, the number of arguments and the kind of
// each match. Horizon's operation record has no return value either: when the record embeds its
// transaction (join=transactions) with its result meta, the return value is read from there.
import { xdr } from '@stellar/stellar-base';
import type { ContractArgument } from '../../../../shared/model';
import type { ScValue } from '../../../../shared/model/sc-value-types';
import { obj, text, int, type JsonObject } from '../../../http/values';
import { readScVal, type ScBudget } from './sc-value';

type Expected = 'address' | 'i128' | 'u32' | 'bool';
const A: Expected = 'address';
const I: Expected = 'i128';

/** SEP-41's token interface and the Stellar Asset Contract's admin functions: name → [argument, kind][]. */
const TOKEN_INTERFACE = new Map<string, [string, Expected][]>([
  [
    'transfer',
    [
      ['from', A],
      ['to', A],
      ['amount', I],
    ],
  ],
  [
    'transfer_from',
    [
      ['spender', A],
      ['from', A],
      ['to', A],
      ['amount', I],
    ],
  ],
  [
    'approve',
    [
      ['from', A],
      ['spender', A],
      ['amount', I],
      ['expiration_ledger', 'u32'],
    ],
  ],
  [
    'allowance',
    [
      ['from', A],
      ['spender', A],
    ],
  ],
  ['balance', [['id', A]]],
  [
    'burn',
    [
      ['from', A],
      ['amount', I],
    ],
  ],
  [
    'burn_from',
    [
      ['spender', A],
      ['from', A],
      ['amount', I],
    ],
  ],
  [
    'mint',
    [
      ['to', A],
      ['amount', I],
    ],
  ],
  [
    'clawback',
    [
      ['from', A],
      ['amount', I],
    ],
  ],
  ['set_admin', [['new_admin', A]]],
  [
    'set_authorized',
    [
      ['id', A],
      ['authorize', 'bool'],
    ],
  ],
  ['authorized', [['id', A]]],
]);

/** The arguments, named when `fn` is the token interface's and every argument has the kind it takes there. */
export function nameArguments(fn: string | undefined, values: ScValue[]): ContractArgument[] {
  const signature = fn === undefined ? undefined : TOKEN_INTERFACE.get(fn);
  const fits =
    signature !== undefined &&
    signature.length === values.length &&
    signature.every(([, kind], i) => values[i]?.kind === kind);
  return values.map((value, i) => (fits ? { name: signature[i]![0], value } : { value }));
}

/** A result meta longer than this is not decoded (a Soroban transaction's is far smaller). */
const MAX_META_BASE64 = 4_000_000;

/**
 * The return value of the one operation of a Soroban transaction, from the embedded transaction's
 * `result_meta_xdr` (TransactionMeta v3 or v4); undefined when there is none to read.
 */
export function returnValueOf(transaction: JsonObject | undefined, budget: ScBudget): ScValue | undefined {
  const meta = transaction ? text(transaction['result_meta_xdr']) : undefined;
  if (!transaction || !meta || meta.length > MAX_META_BASE64) return undefined;
  // A Soroban transaction has exactly one operation; a return value of a larger one is no one's.
  if ((int(transaction['operation_count']) ?? 1) !== 1) return undefined;
  let value: xdr.ScVal | undefined;
  try {
    const decoded = xdr.TransactionMeta.fromXDR(meta, 'base64');
    const arm = decoded.switch();
    if (arm === 3) value = decoded.v3().sorobanMeta()?.returnValue();
    else if (arm === 4) value = decoded.v4().sorobanMeta()?.returnValue() ?? undefined;
  } catch {
    return undefined;
  }
  return value ? readScVal(value, budget) : undefined;
}

export const joinedTransaction = (r: JsonObject): JsonObject | undefined => obj(r['transaction']);
