// When the demo history happened: its ledgers spread over the HISTORY_DAYS before now, so that a
// day, week or month chart and a balance history have real shapes. Activity grows over the span,
// is lighter at weekends, and now and then spikes; each ledger gets a share of the operations in
// proportion, and a close time in its slot. Seeded: the same history on every machine and run
// (but for where "now" falls).

/** How far back the demo history starts: about twenty months. */
export const HISTORY_DAYS = 600;
const DAY = 86_400;
/** Seconds between the setup ledgers at genesis (funding, trustlines, offers to pools). */
export const SETUP_LEDGER_SECONDS = 5n;
/** Room for the setup ledgers between genesis and the first planned ledger. */
const SETUP_SECONDS = 600;
/** The last planned ledger closes this long before now, so live ledgers follow it in order. */
const END_MARGIN_SECONDS = 60;
/** A generous ledger holds this many operations (a bigger history gets more ledgers, not fuller ones). */
const OPS_PER_BUSY_LEDGER = 240;

export interface PlannedLedger {
  /** Close time, seconds since the epoch. */
  closeTime: bigint;
  /** The history's operation count once this ledger is full (cumulative). */
  opsAfter: number;
}

/** Genesis: HISTORY_DAYS before `now`. */
export function historyGenesisTime(now = Date.now()): bigint {
  return BigInt(Math.floor(now / 1000) - HISTORY_DAYS * DAY);
}

/** How many ledgers carry a history of `ops` operations: about one a day, more for a big one. */
export function plannedLedgerCount(ops: number): number {
  return Math.max(1, Math.min(HISTORY_DAYS, Math.ceil(ops / 2)), Math.ceil(ops / OPS_PER_BUSY_LEDGER));
}

/** How lively a moment of the span is: growth over the span, quieter weekends, the odd busy day. */
function weight(share: number, closeTime: number, random: () => number): number {
  const growth = 0.35 + 1.3 * share;
  const weekday = new Date(closeTime * 1000).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.45 : 1;
  const spike = random() < 0.03 ? 3 + 4 * random() : 1;
  return growth * weekend * spike * (0.5 + random());
}

/**
 * The ledgers of a history of `ops` operations whose genesis is `genesis` (historyGenesisTime):
 * close times strictly increasing within [genesis + setup room, genesis + HISTORY_DAYS − a minute), and
 * cumulative operation targets ending at exactly `ops`.
 */
export function planLedgers(ops: number, genesis: bigint, random: () => number): PlannedLedger[] {
  const count = plannedLedgerCount(ops);
  const start = Number(genesis) + SETUP_SECONDS;
  const span = HISTORY_DAYS * DAY - SETUP_SECONDS - END_MARGIN_SECONDS;
  const slot = span / count;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = Math.floor(start + slot * (i + 0.1 + 0.8 * random()));
    times.push(Math.max(at, (times[i - 1] ?? start) + 1));
  }
  const weights = times.map((at, i) => weight(i / count, at, random));
  const total = weights.reduce((sum, w) => sum + w, 0);
  let running = 0;
  return times.map((at, i) => {
    running += weights[i]!;
    return { closeTime: BigInt(at), opsAfter: i === count - 1 ? ops : Math.round((ops * running) / total) };
  });
}
