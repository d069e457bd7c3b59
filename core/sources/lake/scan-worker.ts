// A worker thread of the lake scan (scan-pool.ts): each message an object to scan (scan-object.ts),
// each reply its ledgers, the object handed back for the decoder, or the sentence of what is wrong
// with it. Nothing here loads @stellar/stellar-base until this worker decodes an object.
import { parentPort } from 'node:worker_threads';
import { LakeError } from '../../../shared/lake-layout';
import { scanObject, type ScanReply, type ScanTask } from './scan-object';

parentPort?.on('message', (task: ScanTask) => {
  void scanObject(task).then(
    (result) => {
      const reply: ScanReply = { id: task.id, ...result };
      const back = 'hit' in result ? [result.hit.buffer as ArrayBuffer] : [];
      parentPort!.postMessage(reply, back);
    },
    (error: unknown) => {
      const message = error instanceof LakeError ? error.message : `${task.key}: ${(error as Error).message}`;
      parentPort!.postMessage({ id: task.id, error: message } satisfies ScanReply);
    },
  );
});
