// What a lake holds and what a range of it costs, asked before a sync fetches anything (the
// workbench's form, docs/lake.md "What a range costs"): its network, its first and last ledger and
// when they closed, and the range's files, requests and bytes, the bytes estimated from sampled
// objects' sizes and said so (`sampled`).
import type { LakeInfo } from '../../../shared/ipc-history';
import { CoreError } from '../../app/errors';
import { closeTimeOf, ledgerSequenceOf } from '../ledger-meta/close-meta';
import { LakeError, objectKey, readBatch } from './layout';
import { openLake, type OpenedLake } from './open';
import { estimateRange, lakeBounds, ledgerAtTime } from './scan';

/** When a ledger of the lake closed (ISO), read from its object; null when the lake has no such object. */
export async function closedAt(lake: OpenedLake, ledger: number, signal?: AbortSignal): Promise<string | null> {
  const key = objectKey(ledger, lake.config, lake.extension);
  const bytes = await lake.get(key, signal);
  if (!bytes) return null;
  const meta = readBatch(bytes, ledger, lake.config, key).find((m) => ledgerSequenceOf(m) === ledger);
  if (!meta) throw new LakeError(`${key} does not hold ledger ${ledger}`);
  return new Date(Number(closeTimeOf(meta)) * 1000).toISOString();
}

/**
 * The lake's first and last ledger, found from a ledger it holds: the first of `hints` it has (a
 * range asked, the network's latest ledger), else as lakeBounds finds them alone (a folder's
 * names, or genesis): a lake over HTTP that does not start at genesis needs a ledger to start from.
 */
export async function boundsOf(
  lake: OpenedLake,
  hints: readonly number[],
  signal?: AbortSignal,
): Promise<{ first: number; last: number }> {
  for (const near of hints) {
    const key = objectKey(near, lake.config, lake.extension);
    if ((await lake.size(key, signal)) !== null) return lakeBounds(lake, signal, near);
  }
  return lakeBounds(lake, signal);
}

/** A lake error as an answer a person reads (the sync's own errors are its progress's message). */
function said<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (error instanceof LakeError) throw new CoreError('bad_response', error.message);
    throw error;
  });
}

export function lakeInfo(
  where: string,
  passphrase: string,
  range: { from?: number | undefined; to?: number | undefined },
  hints: readonly number[],
  signal?: AbortSignal,
): Promise<LakeInfo> {
  return said(
    (async () => {
      const lake = await openLake(where, { ...(signal ? { signal } : {}) });
      const asked = [range.from, range.to].filter((n): n is number => n !== undefined);
      const bounds = await boundsOf(lake, [...asked, ...hints], signal);
      const from = Math.max(range.from ?? bounds.first, bounds.first);
      const to = Math.min(range.to ?? bounds.last, bounds.last);
      if (from > to)
        throw new CoreError(
          'invalid_input',
          `The lake holds ledgers ${bounds.first} to ${bounds.last}: the range ${range.from ?? bounds.first}–${range.to ?? bounds.last} is outside it.`,
        );
      const [estimate, firstClosedAt, lastClosedAt] = await Promise.all([
        estimateRange(lake, from, to, signal),
        closedAt(lake, bounds.first, signal),
        closedAt(lake, bounds.last, signal),
      ]);
      return {
        where: lake.where,
        networkPassphrase: lake.config.networkPassphrase,
        sameNetwork: lake.config.networkPassphrase === passphrase,
        ledgersPerFile: lake.config.ledgersPerBatch,
        first: bounds.first,
        last: bounds.last,
        firstClosedAt,
        lastClosedAt,
        from,
        to,
        files: estimate.files,
        requests: estimate.requests,
        bytes: estimate.bytes,
        sampled: estimate.sampled,
      };
    })(),
  );
}

export function lakeLedgerAt(
  where: string,
  unixSeconds: number,
  hints: readonly number[],
  signal?: AbortSignal,
): Promise<{ ledger: number; closedAt: string }> {
  return said(
    (async () => {
      const lake = await openLake(where, { ...(signal ? { signal } : {}) });
      const bounds = await boundsOf(lake, hints, signal);
      const ledger = await ledgerAtTime(lake, unixSeconds, bounds, signal);
      return { ledger, closedAt: (await closedAt(lake, ledger, signal)) ?? '' };
    })(),
  );
}
