// Analyses over the filtered set: totals per asset, per counterparty (top N by volume), per day,
// week (Monday to Sunday, UTC) or month, and the cumulative net flow of one asset day by day.
// Exact: every figure is a bigint of stroops until it is written as a decimal string.
import type { DatabaseSync } from 'node:sqlite';
import { formatAmount } from '../../../shared/amount';
import type { FlowPoint, HistoryFilter, TotalsBy, TotalsRow, TypeCount } from '../../../shared/history';
import { flows, isWholeHistory, names, rolledFlows, type FlowGroup } from './query';
import { assetFlows } from './summary';
import { isoDay, isoTime } from './iso-time';
import { topRolledParties } from './top-parties';

// Group expressions over the legs of query.ts flows(): t = created_at (epoch ms), cp = counterparty.
const GROUPS: Record<TotalsBy, string> = {
  asset: "''",
  counterparty: 'cp',
  day: 't / 86400000',
  // Epoch day 0 (1970-01-01) was a Thursday: weeks counted from Monday 1969-12-29.
  week: '(t / 86400000 + 3) / 7',
  month: "strftime('%Y-%m-01', t / 1000, 'unixepoch')",
};

// The same groups over roll_day's `day` (epoch day), for the whole history (query.ts rolledFlows).
const ROLLED: Record<Exclude<TotalsBy, 'counterparty'>, string> = {
  asset: "''",
  day: 'day',
  week: '(day + 3) / 7',
  month: "strftime('%Y-%m-01', day * 86400, 'unixepoch')",
};

function groupsFor(
  db: DatabaseSync,
  acct: number,
  filter: HistoryFilter,
  by: TotalsBy,
  assetOnly?: string,
): FlowGroup[] {
  if (!isWholeHistory(filter))
    return by === 'asset' && assetOnly === undefined
      ? assetFlows(db, acct, filter)
      : flows(db, acct, filter, GROUPS[by], assetOnly);
  return by === 'counterparty'
    ? rolledFlows(db, acct, 'roll_party', 'party', assetOnly)
    : rolledFlows(db, acct, 'roll_day', ROLLED[by], assetOnly);
}

const iso = (ms: number | null) => (ms === null ? null : isoTime(ms));

function keyOf(by: TotalsBy, group: FlowGroup): string {
  switch (by) {
    case 'asset':
      return group.asset;
    case 'counterparty':
      return group.group ?? '';
    case 'day':
      return isoDay(Number(group.group));
    case 'week':
      return isoDay(Number(group.group) * 7 - 3);
    case 'month':
      return group.group ?? '';
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function totalsBy(
  db: DatabaseSync,
  acct: number,
  filter: HistoryFilter,
  by: TotalsBy,
  top: number,
): TotalsRow[] {
  if (by === 'counterparty') {
    // A whole history's top N are chosen among a few candidates (top-parties.ts), else among every group.
    const groups = isWholeHistory(filter) ? topRolledParties(db, acct, top) : groupsFor(db, acct, filter, by);
    // Operations without a counterparty (not payment-like) have no place in this ranking.
    const ranked = groups.filter((g) => g.group !== null);
    // Ranked by exact volume; ties by counterparty id, then asset (a stable order).
    ranked.sort((a, b) => {
      const va = a.in + a.out;
      const vb = b.in + b.out;
      return va === vb ? Number(a.group) - Number(b.group) || compare(a.asset, b.asset) : vb > va ? 1 : -1;
    });
    const chosen = ranked.slice(0, top);
    const addresses = names(db, 'parties', [...new Set(chosen.map((g) => Number(g.group)))]);
    return chosen.map((g) => totalsRow(by, { ...g, group: addresses.get(Number(g.group)) ?? null }));
  }
  const rows = groupsFor(db, acct, filter, by).map((g) => totalsRow(by, g));
  return rows.sort((a, b) => compare(a.key, b.key) || compare(a.asset, b.asset));
}

function totalsRow(by: TotalsBy, g: FlowGroup): TotalsRow {
  return {
    key: keyOf(by, g),
    asset: g.asset,
    in: formatAmount(g.in),
    out: formatAmount(g.out),
    fees: formatAmount(g.fee),
    net: formatAmount(g.in - g.out - g.fee),
    count: g.count,
    volume: formatAmount(g.in + g.out),
    first: iso(g.first),
    last: iso(g.last),
  };
}

/** Net flow (in − out − fees) of one asset per day with the running total, days in order (days without a leg or fee left out). */
export function cumulativeFlow(db: DatabaseSync, acct: number, filter: HistoryFilter, asset: string): FlowPoint[] {
  const days = groupsFor(db, acct, filter, 'day', asset === 'XLM' ? 'native' : asset).sort(
    (a, b) => Number(a.group) - Number(b.group),
  );
  let running = 0n;
  return days.map((g) => {
    const net = g.in - g.out - g.fee;
    running += net;
    return { day: isoDay(Number(g.group)), net: formatAmount(net), cumulative: formatAmount(running) };
  });
}

/** The types of the account's operations with their counts, the most frequent first (index ops_type). */
export function typeCounts(db: DatabaseSync, acct: number): TypeCount[] {
  const rows = db
    .prepare('SELECT type, count(*) AS count FROM ops WHERE acct = ? GROUP BY type ORDER BY count DESC, type')
    .all(acct) as { type: string; count: number }[];
  return rows.map(({ type, count }) => ({ type, count: Number(count) }));
}
