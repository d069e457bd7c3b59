// A landed transaction's operations, from its XDR (envelope, result and, where given, meta), written
// as Horizon's operation records: the bridge by which Stellar RPC and the ledger data lake are read
// by the one reading of operations (../horizon/normalize.ts, shared/moves.ts), field for field as
// Horizon writes them. What Horizon takes from the result or the meta is taken from them here too:
// a path payment's amounts, a merge's amount, a new claimable balance's id, what a claim, a pool
// deposit or a withdrawal moved (the entries' state before and after), a contract call's asset
// balance changes (its CAP-67 events).
import { Asset, StrKey, xdr } from '@stellar/stellar-base';
import { encodeToid } from '../../../shared/toid';
import { type AssetContracts, type AssetEvent, readAssetEvent } from './asset-events';
import type { MetaOperation } from './close-meta';
import { accountFields, amount, assetOf, iso, type JsonObject, type OperationContext } from './horizon-fields';
import {
  accountMerge,
  allowTrust,
  sponsoring,
  changeTrust,
  claim,
  createClaimableBalance,
  invokeHostFunction,
  revokeSponsorship,
  setOptions,
  setTrustLineFlags,
} from './horizon-accounts';
import { offer, pathPayment, pool } from './horizon-trading';

export { priceText } from './horizon-trading';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface LandedTransaction {
  hash: string;
  ledger: number;
  /** 1-based order in its ledger. */
  applicationOrder: number;
  /** Unix seconds. */
  closeTime: number;
  envelope: xdr.TransactionEnvelope;
  result: xdr.TransactionResult;
  /** Each operation's ledger entry changes (its meta), when known. */
  operationChanges?: readonly (readonly xdr.LedgerEntryChange[])[];
  /** Each operation's asset events (CAP-67), when known. */
  operationEvents?: readonly (readonly AssetEvent[])[];
}

/** What a transaction's meta gives its operations' translation: each one's entry changes and asset events (CAP-67; a SAC's in meta v3). */
export function operationInputs(
  operations: readonly MetaOperation[],
  contracts: AssetContracts,
): Required<Pick<LandedTransaction, 'operationChanges' | 'operationEvents'>> {
  return {
    operationChanges: operations.map((op) => op.changes),
    operationEvents: operations.map((op) =>
      op.events.flatMap((event): AssetEvent[] => {
        const read = readAssetEvent(event, contracts);
        return read ? [read] : [];
      }),
    ),
  };
}

/** The operation results of a transaction's result (a fee bump's inner one's), or [] when it has none. */
export function operationResults(result: xdr.TransactionResult): xdr.OperationResult[] {
  const body = result.result();
  const name = body.switch().name;
  if (name === 'txFeeBumpInnerSuccess' || name === 'txFeeBumpInnerFailed')
    return body.innerResultPair().result().result().results() ?? [];
  if (name === 'txSuccess' || name === 'txFailed') return body.results() ?? [];
  return [];
}

/** The inner transaction of an envelope (v0, v1, or a fee bump's). */
export function innerOf(envelope: xdr.TransactionEnvelope): { source: xdr.MuxedAccount; operations: xdr.Operation[] } {
  switch (envelope.switch().name) {
    case 'envelopeTypeTxV0': {
      const tx = envelope.v0().tx();
      return { source: xdr.MuxedAccount.keyTypeEd25519(tx.sourceAccountEd25519()), operations: tx.operations() };
    }
    case 'envelopeTypeTxFeeBump': {
      const tx = envelope.feeBump().tx().innerTx().v1().tx();
      return { source: tx.sourceAccount(), operations: tx.operations() };
    }
    default: {
      const tx = envelope.v1().tx();
      return { source: tx.sourceAccount(), operations: tx.operations() };
    }
  }
}

export function isSuccessful(result: xdr.TransactionResult): boolean {
  const name = result.result().switch().name;
  return name === 'txSuccess' || name === 'txFeeBumpInnerSuccess';
}

