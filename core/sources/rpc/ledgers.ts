// A ledger as Stellar RPC's getLedgers gives it, read into the one model.
import { xdr } from '@stellar/stellar-base';
import { stringifyJson } from '../../../shared/json';
import type { Ledger } from '../../../shared/model';
import { normalizeLedger } from '../horizon/resources';
import { transactionsOf } from '../ledger-meta/close-meta';
import type { LedgerInfo } from './calls';
import { ledgerJson } from './horizon-json';

/** A getLedgers record as the one model's ledger (its counts from its meta, when the server gave it). */
export function readLedgerInfo(info: LedgerInfo): Ledger {
  const entry = xdr.LedgerHeaderHistoryEntry.fromXDR(info.headerXdr, 'base64');
  let counts: { successful: number; failed: number; operations: number } | null = null;
  if (info.metadataXdr) {
    const transactions = transactionsOf(xdr.LedgerCloseMeta.fromXDR(info.metadataXdr, 'base64'));
    counts = { successful: 0, failed: 0, operations: 0 };
    for (const tx of transactions) {
      if (tx.successful) {
        counts.successful++;
        counts.operations += tx.operations.length;
      } else counts.failed++;
    }
  }
  return normalizeLedger(ledgerJson(info.hash, entry.header(), counts), stringifyJson(info as never));
}
