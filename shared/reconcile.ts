// Does an account's history add up (issue #27)? Per asset: the opening balance (zero before the
// account's creation when the index holds it), what came in, what went out, the fees the account
// paid, and the closing balance those flows give, beside the balance the network reports now.
// Equal: "reconciled", to the stroop. Different: the exact difference and its likely cause, never
// a silent mismatch. One reading, here: the workbench, the account page and `ledgerscope
// reconcile` all show this module's lines and sentences. Pure and exact (bigints of stroops).
import { z } from 'zod';
import { displayMoney, formatAmount, parseAmount } from './amount';
import { DecimalString } from './model';
import { assetCodeOf } from './moves';
import { causesOf } from './reconcile-causes';
import { flowsOf, nowOf, reportedAmount } from './reconcile-sums';
import type { AssetSums, IndexSums, LedgerReconcileInput, ReconcileInput } from './reconcile-input';

export { assetCodeOf };
export {
  AssetSums,
  IndexSums,
  type LedgerReconcileInput,
  type ReconcileInput,
  type ReportedBalance,
} from './reconcile-input';
export { causesOf, RECONCILE_CAUSES, type CauseHeld, type ReconcileCause } from './reconcile-causes';

/**
 * reconciled: closing = reported, to the stroop. differs: not, with the likely cause.
 * opening_unknown: the index does not reach the account's creation. issued: the account is the
 * asset's issuer, which holds no balance of it (what it sends is created, what it receives destroyed).
 */
export const RECONCILE_STATUS = ['reconciled', 'differs', 'opening_unknown', 'issued'] as const;

export const ReconcileLine = z.object({
  asset: z.string(),
  /** null: unknown (the index does not reach the account's creation). */
  opening: DecimalString.nullable(),
  /**
   * Where the opening comes from: the account's creation in the index (zero), the network's genesis
   * (the root account held every coin), or the ledgers an index was read from (the balance before
   * the range's first change of the asset, as their entry changes record it).
   */
  openingFrom: z.enum(['creation', 'genesis', 'ledgers']).nullable(),
  in: DecimalString,
  out: DecimalString,
  fees: DecimalString,
  /** in − out − fees. */
  net: DecimalString,
  /** opening + net (null with an unknown opening). */
  closing: DecimalString.nullable(),
  /**
   * What the network reports now ("0" for an asset the account no longer holds); for an index read
   * from ledgers, the balance after the range's last change of the asset, as the ledgers record it.
   */
  reported: DecimalString,
  /** An index read from ledgers, with a server reachable: what the network reports now (null: not asked). */
  now: DecimalString.nullable().optional(),
  /** reported − closing; with an unknown opening, reported − net (what it held before the indexed history, if nothing else is missing). */
  difference: DecimalString,
  status: z.enum(RECONCILE_STATUS),
  /** The likely cause of a difference, or what an unknown opening means. */
  cause: z.string().nullable(),
  legs: z.number().int(),
});
export type ReconcileLine = z.infer<typeof ReconcileLine>;

