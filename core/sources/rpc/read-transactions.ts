// Transactions by hash on a Stellar RPC server, which has no batch form: a bounded number at once.
import { CoreError } from '../../app/errors';
import type { RpcCalls } from './calls';
import type { RpcTransaction } from './operations';

/** Transactions read at once (getTransaction has no batch form). */
export const TRANSACTIONS_AT_ONCE = 16;

/**
 * The transactions the window still holds, in the order asked. One named but gone by now is left
 * out and told to `onGone` with the oldest ledger the server said it keeps then, so a listing can
 * say it no longer holds that ledger rather than leave its rows out silently.
 */
export async function readTransactions(
  calls: RpcCalls,
  hashes: string[],
  signal?: AbortSignal,
  /** How many at once (a page's listing asks as many as its page can need, at most 200). */
  atOnce = TRANSACTIONS_AT_ONCE,
  onGone?: (hash: string, oldestLedger: number) => void,
): Promise<RpcTransaction[]> {
  const read: RpcTransaction[] = [];
  const width = Math.min(Math.max(1, atOnce), 200);
  for (let i = 0; i < hashes.length; i += width) {
    const infos = await Promise.all(hashes.slice(i, i + width).map((hash) => calls.transaction(hash, { signal })));
    for (const [j, info] of infos.entries()) {
      // Named by an event of the window, gone by now: the window moved on while we read.
      const asked = hashes[i + j]!;
      if (info.status === 'NOT_FOUND') {
        onGone?.(asked, info.oldestLedger);
        continue;
      }
      // Another transaction than the one asked is not shown as it (a server's mix-up or lie).
      if (info.txHash !== undefined && info.txHash.toLowerCase() !== asked.toLowerCase())
        throw new CoreError(
          'bad_response',
          `The server answered transaction ${asked.slice(0, 12)}… with transaction ${info.txHash.slice(0, 12)}…: nothing of it is shown.`,
        );
      if (!info.envelopeXdr || !info.resultXdr || info.ledger === undefined || !info.applicationOrder)
        throw new CoreError(
          'bad_response',
          `The server's transaction ${hashes[i + j]!.slice(0, 12)}… has no envelope or result.`,
        );
      read.push({
        txHash: hashes[i + j]!,
        ledger: info.ledger,
        applicationOrder: info.applicationOrder,
        createdAt: info.createdAt ?? 0,
        envelopeXdr: info.envelopeXdr,
        resultXdr: info.resultXdr,
        resultMetaXdr: info.resultMetaXdr,
      });
    }
  }
  return read;
}
