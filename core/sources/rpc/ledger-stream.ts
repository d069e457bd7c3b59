// The ledgers as they close on a Stellar RPC server, which pushes nothing: polled.
import { sleep } from '../../http/backoff';
import type { LedgerStreams } from '../source';
import type { RpcCalls } from './calls';
import { RpcCallError } from './json-rpc';
import { readLedgerInfo } from './ledgers';
import { windowOfRefusal } from './window';

/** How often the ledgers are polled, and how many one poll reads at most. */
export const LEDGER_POLL_MS = 1_000;
const LEDGERS_PER_POLL = 200;

/**
 * The ledgers as they close, polled: getLatestLedger each second, then every ledger after the last
 * one given (getLedgers, at most 200 a poll), so none is skipped when a poll is late. A failed poll
 * is retried at the next tick; the stream ends only when `signal` aborts.
 */
export function ledgerStreams(calls: RpcCalls): LedgerStreams {
  return {
    mode: 'poll',
    follow(cursor, handlers, signal) {
      let last = cursor === 'now' || !/^\d{1,10}$/.test(cursor) ? null : Number(cursor);
      const tick = async () => {
        const latest = await calls.latestLedger({ signal, timeoutMs: 10_000 });
        handlers.alive();
        if (last === null) {
          last = latest.sequence;
          return;
        }
        if (latest.sequence <= last) return; // a server behind another one (or the same ledger): wait
        let answer;
        try {
          answer = await calls.ledgers(
            { startLedger: last + 1, pagination: { limit: Math.min(LEDGERS_PER_POLL, latest.sequence - last) } },
            { signal, timeoutMs: 10_000 },
          );
        } catch (error) {
          // Paused past the window (a laptop asleep for a week): the ledgers before it are gone from
          // this server; go on from the oldest it keeps rather than asking for them forever.
          const window = error instanceof RpcCallError ? windowOfRefusal(error.rpcMessage) : null;
          if (window && last + 1 < window.oldest) last = window.oldest - 1;
          throw error;
        }
        for (const info of answer.ledgers) {
          if (info.sequence !== last + 1) break; // out of order or a gap: read again from last + 1
          handlers.ledger(readLedgerInfo(info), String(info.sequence));
          last = info.sequence;
        }
      };
      void (async () => {
        while (!signal.aborted) {
          try {
            await tick();
          } catch {
            if (signal.aborted) break;
          }
          // The one wait of the HTTP stack: nothing is left listening on the signal after it.
          await sleep(LEDGER_POLL_MS, signal).catch(() => undefined);
        }
        handlers.end();
      })();
    },
  };
}
