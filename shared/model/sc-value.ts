// The zod schemas of a decoded smart-contract value (the types and limits: sc-value-types.ts).
import { z } from 'zod';
import {
  SC_INTEGER_KINDS,
  type ContractArgument as Argument,
  type ScMapEntry as Entry,
  type ScValue as Value,
} from './sc-value-types';

export { SC_INTEGER_KINDS, SC_LIMITS, type ScIntegerKind } from './sc-value-types';
export type ScValue = Value;
export type ScMapEntry = Entry;

const Integer = z.string().regex(/^-?\d{1,80}$/, 'an exact integer');
const Count = z.number().int().nonnegative();
const Hex = z.string().regex(/^[0-9a-f]*$/, 'hex');

const MapEntry: z.ZodType<Entry> = z.lazy(() => z.object({ key: ScValue, value: ScValue }));

export const ScValue: z.ZodType<Value> = z.lazy(() =>
  z.union([
    z.object({ kind: z.literal('bool'), value: z.boolean() }),
    z.object({ kind: z.literal('void') }),
    z.object({ kind: z.literal('error'), category: z.string().max(20), code: z.string().max(40) }),
    z.object({ kind: z.enum(SC_INTEGER_KINDS), value: Integer }),
    z.object({ kind: z.literal('bytes'), hex: Hex, length: Count }),
    z.object({
      kind: z.enum(['string', 'symbol']),
      text: z.string().optional(),
      hex: Hex.optional(),
      length: Count,
    }),
    z.object({
      kind: z.literal('vec'),
      items: z.array(ScValue),
      more: Count.optional(),
      none: z.literal(true).optional(),
    }),
    z.object({
      kind: z.literal('map'),
      entries: z.array(MapEntry),
      more: Count.optional(),
      none: z.literal(true).optional(),
    }),
    z.object({ kind: z.literal('address'), address: z.string().max(100) }),
    z.object({
      kind: z.literal('contract_instance'),
      executable: z.enum(['wasm', 'stellar_asset']),
      wasmHash: Hex.optional(),
      storage: z.array(MapEntry).optional(),
      more: Count.optional(),
    }),
    z.object({ kind: z.literal('ledger_key_contract_instance') }),
    z.object({ kind: z.literal('ledger_key_nonce'), value: Integer }),
    z.object({ kind: z.literal('cut'), reason: z.enum(['depth', 'budget', 'size']) }),
    z.object({ kind: z.literal('invalid'), reason: z.string().max(200) }),
  ]),
);

export const ContractArgument: z.ZodType<Argument> = z.object({ name: z.string().max(40).optional(), value: ScValue });
export type ContractArgument = Argument;
