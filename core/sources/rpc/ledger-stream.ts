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
/** The longest wait between polls of a server that keeps failing. */
const BACKOFF_CAP_MS = 30_000;

/**
 * The ledgers as they close, polled: getLatestLedger each second, then every ledger after the last
 * one given (getLedgers, at most 200 a poll), so none is skipped when a poll is late. A failed poll
 * is retried after a growing wait (1.5 s, 2.25 s, … up to 30 s), so a server that keeps failing,
 * or keeps sending what cannot be read, is asked less and less; the home says why from its health
 * reading. The stream ends only when `signal` aborts.
 */
export function ledgerStreams(calls: RpcCalls, pollMs = LEDGER_POLL_MS): LedgerStreams {
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
        let failures = 0;
        while (!signal.aborted) {
          try {
            await tick();
            failures = 0;
          } catch {
            if (signal.aborted) break;
            failures++;
          }
          // Backing off while the server fails; the one wait of the HTTP stack, which leaves nothing
          // listening on the signal after it.
          await sleep(Math.min(BACKOFF_CAP_MS, pollMs * 1.5 ** failures), signal).catch(() => undefined);
        }
        handlers.end();
      })();
    },
  };
}
