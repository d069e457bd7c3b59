// The thread that fetches a lake's objects over HTTP (fetch-transport.ts is the main thread's side):
// each message a GET, sent with the core's transport (http-node.ts: its agents, redirects within
// the origin, bounded bodies), its head posted back at once, then a successful body read whole
// within the caller's bound and moved to the main thread without a copy (or an unsuccessful one as
// text). The sockets' chunks of a scan's hundreds of MB are garbage here, in a small young
// generation collected often, not in the main thread's (docs/benchmarks.md).
import { parentPort } from 'node:worker_threads';
import { CoreError } from '../../app/errors';
import { request } from '../../http/http-node';
import type { FetchAsked, FetchTold } from './fetch-protocol';

const going = new Map<number, AbortController>();

const tell = (told: FetchTold, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(told, transfer);

async function get({ rid, url, headers, limit }: Extract<FetchAsked, { kind: 'get' }>): Promise<void> {
  const controller = new AbortController();
  going.set(rid, controller);
  try {
    const answer = await request(new URL(url), { method: 'GET', headers }, controller.signal);
    tell({ rid, event: 'head', status: answer.status, headers: [...answer.headers] });
    if (answer.ok) {
      const bytes = await answer.arrayBuffer(undefined, limit);
      tell({ rid, event: 'body', bytes }, [bytes]);
    } else tell({ rid, event: 'text', text: await answer.text() });
  } catch (error) {
    if (controller.signal.aborted) return;
    const { message, code } = error as Error & { code?: unknown };
    tell({
      rid,
      event: 'error',
      message,
      ...(typeof code === 'string' ? { code } : {}),
      core: error instanceof CoreError,
    });
  } finally {
    going.delete(rid);
  }
}

parentPort?.on('message', (asked: FetchAsked) => {
  if (asked.kind === 'drop') {
    going.get(asked.rid)?.abort();
    going.delete(asked.rid);
  } else void get(asked);
});