export const Reconciliation = z.object({
  account: z.string(),
  lines: z.array(ReconcileLine),
  /** Every asset reconciled to the stroop. */
  reconciled: z.boolean(),
  /** One sentence over every line. */
  summary: z.string(),
  /** The ledger of the index's newest operation; the balances are the network's at the time of asking. */
  throughLedger: z.number().int().nullable(),
  /** The account does not exist now (merged, or never created): every balance it reports is zero. */
  gone: z.boolean(),
  /** An index read from ledgers: the range its reconciliation covers (null: a server's history). */
  range: z.object({ from: z.number().int(), to: z.number().int() }).nullable().optional(),
  checkedAt: z.string(),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

const count = (n: number) => n.toLocaleString('en');

/** The likely cause of a difference in `asset`: the first that holds. */
function causeOf(input: ReconcileInput, sums: AssetSums | undefined, asset: string): string {
  return causesOf(input, sums, asset)[0]!.text;
}

function causeOfLine(
  input: ReconcileInput,
  sums: AssetSums | undefined,
  asset: string,
  status: ReconcileLine['status'],
  net: bigint,
): string | null {
  switch (status) {
    case 'reconciled':
      return null;
    case 'issued':
      return `the account issues ${assetCodeOf(asset)}: it holds no balance of it; what it sends is created and what it receives destroyed (net issued ${displayMoney(formatAmount(-net), assetCodeOf(asset))})`;
    case 'opening_unknown':
      if (input.partial) return causeOf(input, sums, asset);
      return `the index does not reach the account's creation${
        input.completeFromLedger !== null
          ? ` (this server keeps its history from ledger ${count(input.completeFromLedger)})`
          : ''
      }: the difference is what the account held before the indexed history, if nothing else is missing`;
    case 'differs':
      return causeOf(input, sums, asset);
  }
}

const statusOf = (issued: boolean, opening: bigint | null, difference: bigint): ReconcileLine['status'] =>
  issued ? 'issued' : opening === null ? 'opening_unknown' : difference === 0n ? 'reconciled' : 'differs';

/** The index's sums by asset (claims without an asset apart), and the assets of both sides in the one order: XLM first. */
function assetsOf(index: IndexSums, others: Iterable<string>): { bySums: Map<string, AssetSums>; assets: string[] } {
  const bySums = new Map(index.assets.filter((a) => !a.asset.startsWith('balance:')).map((a) => [a.asset, a]));
  const assets = [...new Set([...bySums.keys(), ...others])].sort((a, b) =>
    a === 'native' ? -1 : b === 'native' ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
  return { bySums, assets };
}

/**
 * One asset's line: its opening (null: unknown), the index's flows, the closing they give, beside
 * the balance it is held to (`reported`); `causeOf` names what a line that does not reconcile means.
 */
function lineOf(
  input: ReconcileInput,
  asset: string,
  sums: AssetSums | undefined,
  opening: bigint | null,
  openingFrom: ReconcileLine['openingFrom'],
  reported: bigint,
  causeOf: (status: ReconcileLine['status'], net: bigint) => string | null,
): ReconcileLine {
  const { inflow, outflow, fees, net } = flowsOf(sums);
  const closing = opening === null ? null : opening + net;
  const difference = reported - (closing ?? net);
  const status = statusOf(asset.split(':')[1] === input.account, opening, difference);
  return {
    asset,
    opening: opening === null ? null : formatAmount(opening),
    openingFrom,
    in: formatAmount(inflow),
    out: formatAmount(outflow),
    fees: formatAmount(fees),
    net: formatAmount(net),
    closing: closing === null ? null : formatAmount(closing),
    reported: formatAmount(reported),
    difference: formatAmount(difference),
    status,
    cause: causeOf(status, net),
    legs: sums?.legs ?? 0,
  };
}

// A partial index (its sync failed, paused, still running) reconciles nothing: what it has not
// read can move the balance (issue 37.4), whatever the lines it holds add up to.
const reconciledOf = (input: ReconcileInput, lines: ReconcileLine[]) =>
  input.partial === null && lines.length > 0 && lines.every((l) => l.status === 'reconciled' || l.status === 'issued');

/** The reconciliation of every asset the index or the network names. */
export function reconcile(input: ReconcileInput): Reconciliation {
  if (input.ledgers) return reconcileLedgers(input, input.ledgers);
  const { sums: index, balances } = input;
  const reported = new Map((balances ?? []).map((b) => [b.asset, reportedAmount(b)]));
  const { bySums, assets } = assetsOf(index, reported.keys());
  const genesis = input.genesisBalance === null ? null : parseAmount(input.genesisBalance);
  const openingFrom = index.created ? 'creation' : genesis !== null ? 'genesis' : null;
  const lines = assets.map((asset) => {
    const sums = bySums.get(asset);
    const opening = index.created ? 0n : genesis !== null ? (asset === 'native' ? genesis : 0n) : null;
    return lineOf(input, asset, sums, opening, openingFrom, reported.get(asset) ?? 0n, (status, net) =>
      causeOfLine(input, sums, asset, status, net),
    );
  });
  return {
    account: input.account,
    lines,
    reconciled: reconciledOf(input, lines),
    summary: summaryOf(lines, input),
    throughLedger: index.newestLedger,
    gone: balances === null,
    checkedAt: input.checkedAt,
  };
}

/**
 * An index read from ledgers (issue 39.3): per asset, the balance before the range's first change
 * of it, the flows the index holds, and the balance after its last change, all as the ledgers
 * record them, so it reconciles over the range with no server at all. A network's balances, when
 * given, are compared with the closing too, and said (`now`), without deciding the range's status.
 */
function reconcileLedgers(input: ReconcileInput, ledgers: LedgerReconcileInput): Reconciliation {
  const { sums: index, balances } = input;
  const held = new Map(ledgers.balances.map((b) => [b.asset, b]));
  const reported = balances === null ? null : new Map(balances.map((b) => [b.asset, reportedAmount(b)]));
  const { bySums, assets } = assetsOf(index, held.keys());
  const span = `between ledgers ${count(ledgers.from)} and ${count(ledgers.to)}`;
  const lines = assets.map((asset): ReconcileLine => {
    const sums = bySums.get(asset);
    const ends = held.get(asset);
    const opening = ends ? BigInt(ends.opening) : null;
    const line = lineOf(
      input,
      asset,
      sums,
      opening,
      opening === null ? null : 'ledgers',
      ends ? BigInt(ends.closing) : 0n,
      (status, net) =>
        status === 'reconciled'
          ? null
          : status === 'issued'
            ? causeOfLine(input, sums, asset, status, net)
            : status === 'opening_unknown'
              ? `the ledgers from ${count(ledgers.from)} to ${count(ledgers.to)} record no balance of ${assetCodeOf(asset)} for the account, though the index holds flows of it`
              : `the flows the index holds differ from the change the ledgers record ${span}: a movement the index did not read`,
    );
    return { ...line, now: nowOf(input, reported, asset) };
  });
  return {
    account: input.account,
    lines,
    reconciled: reconciledOf(input, lines),
    summary: ledgerSummaryOf(lines, input, ledgers),
    throughLedger: index.newestLedger,
    gone: balances === null && input.networkAsked === true,
    range: { from: ledgers.from, to: ledgers.to },
    checkedAt: input.checkedAt,
  };
}

function ledgerSummaryOf(lines: ReconcileLine[], input: ReconcileInput, ledgers: LedgerReconcileInput): string {
  const span = `ledgers ${count(ledgers.from)}–${count(ledgers.to)}`;
  if (lines.length === 0) return `Nothing to reconcile: the account's balances did not change in ${span}.`;
  const off = lines.filter((l) => l.status !== 'reconciled' && l.status !== 'issued');
  if (off.length === 0 && input.partial)
    return `Not reconciled: the index is partial (${input.partial}); it reconciles over ${span} once it has read them all.`;
  if (off.length > 0) {
    const first = off[0]!;
    return `${count(off.length)} of ${count(lines.length)} asset${lines.length === 1 ? '' : 's'} ${
      off.length === 1 ? 'does' : 'do'
    } not reconcile over ${span}: ${assetCodeOf(first.asset)} is ${displayMoney(first.difference, assetCodeOf(first.asset))} from the balance the ledgers record (${first.cause}).`;
  }
  const what = lines.length === 1 ? 'its one asset' : `all ${count(lines.length)} assets`;
  const head = `Reconciled over ${span}: the flows of ${what} add up, from the balance before the range's first change to the balance after its last as the ledgers record them, to the stroop.`;
  const compared = lines.filter((l) => l.now !== null && l.now !== undefined);
  if (compared.length === 0) return `${head} No server was asked for the balances now.`;
  const moved = compared.filter((l) => l.now !== l.reported);
  const named = input.someBalances ? ' (of the assets it names)' : '';
  if (moved.length === 0) return `${head} The network reports the same balances now${named}.`;
  const first = moved[0]!;
  const code = assetCodeOf(first.asset);
  return `${head} The network now reports ${displayMoney(first.now!, code)} (${displayMoney(first.reported, code)} after ledger ${count(ledgers.to)}): the account changed after the range, or the range is not all of its history.`;
}

function summaryOf(lines: ReconcileLine[], input: ReconcileInput): string {
  if (lines.length === 0) return 'Nothing to reconcile: the index holds no flow and the network reports no balance.';
  const off = lines.filter((l) => l.status !== 'reconciled' && l.status !== 'issued');
  const through = input.sums.newestLedger === null ? '' : ` through ledger ${count(input.sums.newestLedger)}`;
  if (off.length === 0 && input.partial)
    return `Not reconciled: the index is partial (${input.partial}), so the flows it holds${through} adding up to the balances the network reports shows nothing of the history it has not read; sync it to the end and reconcile again.`;
  if (off.length === 0)
    return lines.length === 1
      ? `Reconciled: the flows of its one asset${through} add up to the balance the network reports, to the stroop.`
      : `Reconciled: the flows of all ${count(lines.length)} assets${through} add up to the balances the network reports, to the stroop.`;
  const first = off[0]!;
  const what = `${displayMoney(first.difference, assetCodeOf(first.asset))}`;
  return `${count(off.length)} of ${count(lines.length)} asset${lines.length === 1 ? '' : 's'} ${
    off.length === 1 ? 'does' : 'do'
  } not reconcile${through}: ${assetCodeOf(first.asset)} is ${what} from the reported balance (${first.cause}).`;
}

/** The status of a line as a word: "reconciled", "differs by 1.0000000 XLM", "opening unknown". */
export function lineStatusText(line: ReconcileLine): string {
  if (line.status === 'reconciled') return 'reconciled';
  if (line.status === 'issued') return 'issued by this account';
  const by = displayMoney(line.difference, assetCodeOf(line.asset));
  return line.status === 'differs' ? `differs by ${by}` : `opening unknown (${by} before the indexed history)`;
}
