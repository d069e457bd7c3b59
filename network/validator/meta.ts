// What a real core records of every transaction it applies, recorded by this one: a
// TransactionMetaV4 (CAP-67) with the ledger entry changes of every entry each step touched (the
// fee, the sequence number, each operation), state before and after, and the asset events that
// describe each movement of value: `fee` charged before the transaction, and per operation
// `transfer`, or `mint`/`burn` when the issuer sends or receives, emitted by the asset's Stellar
// Asset Contract. Readers (core/sources/ledger-meta/) hold the two to each other: per account and
// asset, a transaction's events add up to its balance changes.
//
// Here the meta is planned as plain data: the state tables record each segment's touched rows
// (state.ts `startSegment`/`takeSegment`), and each operation's movements follow from what it was
// asked and what it did (its body and OpInfo). meta-writer.ts writes the plan as XDR bytes.
import type { Asset, Envelope, Memo, Operation } from './model';
import type { OpInfo } from './ops-common';
import type { EntryChanges } from './state';

export type EventKind = 'transfer' | 'mint' | 'burn';

/** One movement of value as CAP-67 emits it, in plain data. Addresses are strkeys: G…, B… (a claimable balance), L… (a pool). */
export interface PlannedEvent {
  kind: EventKind;
  asset: Asset;
  /** transfer: both; mint: `to` only; burn: `from` only. */
  from?: string;
  to?: string;
  amount: bigint;
  /** The transaction's memo as the destination's muxed id (a transfer or mint to an account). */
  memo?: Exclude<Memo, { type: 'none' }>;
}

/** A transaction's meta as applied, step by step. */
export interface MetaPlan {
  ledger: number;
  fee: EntryChanges;
  before: EntryChanges;
  /** Per operation (none for a failed transaction: its operations were rolled back). */
  operations: { changes: EntryChanges; events: PlannedEvent[] }[];
  feePayer: string;
  feeCharged: bigint;
}

const NATIVE: Asset = { type: 'native', key: 'native' };

/**
 * One movement of `amount` of `asset`: a transfer, or a mint when the issuer sends (to anyone but
 * itself), a burn when it receives (CAP-67 "Payment"). `memo` goes to a transfer or a mint whose
 * destination is an account (G…), never to a claimable balance or a pool.
 */
function movement(asset: Asset, from: string, to: string, amount: bigint, memo: Memo | null): PlannedEvent {
  const issuer = asset.type === 'credit' ? asset.issuer : null;
  const withMemo = memo && memo.type !== 'none' && to.startsWith('G') ? { memo } : {};
  if (issuer !== null && from === issuer && to !== issuer) return { kind: 'mint', asset, to, amount, ...withMemo };
  if (issuer !== null && to === issuer && from !== issuer) return { kind: 'burn', asset, from, amount };
  return { kind: 'transfer', asset, from, to, amount, ...withMemo };
}

/** B… of a claimable balance id as the store writes it (72 hex: its type, 00000000, then the hash). */
export function balanceAddressBytes(id: string): Buffer {
  return Buffer.from(id, 'hex').subarray(3);
}

/** The asset events of one applied operation, from what it was asked and what it did. */
export function planEvents(env: Envelope, op: Operation, source: string, info: OpInfo): PlannedEvent[] {
  const body = op.body;
  const memo = env.tx.memo;
  switch (body.type) {
    case 'payment':
      return [movement(body.asset, source, body.destination, body.amount, memo)];
    case 'create_account':
      return [movement(NATIVE, source, body.destination, body.startingBalance, memo)];
    case 'account_merge':
      return info.merged === undefined ? [] : [movement(NATIVE, source, body.destination, info.merged, memo)];
    case 'create_claimable_balance':
      return info.balanceId === undefined
        ? []
        : [movement(body.asset, source, `B:${info.balanceId}`, body.amount, null)];
    case 'claim_claimable_balance':
      return info.claimAsset === undefined || info.claimAmount === undefined
        ? []
        : [movement(info.claimAsset, `B:${body.balanceId}`, source, info.claimAmount, memo)];
    case 'liquidity_pool_deposit': {
      const [a, b] = info.poolAssets ?? [];
      const [amountA, amountB] = info.deposited ?? [];
      if (!a || !b || amountA === undefined || amountB === undefined) return [];
      const pool = `L:${body.poolId}`;
      return [movement(a, source, pool, amountA, null), movement(b, source, pool, amountB, null)];
    }
    case 'liquidity_pool_withdraw': {
      const [a, b] = info.poolAssets ?? [];
      const [amountA, amountB] = info.withdrawn ?? [];
      if (!a || !b || amountA === undefined || amountB === undefined) return [];
      const pool = `L:${body.poolId}`;
      return [movement(a, pool, source, amountA, memo), movement(b, pool, source, amountB, memo)];
    }
    default:
      return [];
  }
}
