// A worker thread of the lake scan (scan.ts): each message an object to scan (scan-object.ts),
// each reply its ledgers or the sentence of what is wrong with it.
import { parentPort } from 'node:worker_threads';
import { LakeError } from './layout';
import { scanObject, type ScanReply, type ScanTask } from './scan-object';

parentPort?.on('message', (task: ScanTask) => {
  let reply: ScanReply;
  try {
    reply = { id: task.id, ...scanObject(task) };
  } catch (error) {
    const message = error instanceof LakeError ? error.message : `${task.key}: ${(error as Error).message}`;
    reply = { id: task.id, error: message };
  }
  parentPort!.postMessage(reply);
});
