// A transaction as Stellar RPC gives it (getTransaction, getTransactions, a ledger's meta) to its
// operations in Horizon's records: its envelope, result and meta decoded, each operation's entry
// changes and CAP-67 asset events handed to the one translator (../ledger-meta/horizon-operations.ts).
import { TransactionBuilder, xdr } from '@stellar/stellar-base';
import type { JsonValue } from '../../../shared/json';
import { CoreError } from '../../app/errors';
import type { AssetContracts } from '../ledger-meta/asset-events';
import { applied } from '../ledger-meta/close-meta';
import { horizonOperations, operationInputs } from '../ledger-meta/horizon-operations';

export interface RpcTransaction {
  txHash: string;
  ledger: number;
  applicationOrder: number;
  /** Unix seconds. */
  createdAt: number;
  envelopeXdr: string;
  resultXdr: string;
  resultMetaXdr?: string | undefined;
}

/** The transaction's operations as Horizon's records (with the meta's amounts where the meta was given). */
export function rpcOperations(tx: RpcTransaction, contracts: AssetContracts): { [key: string]: JsonValue }[] {
  let meta, envelope, result;
  try {
    meta = tx.resultMetaXdr ? applied(xdr.TransactionMeta.fromXDR(tx.resultMetaXdr, 'base64')) : null;
    envelope = xdr.TransactionEnvelope.fromXDR(tx.envelopeXdr, 'base64');
    result = xdr.TransactionResult.fromXDR(tx.resultXdr, 'base64');
  } catch (error) {
    throw new CoreError(
      'bad_response',
      `The server's transaction ${tx.txHash.slice(0, 12)}… could not be read: its envelope, result or meta is not valid XDR (${(error as Error).message.slice(0, 120)}).`,
    );
  }
  // The envelope is the transaction's own: its hash on this network is the hash it is shown under.
  const hash = TransactionBuilder.fromXDR(envelope, contracts.passphrase).hash().toString('hex');
  if (hash !== tx.txHash.toLowerCase())
    throw new CoreError(
      'bad_response',
      `The server's transaction ${tx.txHash.slice(0, 12)}… holds the envelope of transaction ${hash.slice(0, 12)}… on this network: nothing of it is shown.`,
    );
  return horizonOperations({
    hash: tx.txHash,
    ledger: tx.ledger,
    applicationOrder: tx.applicationOrder,
    closeTime: tx.createdAt,
    envelope,
    result,
    ...(meta ? operationInputs(meta.operations, contracts) : {}),
  });
}
