// An object that holds the account's key bytes, read into the account's records ledger by ledger
// (account-records.ts): the part of a scan that needs @stellar/stellar-base, loaded by the pool's
// decoder worker on its first such object. Only the transactions that hold the key bytes are
// decoded (batch-records.ts); a batch that cannot be read so is decoded whole (readBatch's checks),
// which says what is wrong with it.
import { stringifyJson } from '../../../shared/json';
import { accountRecords, type AccountLedgerRecords } from '../ledger-meta/account-records';
import { AssetContracts } from '../ledger-meta/asset-events';
import { batchRecords } from '../ledger-meta/batch-records';
import { decodeBatch, LakeError } from './layout';
import type { ScanLine, ScanTask } from './scan-task';

const contractsBy = new Map<string, AssetContracts>();

export function readAccount(raw: Buffer, task: ScanTask, start: number): ScanLine[] {
  const passphrase = task.config.networkPassphrase;
  let contracts = contractsBy.get(passphrase);
  if (!contracts) contractsBy.set(passphrase, (contracts = new AssetContracts(passphrase)));
  const wanted = (ledger: number) => ledger >= task.from && ledger <= task.to;
  const line = (ledger: number, records: AccountLedgerRecords | null): ScanLine => ({
    ledger,
    records: records === null ? null : stringifyJson(records),
  });
  let fast: ReturnType<typeof batchRecords>;
  try {
    fast = batchRecords(raw, start, wanted, task.account, task.accountKey, contracts);
  } catch {
    // A ledger the account's records could not be read from: the whole decode below says why, as it always has.
    fast = null;
  }
  if (fast) return fast.map(([ledger, records]) => line(ledger, records));
  const metas = decodeBatch(raw, task.ledger, task.config, task.key);
  const lines: ScanLine[] = [];
  metas.forEach((meta, index) => {
    const ledger = start + index;
    if (!wanted(ledger)) return;
    let records;
    try {
      records = accountRecords(meta, task.account, contracts);
    } catch (error) {
      throw new LakeError(
        `${task.key}: ledger ${ledger} could not be read for the account (${(error as Error).message})`,
      );
    }
    lines.push(line(ledger, records));
  });
  return lines;
}
