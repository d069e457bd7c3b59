// An object that holds the account's key bytes, decoded whole (readBatch's checks) and read into
// the account's records ledger by ledger (account-records.ts): the part of a scan that needs
// @stellar/stellar-base, loaded by the pool's decoder worker on its first such object.
import { stringifyJson } from '../../../shared/json';
import { accountRecords } from '../ledger-meta/account-records';
import { AssetContracts } from '../ledger-meta/asset-events';
import { decodeBatch, LakeError } from './layout';
import type { ScanLine, ScanTask } from './scan-task';

const contractsBy = new Map<string, AssetContracts>();

export function readAccount(raw: Uint8Array, task: ScanTask, start: number): ScanLine[] {
  const metas = decodeBatch(raw, task.ledger, task.config, task.key);
  const passphrase = task.config.networkPassphrase;
  let contracts = contractsBy.get(passphrase);
  if (!contracts) contractsBy.set(passphrase, (contracts = new AssetContracts(passphrase)));
  const lines: ScanLine[] = [];
  metas.forEach((meta, index) => {
    const ledger = start + index;
    if (ledger < task.from || ledger > task.to) return;
    let records;
    try {
      records = accountRecords(meta, task.account, contracts);
    } catch (error) {
      throw new LakeError(
        `${task.key}: ledger ${ledger} could not be read for the account (${(error as Error).message})`,
      );
    }
    lines.push({ ledger, records: records === null ? null : stringifyJson(records) });
  });
  return lines;
}
