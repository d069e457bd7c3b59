// One lake object scanned for one account: decompressed within the bound, its head checked
// against its key, and searched for the account's 32 key bytes; only an object that holds them is
// decoded whole and read into the account's records (account-records.ts). Pure: the scan's worker
// threads (scan-worker.ts) run it, a test may call it directly.
import { StrKey } from '@stellar/stellar-base';
import { stringifyJson } from '../../../shared/json';
import { accountRecords } from '../ledger-meta/account-records';
import { AssetContracts } from '../ledger-meta/asset-events';
import { batchHead, decodeBatch, decompressBatch, LakeError, MAX_BATCH_BYTES, type LakeConfig } from './layout';

export interface ScanTask {
  id: number;
  bytes: Uint8Array;
  /** A ledger of the object (its key's) and the key, for the checks and their sentences. */
  ledger: number;
  key: string;
  config: LakeConfig;
  account: string;
  /** Only ledgers from `from` to `to` are returned (a batch may reach outside the range). */
  from: number;
  to: number;
  maxBatchBytes?: number;
}

/** A ledger scanned: its records as lossless JSON text (numbers stay exact across threads), or null. */
export interface ScanLine {
  ledger: number;
  records: string | null;
}

export type ScanReply = { id: number; lines: ScanLine[]; decoded: boolean } | { id: number; error: string };

/** The 32 bytes every mention of an account holds (its ed25519 key; a muxed id holds them too). */
export function accountKeyBytes(account: string): Buffer {
  if (!StrKey.isValidEd25519PublicKey(account))
    throw new LakeError(`"${account.slice(0, 80)}" is not an account (G…): a lake is scanned for an account`);
  return Buffer.from(StrKey.decodeEd25519PublicKey(account));
}

const contractsBy = new Map<string, AssetContracts>();

export function scanObject(task: ScanTask): { lines: ScanLine[]; decoded: boolean } {
  const raw = decompressBatch(task.bytes, task.key, task.maxBatchBytes ?? MAX_BATCH_BYTES);
  const head = batchHead(raw, task.ledger, task.config, task.key);
  const inRange = (ledger: number) => ledger >= task.from && ledger <= task.to;
  if (raw.indexOf(accountKeyBytes(task.account)) < 0) {
    const lines: ScanLine[] = [];
    for (let ledger = head.start; ledger <= head.end; ledger++)
      if (inRange(ledger)) lines.push({ ledger, records: null });
    return { lines, decoded: false };
  }
  const metas = decodeBatch(raw, task.ledger, task.config, task.key);
  let contracts = contractsBy.get(task.config.networkPassphrase);
  if (!contracts)
    contractsBy.set(task.config.networkPassphrase, (contracts = new AssetContracts(task.config.networkPassphrase)));
  const lines: ScanLine[] = [];
  metas.forEach((meta, index) => {
    const ledger = head.start + index;
    if (!inRange(ledger)) return;
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
  return { lines, decoded: true };
}
