// One ledger's records of one account, read from its LedgerCloseMeta: what the account's three
// Horizon listings (/accounts/{id}/operations?join=transactions&include_failed=true, its
// /transactions?include_failed=true and its /trades) would list of the ledger, written by the
// one translator (horizon-operations.ts, horizon-trades.ts, ../rpc/horizon-json.ts), and the
// balances of the account the ledger's entry changes record before and after it. The ledger data
// lake's sync and RPC's getLedgers both index an account through this, so an index built from
// ledgers holds exactly what one built from a Horizon holds. Pure and synchronous, its results
// plain JSON (a worker thread's structured clone).
//
// Who an operation belongs to is Horizon's participant rule (its operations processor), which the
// local service's operation scopes apply too (network/validator/apply.ts scopesOf): the
// operation's source; a create, payment, path payment or merge's destination; a claimable
// balance's claimants; allow trust's and set trust line flags' trustor; a clawback's holder; a
// begin sponsoring's sponsored account and the end's sponsor; the accounts a contract call's SAC
// events name; and the sponsor of an entry the operation created. A transaction belongs to its
// source, its fee payer and its operations' participants (as the local service lists them;
// Horizon also lists it for accounts whose entries only its meta changed, which no record here
// stands for: their trades are listed, their fee rows never concern them).
import { hash, StrKey, xdr } from '@stellar/stellar-base';
import { transactionJson } from '../rpc/horizon-json';
import type { AssetContracts } from './asset-events';
import { CloseMetaError, closeTimeOf, ledgerSequenceOf, transactionsOf, type MetaTransaction } from './close-meta';
import { entryBalances, netOfTransaction } from './entry-balances';
import type { JsonObject } from './horizon-fields';
import { horizonOperations, innerOf, operationInputs, operationResults } from './horizon-operations';
import { horizonTrades } from './horizon-trades';
import { holdingKey } from './key-bytes';
import { base, holderIs, operationParticipants } from './participants';
import { envelopeHash, envelopesByHash, envelopesOf } from './tx-set';

export interface AccountLedgerRecords {
  ledger: number;
  /** The ledger's close time, unix seconds. */
  closeTime: number;
  /** Horizon operation records of the account (Horizon's participant rule), in id order, each with `transaction` embedded as join=transactions gives it, failed ones included. */
  operations: JsonObject[];
  /** Horizon transaction records of the account's transactions (as /accounts/{id}/transactions lists them, failed included), in order. */
  transactions: JsonObject[];
  /** Horizon trade records the account is the base or counter of (as /accounts/{id}/trades lists them), in order. */
  trades: JsonObject[];
  /** Each balance of the account (asset key as shared/moves.ts movedAssetKey: "native", "CODE:ISSUER", "pool:<hex>") this ledger's entry changes touched (fee processing, applies, post-apply refunds, in the ledger's order): stroops before the ledger and after it, decimal integer strings. */
  balances: { asset: string; before: string; after: string }[];
}

/** The fee bump's payer and the inner transaction's source, as G… accounts. */
function sourcesOf(envelope: xdr.TransactionEnvelope): { source: string; feeAccount: string } {
  const source = base(innerOf(envelope).source);
  return {
    source,
    feeAccount: envelope.switch().name === 'envelopeTypeTxFeeBump' ? base(envelope.feeBump().tx().feeSource()) : source,
  };
}

/**
 * The ledger's records of `account` (G…), or null when nothing of the ledger concerns it (no
 * record and no balance change). Throws CloseMetaError naming the ledger (and the transaction)
 * for meta it cannot read.
 */
export function accountRecords(
  meta: xdr.LedgerCloseMeta,
  account: string,
  contracts: AssetContracts,
): AccountLedgerRecords | null {
  let ledger = 0;
  try {
    ledger = ledgerSequenceOf(meta);
    return read(meta, ledger, account, contracts);
  } catch (error) {
    if (error instanceof CloseMetaError && error.message.startsWith(`ledger ${ledger}`)) throw error;
    const what = error instanceof Error ? error.message : String(error);
    throw new CloseMetaError(`ledger ${ledger}: ${what.slice(0, 300)}`, { cause: error });
  }
}

/**
 * What of one ledger the records of an account are read from: its transactions that may concern
 * the account with their results, and its envelopes. `accountRecords` gives all of a decoded
 * ledger; a reader of the ledger's bytes may give fewer (batch-records.ts): every transaction whose
 * result meta's or envelope's bytes hold the account's key bytes, and at least every envelope whose
 * bytes hold them; the records are the same, since a transaction that holds them in neither
 * changes none of the account's entries and names it nowhere this reads.
 */