/** Every operation of a landed transaction, as Horizon's operation records (in order). */
export function horizonOperations(tx: LandedTransaction): JsonObject[] {
  const { source, operations } = innerOf(tx.envelope);
  const results = operationResults(tx.result);
  const successful = isSuccessful(tx.result);
  const sponsors = new Map<string, string>();
  return operations.map((op, index) => {
    const id = encodeToid({ ledger: tx.ledger, txOrder: tx.applicationOrder, opIndex: index + 1 }).toString();
    const opSource = op.sourceAccount() ?? source;
    const common: JsonObject = {
      id,
      paging_token: id,
      transaction_successful: successful,
      ...accountFields(opSource, 'source_account'),
      type: snake(op.body().switch().name).replace(/^_/, ''),
      type_i: op.body().switch().value,
      created_at: iso(tx.closeTime),
      transaction_hash: tx.hash,
    };
    const context: OperationContext = {
      source: common['source_account'] as string,
      sourceMuxed: opSource,
      sponsors,
      result: successful ? results[index] : undefined,
      changes: successful ? (tx.operationChanges?.[index] ?? []) : [],
      events: successful ? (tx.operationEvents?.[index] ?? []) : [],
    };
    return { ...common, type: typeName(op), ...fieldsOf(op, context) };
  });
}

/** Horizon's type name: the XDR's, in snake case, as Horizon names it. */
function typeName(op: xdr.Operation): string {
  const name = op.body().switch().name;
  const named: Record<string, string> = {
    manageSellOffer: 'manage_sell_offer',
    manageBuyOffer: 'manage_buy_offer',
    createPassiveSellOffer: 'create_passive_sell_offer',
    beginSponsoringFutureReserves: 'begin_sponsoring_future_reserves',
    endSponsoringFutureReserves: 'end_sponsoring_future_reserves',
    extendFootprintTtl: 'extend_footprint_ttl',
  };
  return named[name] ?? snake(name);
}

function fieldsOf(op: xdr.Operation, context: OperationContext): JsonObject {
  const body = op.body();
  switch (body.switch().name) {
    case 'createAccount': {
      const o = body.createAccountOp();
      return {
        starting_balance: amount(o.startingBalance()),
        funder: context.source,
        account: StrKey.encodeEd25519PublicKey(o.destination().ed25519()),
      };
    }
    case 'payment': {
      const o = body.paymentOp();
      return {
        ...assetOf(Asset.fromOperation(o.asset())),
        ...accountFields(context.sourceMuxed, 'from'),
        ...accountFields(o.destination(), 'to'),
        amount: amount(o.amount()),
      };
    }
    case 'pathPaymentStrictReceive':
    case 'pathPaymentStrictSend':
      return pathPayment(body, context);
    case 'manageSellOffer':
    case 'manageBuyOffer':
    case 'createPassiveSellOffer':
      return offer(op);
    case 'setOptions':
      return setOptions(op);
    case 'changeTrust':
      return changeTrust(op, context);
    case 'allowTrust':
      return allowTrust(op, context);
    case 'accountMerge':
      return accountMerge(body, context);
    case 'manageData': {
      const o = body.manageDataOp();
      const value = o.dataValue();
      return {
        name: Buffer.from(o.dataName() as unknown as Uint8Array).toString('latin1'),
        value: value ? Buffer.from(value).toString('base64') : '',
      };
    }
    case 'bumpSequence':
      return { bump_to: body.bumpSequenceOp().bumpTo().toString() };
    case 'createClaimableBalance':
      return createClaimableBalance(op, context);
    case 'claimClaimableBalance':
      return claim(op, context);
    case 'beginSponsoringFutureReserves':
    case 'endSponsoringFutureReserves':
      return sponsoring(body, context);
    case 'revokeSponsorship':
      return revokeSponsorship(op);
    case 'clawback': {
      const o = body.clawbackOp();
      return {
        ...assetOf(Asset.fromOperation(o.asset())),
        ...accountFields(o.from(), 'from'),
        amount: amount(o.amount()),
      };
    }
    case 'clawbackClaimableBalance':
      return { balance_id: body.clawbackClaimableBalanceOp().balanceId().toXDR('hex') };
    case 'setTrustLineFlags':
      return setTrustLineFlags(op);
    case 'liquidityPoolDeposit':
    case 'liquidityPoolWithdraw':
      return pool(op, context);
    case 'invokeHostFunction':
      return invokeHostFunction(op, context);
    case 'extendFootprintTtl':
      return { extend_to: body.extendFootprintTtlOp().extendTo() };
    default:
      return {};
  }
}
