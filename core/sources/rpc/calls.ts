// The Stellar RPC methods this client calls, each with the schema its result is checked against
// before it is believed (json-rpc.ts): field names and types as stellar-rpc writes them (the real
// answers in ../shared/fixtures/rpc-real). Numbers that stellar-rpc writes as strings (close times
// in some methods) are accepted as either: its versions differ, and both are exact.
import { z } from 'zod';
import type { RequestOptions } from '../../http/http';
import { RpcEventRecord } from './event-records';
import type { JsonRpc } from './json-rpc';

const ledgerNumber = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1);
/** Unix seconds, a decimal string or a number. */
const unixSeconds = z.union([z.string().regex(/^\d{1,15}$/), z.number().int().nonnegative()]).transform(Number);
const base64 = z.string().max(20_000_000);

export const Health = z.looseObject({
  status: z.string(),
  latestLedger: ledgerNumber,
  oldestLedger: ledgerNumber,
  ledgerRetentionWindow: ledgerNumber.optional(),
});
export const Network = z.looseObject({
  passphrase: z.string().min(1).max(200),
  protocolVersion: z.number().int().nonnegative().optional(),
  friendbotUrl: z.string().optional(),
});
export const LatestLedger = z.looseObject({
  id: z.string(),
  sequence: ledgerNumber,
  protocolVersion: z.number().int().nonnegative().optional(),
  closeTime: unixSeconds.optional(),
});
const window = {
  latestLedger: ledgerNumber,
  oldestLedger: ledgerNumber,
  latestLedgerCloseTime: unixSeconds.optional(),
  oldestLedgerCloseTime: unixSeconds.optional(),
};
export const LedgerInfo = z.looseObject({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  sequence: ledgerNumber,
  ledgerCloseTime: unixSeconds,
  headerXdr: base64,
  metadataXdr: base64.optional(),
});
export type LedgerInfo = z.infer<typeof LedgerInfo>;
export const Ledgers = z.looseObject({
  ledgers: z.array(LedgerInfo).max(10_000),
  latestLedger: ledgerNumber,
  oldestLedger: ledgerNumber,
  latestLedgerCloseTime: unixSeconds.optional(),
  oldestLedgerCloseTime: unixSeconds.optional(),
  cursor: z.string().optional(),
});
export const LedgerEntries = z.looseObject({
  entries: z
    .array(
      z.looseObject({
        key: base64,
        xdr: base64,
        lastModifiedLedgerSeq: ledgerNumber.optional(),
      }),
    )
    .max(200)
    .nullable()
    .transform((entries) => entries ?? []),
  latestLedger: ledgerNumber,
});
export type LedgerEntries = z.infer<typeof LedgerEntries>;
export const TransactionInfo = z.looseObject({
  status: z.enum(['SUCCESS', 'FAILED', 'NOT_FOUND']),
  ...window,
  txHash: z.string().optional(),
  applicationOrder: z.number().int().min(1).optional(),
  feeBump: z.boolean().optional(),
  envelopeXdr: base64.optional(),
  resultXdr: base64.optional(),
  resultMetaXdr: base64.optional(),
  ledger: ledgerNumber.optional(),
  createdAt: unixSeconds.optional(),
});
export type TransactionInfo = z.infer<typeof TransactionInfo>;
export const SendAnswer = z.looseObject({
  status: z.enum(['PENDING', 'DUPLICATE', 'TRY_AGAIN_LATER', 'ERROR']),
  hash: z.string(),
  errorResultXdr: base64.optional(),
  latestLedger: ledgerNumber.optional(),
});
export const Events = z.looseObject({
  events: z
    .array(RpcEventRecord)
    .max(10_000)
    .nullable()
    .transform((events) => events ?? []),
  ...window,
  cursor: z.string().max(40).optional(),
});
export type Events = z.infer<typeof Events>;

/**
 * The window of ledgers a server last said it keeps (getHealth and getEvents name it in every
 * answer), and when: an account listing starts its events there without asking getHealth first.
 */
export interface SeenWindow {
  oldest: number;
  latest: number;
  /** Date.now() when it was answered. */
  at: number;
  /** getHealth's ledgerRetentionWindow, once it was read: a window that long moves with each ledger. */
  retention?: number | undefined;
  oldestCloseTime?: number | undefined;
  latestCloseTime?: number | undefined;
}

interface WindowAnswer {
  oldestLedger: number;
  latestLedger: number;
  ledgerRetentionWindow?: number | undefined;
  oldestLedgerCloseTime?: number | undefined;
  latestLedgerCloseTime?: number | undefined;
}

/** The calls, typed: each names its method once. */
export function rpcCalls(rpc: JsonRpc) {
  const seen: { window: SeenWindow | null } = { window: null };
  const note = <A extends WindowAnswer>(answer: A): A => {
    seen.window = {
      oldest: answer.oldestLedger,
      latest: answer.latestLedger,
      at: Date.now(),
      retention: answer.ledgerRetentionWindow ?? seen.window?.retention,
      oldestCloseTime: answer.oldestLedgerCloseTime,
      latestCloseTime: answer.latestLedgerCloseTime,
    };
    return answer;
  };
  return {
    seen,
    health: (o?: RequestOptions) => rpc.call('getHealth', undefined, Health, o).then(note),
    network: (o?: RequestOptions) => rpc.call('getNetwork', undefined, Network, o),
    latestLedger: (o?: RequestOptions) => rpc.call('getLatestLedger', undefined, LatestLedger, o),
    ledgers: (params: { startLedger?: number; pagination?: { cursor?: string; limit?: number } }, o?: RequestOptions) =>
      rpc.call('getLedgers', params, Ledgers, o),
    ledgerEntries: (keys: string[], o?: RequestOptions) => rpc.call('getLedgerEntries', { keys }, LedgerEntries, o),
    transaction: (hash: string, o?: RequestOptions) => rpc.call('getTransaction', { hash }, TransactionInfo, o),
    send: (transaction: string, o?: RequestOptions) => rpc.call('sendTransaction', { transaction }, SendAnswer, o),
    events: (params: Record<string, unknown>, o?: RequestOptions) =>
      rpc.call('getEvents', params, Events, o).then(note),
  };
}
export type RpcCalls = ReturnType<typeof rpcCalls>;