export interface LedgerTransactions {
  ledger: number;
  closeTime: number;
  /** In the order the ledger applied them (each its own `order`). */
  txs: MetaTransaction[];
  /** Each of `txs`'s result. */
  results: xdr.TransactionResult[];
  /** Envelopes of the set that may hold the account's key bytes (each is checked). */
  candidates: readonly xdr.TransactionEnvelope[];
  /** Any envelope of the set, by its hash (hex) on the network. */
  envelopeOf(hash: string): xdr.TransactionEnvelope | undefined;
  /** How many envelopes the ledger's set holds, and results its meta (all, not only those given). */
  setSize: number;
  resultCount: number;
}

/** accountRecords of what a reader of the ledger's bytes gave (LedgerTransactions), its errors as accountRecords says them. */
export function accountRecordsOf(
  ledger: LedgerTransactions,
  account: string,
  contracts: AssetContracts,
): AccountLedgerRecords | null {
  try {
    return recordsOf(ledger, account, contracts);
  } catch (error) {
    if (error instanceof CloseMetaError && error.message.startsWith(`ledger ${ledger.ledger}`)) throw error;
    const what = error instanceof Error ? error.message : String(error);
    throw new CloseMetaError(`ledger ${ledger.ledger}: ${what.slice(0, 300)}`, { cause: error });
  }
}

function read(
  meta: xdr.LedgerCloseMeta,
  ledger: number,
  account: string,
  contracts: AssetContracts,
): AccountLedgerRecords | null {
  const closeTime = Number(closeTimeOf(meta));
  const txs = transactionsOf(meta);
  const processing = meta.value().txProcessing() as (xdr.TransactionResultMeta | xdr.TransactionResultMetaV1)[];
  const set = envelopesOf(meta);
  let all: Map<string, xdr.TransactionEnvelope> | undefined;
  return recordsOf(
    {
      ledger,
      closeTime,
      txs,
      results: processing.slice(0, txs.length).map((processed) => processed.result().result()),
      candidates: set,
      envelopeOf: (hash) => (all ??= envelopesByHash(meta, contracts.passphrase)).get(hash),
      setSize: set.length,
      resultCount: txs.length,
    },
    account,
    contracts,
  );
}

function recordsOf(
  { ledger, closeTime, txs, results, candidates, envelopeOf, setSize, resultCount }: LedgerTransactions,
  account: string,
  contracts: AssetContracts,
): AccountLedgerRecords | null {
  const key = Buffer.from(StrKey.decodeEd25519PublicKey(account));

  // The balances: every entry change of the ledger, in its order (all fees, each apply, each
  // refund). After: where the last change left it. Before: after less the sum of each list's own
  // change, which does not depend on the lists' order (a core whose fee changes state the balance
  // as of the transaction's apply rather than before all of them still reads true).
  const lists = [
    ...txs.map((tx) => tx.feeChanges),
    ...txs.flatMap((tx) => [tx.changesBefore, ...tx.operations.map((op) => op.changes), tx.changesAfter]),
    ...txs.map((tx) => tx.postFeeChanges),
  ].map((list) => list.filter((change) => holderIs(change, key)));
  const touched = [...entryBalances(lists).values()].filter((b) => b.account === account);
  const net = touched.length ? netOfTransaction(lists) : new Map<string, bigint>();
  const balances = touched.map((b) => ({
    asset: b.asset,
    before: String(b.after - (net.get(`${account}|${b.asset}`) ?? 0n)),
    after: String(b.after),
  }));

  const operations: JsonObject[] = [];
  const transactions: JsonObject[] = [];
  const trades: JsonObject[] = [];
  // Each result is one envelope's: a set that holds more or fewer is not this ledger's.
  if (setSize !== resultCount)
    throw new CloseMetaError(
      `ledger ${ledger}: its transaction set holds ${setSize} transactions, its results ${resultCount}`,
    );
  const { named, unnamedHolding } = holdersOf(txs, candidates, results, key, contracts.passphrase);
  txs.forEach((tx, index) => {
    const result = results[index]!;
    let envelope = named.get(tx.hash);
    if (!envelope) {
      if (!unnamedHolding.has(index)) return;
      envelope = envelopeOf(tx.hash);
      if (!envelope)
        throw new CloseMetaError(
          `ledger ${ledger}: its meta names transaction ${tx.hash}, which its transaction set does not hold`,
        );
    }
    readTransaction(tx, envelope, result, { ledger, closeTime, account, contracts }, operations, transactions, trades);
  });

  const changed = balances.some((b) => b.before !== b.after);
  if (!operations.length && !transactions.length && !trades.length && !changed) return null;
  return { ledger, closeTime, operations, transactions, trades, balances };
}

