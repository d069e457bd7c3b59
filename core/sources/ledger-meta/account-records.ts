// STAND-IN (lakescan helper): the account's records of one ledger, read from its close meta. Another
// engineer writes the real reading (Horizon's participant rule, moves through the one reading); this
// placeholder has its exact signature so the lake scan (core/sources/lake/scan.ts) builds and is
// tested, and is replaced at merge. The scan calls it only for a ledger whose bytes hold the
// account's key (scan-object.ts), so it answers records with only the ledger and its close time.
import { StrKey, type xdr } from '@stellar/stellar-base';
import type { JsonObject } from '../../http/values';
import type { AssetContracts } from './asset-events';

export interface AccountLedgerRecords {
  ledger: number;
  closeTime: number;
  operations: JsonObject[];
  transactions: JsonObject[];
  trades: JsonObject[];
  balances: { asset: string; before: string; after: string }[];
}

export function accountRecords(
  meta: xdr.LedgerCloseMeta,
  account: string,
  contracts: AssetContracts,
): AccountLedgerRecords | null {
  void contracts;
  if (!StrKey.isValidEd25519PublicKey(account)) return null;
  const header = meta.value().ledgerHeader().header();
  return {
    ledger: header.ledgerSeq(),
    closeTime: Number(header.scpValue().closeTime().toString()),
    operations: [],
    transactions: [],
    trades: [],
    balances: [],
  };
}
