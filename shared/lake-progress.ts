// Where a sync from ledgers stands, said one way by the workbench and the command line: "1,234 of
// 5,000 ledgers (1–5,000) · 812 ledgers/s · 12.3 MB · 4 s left", or while it waits for a turn to
// read, how many syncs are ahead. Pure: the renderer imports it.
import { formatBytes } from './bytes';
import type { HistoryProgress } from './history';

export type LakeProgress = NonNullable<HistoryProgress['lake']>;

const n = (x: number) => x.toLocaleString('en');

/** The reach in the range, then (while `syncing`) the speed, bytes and time left, or the wait for a turn. */
export function lakeProgressText(lake: LakeProgress, syncing: boolean): string {
  const total = lake.to - lake.from + 1;
  const parts = [`${n(lake.done)} of ${n(total)} ledgers (${n(lake.from)}–${n(lake.to)})`];
  if (syncing && lake.waiting !== undefined)
    parts.push(
      `waiting for a turn to read: ${lake.waiting === 0 ? 'next' : `${n(lake.waiting)} other sync${lake.waiting === 1 ? '' : 's'} ahead`}`,
    );
  else if (syncing) {
    parts.push(`${n(lake.ledgersPerSecond)} ledgers/s`, formatBytes(lake.bytes));
    if (lake.msLeft !== null) parts.push(`${n(Math.ceil(lake.msLeft / 1000))} s left`);
  }
  return parts.join(' · ');
}