/**
 * The transactions whose bytes hold the account's key. Only the envelopes that hold it are hashed
 * (hashing every one is most of a ledger's cost), `named` by their hash; a transaction whose
 * envelope does not name it may still concern it through its result (an offer of its crossed: the
 * claim atoms name the seller) or a contract call's SAC events: `unnamedHolding` holds their
 * indexes (in the ledger's apply order), whose envelopes the caller finds by hashing the whole set.
 * Each holds exactly as its own toXDR().includes(key) would say, found in one buffer
 * (key-bytes.ts) rather than by serialising each of thousands of envelopes and results on its own.
 */
function holdersOf(
  txs: readonly MetaTransaction[],
  set: readonly xdr.TransactionEnvelope[],
  results: readonly xdr.TransactionResult[],
  key: Buffer,
  passphrase: string,
): { named: Map<string, xdr.TransactionEnvelope>; unnamedHolding: Set<number> } {
  const networkId = hash(Buffer.from(passphrase));
  const named = new Map<string, xdr.TransactionEnvelope>();
  holdingKey(xdr.TransactionEnvelope, set, key).forEach((holds, index) => {
    if (holds) named.set(envelopeHash(set[index]!, networkId, passphrase), set[index]!);
  });
  const unnamed = txs.flatMap((tx, index) => (named.has(tx.hash) ? [] : [index]));
  const unnamedHolding = new Set<number>();
  holdingKey(
    xdr.TransactionResult,
    unnamed.map((index) => results[index]!),
    key,
  ).forEach((holds, i) => holds && unnamedHolding.add(unnamed[i]!));
  // A contract call's events (of the unnamed transactions of one operation), each with its transaction.
  const events = unnamed.flatMap((index) =>
    txs[index]!.operations.length === 1 ? txs[index]!.operations[0]!.events.map((event) => ({ index, event })) : [],
  );
  holdingKey(
    xdr.ContractEvent,
    events.map((e) => e.event),
    key,
  ).forEach((holds, i) => holds && unnamedHolding.add(events[i]!.index));
  return { named, unnamedHolding };
}

interface Reading {
  ledger: number;
  closeTime: number;
  account: string;
  contracts: AssetContracts;
}

function readTransaction(
  tx: MetaTransaction,
  envelope: xdr.TransactionEnvelope,
  result: xdr.TransactionResult,
  { ledger, closeTime, account, contracts }: Reading,
  operations: JsonObject[],
  transactions: JsonObject[],
  trades: JsonObject[],
): void {
  try {
    const inputs = operationInputs(tx.successful ? tx.operations : [], contracts);
    const eventAccounts = inputs.operationEvents.map((events) =>
      events.flatMap((e) => [e.from, e.to].filter((a): a is string => a !== undefined && a.startsWith('G'))),
    );
    const participants = operationParticipants(envelope, inputs.operationChanges, eventAccounts);
    const { source, feeAccount } = sourcesOf(envelope);
    const ownOps = participants.map((set) => set.has(account));
    const ownTx = source === account || feeAccount === account || ownOps.some(Boolean);
    const landed = { hash: tx.hash, ledger, applicationOrder: tx.order, closeTime, envelope, result };
    const txRecord = () =>
      transactionJson({
        hash: tx.hash,
        ledger,
        applicationOrder: tx.order,
        createdAt: closeTime,
        envelopeXdr: envelope.toXDR('base64'),
        resultXdr: result.toXDR('base64'),
      });
    let joined: JsonObject | undefined;
    if (ownTx) {
      joined = txRecord();
      transactions.push(joined);
    }
    if (ownOps.some(Boolean)) {
      const records = horizonOperations({ ...landed, ...inputs });
      records.forEach((record, i) => {
        if (ownOps[i]) operations.push({ ...record, transaction: joined! });
      });
    }
    if (!tx.successful) return;
    const { source: txSource, operations: ops } = innerOf(envelope);
    const results = operationResults(result);
    ops.forEach((op, i) => {
      const made = horizonTrades({
        ledger,
        applicationOrder: tx.order,
        opIndex: i + 1,
        closeTime,
        operation: op,
        source: base(op.sourceAccount() ?? txSource),
        result: results[i],
        changes: tx.operations[i]?.changes ?? [],
      });
      for (const trade of made)
        if (trade['base_account'] === account || trade['counter_account'] === account) trades.push(trade);
    });
  } catch (error) {
    const what = error instanceof Error ? error.message : String(error);
    throw new CloseMetaError(`ledger ${ledger}, transaction ${tx.hash}: ${what.slice(0, 300)}`, { cause: error });
  }
}
