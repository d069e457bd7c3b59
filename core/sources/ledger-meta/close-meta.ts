// A ledger's transactions as its LedgerCloseMeta records them (versions 0 to 2, transaction meta 0
// to 4): for each, in application order, its hash and outcome, the entry changes of its fee, its
// apply (before, per operation, after) and its refund, and its events (the transaction's own, staged
// before or after, and each operation's). The readers of what moved start from here.
import type { xdr } from '@stellar/stellar-base';

export interface MetaOperation {
  changes: xdr.LedgerEntryChange[];
  /** The operation's contract events (meta v4: CAP-67 asset events among them); meta v3 puts a Soroban call's here too. */
  events: xdr.ContractEvent[];
}

export interface MetaTransaction {
  /** 1-based, in the order the ledger applied them. */
  order: number;
  /** Hex; a fee bump's is the outer envelope's. */
  hash: string;
  successful: boolean;
  /** The transaction meta's version (0 to 4): below 4 no classic event is recorded. */
  metaVersion: number;
  feeChanges: xdr.LedgerEntryChange[];
  changesBefore: xdr.LedgerEntryChange[];
  operations: MetaOperation[];
  changesAfter: xdr.LedgerEntryChange[];
  /** The refund of an unused Soroban fee after every transaction applied (ledger close meta v2). */
  postFeeChanges: xdr.LedgerEntryChange[];
  /** Meta v4's transaction-level events: the fee charged before (and refunded after) it. */
  transactionEvents: { stage: string; event: xdr.ContractEvent }[];
}

export class CloseMetaError extends Error {
  override name = 'CloseMetaError';
}

export function ledgerSequenceOf(lcm: xdr.LedgerCloseMeta): number {
  return lcm.value().ledgerHeader().header().ledgerSeq();
}

/** The ledger's close time, in seconds since 1970. */
export function closeTimeOf(lcm: xdr.LedgerCloseMeta): bigint {
  return lcm.value().ledgerHeader().header().scpValue().closeTime().toBigInt();
}

export function transactionsOf(lcm: xdr.LedgerCloseMeta): MetaTransaction[] {
  const version = lcm.switch();
  if (version !== 0 && version !== 1 && version !== 2)
    throw new CloseMetaError(`ledger close meta version ${String(version)} is not one this reads (0 to 2)`);
  const processing = lcm.value().txProcessing() as (xdr.TransactionResultMeta | xdr.TransactionResultMetaV1)[];
  return processing.map(metaTransactionOf);
}

/** The transaction a ledger's `index`th (0-based, in apply order) result meta records. */
export function metaTransactionOf(
  item: xdr.TransactionResultMeta | xdr.TransactionResultMetaV1,
  index: number,
): MetaTransaction {
  const pair = item.result();
  const code = pair.result().result().switch().name;
  const post = 'postTxApplyFeeProcessing' in item ? item.postTxApplyFeeProcessing() : [];
  return {
    order: index + 1,
    hash: Buffer.from(pair.transactionHash()).toString('hex'),
    successful: code === 'txSuccess' || code === 'txFeeBumpInnerSuccess',
    ...applied(item.txApplyProcessing()),
    feeChanges: item.feeProcessing(),
    postFeeChanges: post,
  };
}

type Applied = Pick<
  MetaTransaction,
  'metaVersion' | 'changesBefore' | 'operations' | 'changesAfter' | 'transactionEvents'
>;

/** A transaction's meta (versions 0 to 4) as what applied: the changes before, each operation's changes and events, after. */
export function applied(meta: xdr.TransactionMeta): Applied {
  const version = meta.switch() as number;
  const none = { changesBefore: [], changesAfter: [], transactionEvents: [] };
  switch (version) {
    case 0:
      return {
        metaVersion: 0,
        ...none,
        operations: meta.operations().map((op) => ({ changes: op.changes(), events: [] })),
      };
    case 1: {
      const v1 = meta.v1();
      return {
        metaVersion: 1,
        ...none,
        changesBefore: v1.txChanges(),
        operations: v1.operations().map((op) => ({ changes: op.changes(), events: [] })),
      };
    }
    case 2:
    case 3: {
      const v = version === 2 ? meta.v2() : meta.v3();
      const operations = v.operations().map((op) => ({ changes: op.changes(), events: [] as xdr.ContractEvent[] }));
      const soroban = version === 3 ? meta.v3().sorobanMeta() : null;
      if (soroban && operations[0]) operations[0].events = soroban.events();
      return {
        metaVersion: version,
        ...none,
        changesBefore: v.txChangesBefore(),
        operations,
        changesAfter: v.txChangesAfter(),
      };
    }
    case 4: {
      const v4 = meta.v4();
      return {
        metaVersion: 4,
        changesBefore: v4.txChangesBefore(),
        operations: v4.operations().map((op) => ({ changes: op.changes(), events: op.events() })),
        changesAfter: v4.txChangesAfter(),
        transactionEvents: v4.events().map((e) => ({ stage: e.stage().name, event: e.event() })),
      };
    }
    default:
      throw new CloseMetaError(`transaction meta version ${version} is not one this reads (0 to 4)`);
  }
}

/** Every entry change of a transaction, in the order they applied: fee, before, each operation, after, refund. */
export function changeListsOf(tx: MetaTransaction): xdr.LedgerEntryChange[][] {
  return [
    tx.feeChanges,
    tx.changesBefore,
    ...tx.operations.map((op) => op.changes),
    tx.changesAfter,
    tx.postFeeChanges,
  ];
}

/** Every contract event of a transaction: its own (fee) and each operation's. */
export function eventsOf(tx: MetaTransaction): xdr.ContractEvent[] {
  return [...tx.transactionEvents.map((e) => e.event), ...tx.operations.flatMap((op) => op.events)];
}
