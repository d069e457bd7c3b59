// What a transaction's meta says moved, as CAP-67 asset events (asset-events.ts: only the asset's
// own contract on the network counts): its fee (charged before, refunded after) and each
// operation's transfers, mints, burns and clawbacks, for the transaction page.
import { xdr } from '@stellar/stellar-base';
import { formatAmount } from '../../../shared/amount';
import type { AssetMovement } from '../../../shared/model';
import { parseAssetString } from '../../http/values';
import { type AssetContracts, type AssetEvent, readAssetEvent } from './asset-events';
import { applied } from './close-meta';

function movement(event: AssetEvent, operation?: number): AssetMovement {
  return {
    kind: event.kind,
    currency: parseAssetString(event.asset),
    amount: formatAmount(event.stroops, { fixed: true }),
    ...(event.from ? { from: event.from } : {}),
    ...(event.to ? { to: event.to } : {}),
    ...(event.toMuxedId ? { toMuxedId: event.toMuxedId } : {}),
    ...(operation !== undefined ? { operation } : {}),
  };
}

/** The movements a TransactionMeta's events record, in order; [] for a meta before v4 (no classic events). */
export function transactionMovements(meta: Buffer, contracts: AssetContracts): AssetMovement[] {
  const read = applied(xdr.TransactionMeta.fromXDR(meta));
  const movements: AssetMovement[] = [];
  const add = (event: xdr.ContractEvent, operation?: number) => {
    const asset = readAssetEvent(event, contracts);
    if (asset) movements.push(movement(asset, operation));
  };
  // The fee charged before every transaction applied, each operation's events, then any refund.
  const before = 'transactionEventStageBeforeAllTxes';
  for (const { event, stage } of read.transactionEvents) if (stage === before) add(event);
  read.operations.forEach((op, index) => op.events.forEach((event) => add(event, index + 1)));
  for (const { event, stage } of read.transactionEvents) if (stage !== before) add(event);
  return movements;
}
