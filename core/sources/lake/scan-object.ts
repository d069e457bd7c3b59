// One lake object scanned for one account: decompressed within the bound, its head checked
// against its key, and searched for the account's 32 key bytes; only an object that holds them is
// decoded whole and read into the account's records (scan-decode.ts, loaded on the first such
// object). The scan's worker threads (scan-worker.ts) run it; only the pool's decoder (one worker)
// decodes, the others hand an object that holds the account back for it, so only one thread
// carries @stellar/stellar-base and the heap of a decoded ledger.
import { batchHead, decompressBatch } from './batch-head';
import { MAX_BATCH_BYTES } from '../../../shared/lake-layout';
import type { ScanLine, ScanResult, ScanTask } from './scan-task';

export type { ScanLine, ScanReply, ScanResult, ScanTask } from './scan-task';

/**
 * Frees a buffer's memory now, when it is all of its ArrayBuffer: a worker makes a megabyte of
 * garbage an object, outside the heap, and V8 collects such memory late (a scan's RSS grew by about
 * 64 MB a worker before it did). Nothing may use `bytes` after.
 */
function release(bytes: Uint8Array): void {
  const buffer = bytes.buffer;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength)
    // ES2024's ArrayBuffer.prototype.transfer (Node 20 and later), not in this project's TypeScript lib.
    (buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
}

export async function scanObject(task: ScanTask): Promise<ScanResult> {
  const raw = decompressBatch(task.bytes, task.key, task.maxBatchBytes ?? MAX_BATCH_BYTES);
  try {
    const head = batchHead(raw, task.ledger, task.config, task.key);
    if (raw.indexOf(task.accountKey) < 0) {
      release(task.bytes);
      const lines: ScanLine[] = [];
      for (let ledger = Math.max(head.start, task.from); ledger <= Math.min(head.end, task.to); ledger++)
        lines.push({ ledger, records: null });
      return { lines, decoded: false };
    }
    if (task.decode === false) return { hit: task.bytes };
    release(task.bytes);
    const { readAccount } = await import('./scan-decode');
    return { lines: readAccount(raw, task, head.start), decoded: true };
  } finally {
    release(raw);
  }
}
