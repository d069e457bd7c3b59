// The workbench's filters as they live in the address (`#/history/<G…>?asset=USD&min=10`), so a
// view can be bookmarked, shared and reloaded. Reading is total: a value that does not parse is
// reported in `problems` and ignored, never thrown. Amounts stay decimal strings (checked with
// bigint arithmetic), dates are whole UTC days.
import { parseAmount } from '../../../shared/amount';
import type { HistoryFilter, HistorySort, TotalsBy } from '../../../shared/history';
import { lookupName, type NamedAccount } from '../../../shared/name-lookup';
import { isAccountKey } from '../../../shared/strkey';

/** The address parameters the workbench reads, and the form's text for each. */
export interface FilterText {
  type: string;
  asset: string;
  cp: string;
  dir: string;
  min: string;
  max: string;
  from: string;
  to: string;
  memo: string;
  status: string;
}

export const FILTER_PARAMS: (keyof FilterText)[] = [
  'type',
  'asset',
  'cp',
  'dir',
  'min',
  'max',
  'from',
  'to',
  'memo',
  'status',
];

export interface WorkbenchState {
  filter: HistoryFilter;
  sort: HistorySort;
  period: Exclude<TotalsBy, 'asset' | 'counterparty'>;
  view: 'rows' | 'analyse' | 'reconcile';
  /** One line per ignored address value, saying which and why. */
  problems: string[];
}

const MAX_TEXT = 200;
const SORTS: HistorySort[] = ['-time', 'time', '-amount', 'amount'];
const PERIODS = ['day', 'week', 'month'] as const;
const TYPE_NAME = /^[a-z_]{1,40}$/;
const ASSET = /^(native|[A-Za-z0-9]{1,12}(:G[A-Z2-7]{55})?)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An amount bound: digits with at most 7 decimals, within int64 stroops. Null when valid. */
export function amountProblem(text: string): string | null {
  if (text.length > 40) return 'is too long';
  if (!/^\d+(\.\d+)?$/.test(text)) return 'is not a non-negative decimal number (digits, one point)';
  if (/\.\d{8,}$/.test(text)) return 'has more than 7 decimals (the smallest unit is 0.0000001)';
  if (!/^\d{1,19}(\.\d{1,7})?$/.test(text)) return 'is too large';
  try {
    parseAmount(text);
  } catch {
    return 'is too large';
  }
  return null;
}

/** "2026-11-01" to epoch ms at 00:00 UTC; null for anything but a real calendar day. */
export function dayToMillis(text: string): number | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (year < 1970 || back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return ms;
}

const DAY_MS = 86_400_000;

/** Under filter problems: what the figures beside the form are of (issue #36: unfiltered totals beside seven filled fields). */
export const NOT_APPLIED =
  'Nothing was applied: the count, totals and rows below are still those of the filters in the address, not of these fields.';

/**
 * What a person calls each address parameter: the workbench's field labels (filter-form.tsx), so a
 * problem names the field, never the address's key (issue #36: `"cp" = "alice"`).
 */
export const PARAM_LABELS: Readonly<Record<string, string>> = {
  type: 'Operation types',
  asset: 'Asset',
  cp: 'Counterparty',
  dir: 'Direction',
  min: 'Min amount',
  max: 'Max amount',
  from: 'From day',
  to: 'To day',
  memo: 'Memo contains',
  status: 'Status',
  sort: 'Sort',
  by: 'Period',
  view: 'View',
};

/** Reads the address parameters into a filter the core accepts; every bad value is a problem. */
export function readWorkbench(params: URLSearchParams): WorkbenchState {
  const problems: string[] = [];
  const filter: HistoryFilter = {};
  const text = (name: string): string | null => {
    const value = params.get(name);
    if (value === null || value === '') return null;
    if (value.length > MAX_TEXT) {
      problems.push(`${PARAM_LABELS[name] ?? name} is longer than ${MAX_TEXT} characters and was ignored.`);
      return null;
    }
    return value;
  };
  const bad = (name: string, value: string, why: string) =>
    problems.push(`${PARAM_LABELS[name] ?? name} “${clip(value)}” ${why}; it was ignored.`);

  const types = text('type');
  if (types !== null) {
    const list = [...new Set(types.split(',').filter(Boolean))];
    const wrong = list.filter((t) => !TYPE_NAME.test(t));
    if (wrong.length || list.length > 40) bad('type', types, 'is not a comma-separated list of operation type names');
    else if (list.length) filter.types = list;
  }
  const asset = text('asset');
  if (asset !== null) {
    if (ASSET.test(asset)) filter.asset = asset;
    else bad('asset', asset, 'is not an asset (native, CODE or CODE:ISSUER)');
  }
  const cp = text('cp');
  if (cp !== null) {
    if (isAccountKey(cp)) filter.counterparty = cp;
    else bad('cp', cp, 'is not an account id (G…), a name in the address book or the start of an id there');
  }
  const dir = text('dir');
  if (dir !== null) {
    if (dir === 'in' || dir === 'out') filter.direction = dir;
    else bad('dir', dir, 'is not "in" or "out"');
  }
  readAmounts(text('min'), text('max'), filter, bad, problems);
  readDays(text('from'), text('to'), filter, bad, problems);
  const memo = text('memo');
  if (memo !== null) filter.memo = memo;
  const status = text('status');
  if (status !== null) {
    if (status === 'successful' || status === 'failed') filter.status = status;
    else if (status !== 'all') bad('status', status, 'is not "successful", "failed" or "all"');
  }
  const sortText = text('sort');
  let sort: HistorySort = '-time';
  if (sortText !== null) {
    if ((SORTS as string[]).includes(sortText)) sort = sortText as HistorySort;
    else bad('sort', sortText, 'is not time, -time, amount or -amount');
  }
  const periodText = text('by');
  let period: WorkbenchState['period'] = 'day';
  if (periodText !== null) {
    if ((PERIODS as readonly string[]).includes(periodText)) period = periodText as WorkbenchState['period'];
    else bad('by', periodText, 'is not day, week or month');
  }
  const viewText = params.get('view');
  const view = viewText === 'analyse' || viewText === 'reconcile' ? viewText : 'rows';
  return { filter, sort, period, view, problems };
}

type Bad = (name: string, value: string, why: string) => void;

function readAmounts(
  min: string | null,
  max: string | null,
  filter: HistoryFilter,
  bad: Bad,
  problems: string[],
): void {
  for (const [name, value] of [
    ['min', min],
    ['max', max],
  ] as const) {
    if (value === null) continue;
    const problem = amountProblem(value);
    if (problem) bad(name, value, problem);
    else if (name === 'min') filter.minAmount = value;
    else filter.maxAmount = value;
  }
  if (
    filter.minAmount !== undefined &&
    filter.maxAmount !== undefined &&
    parseAmount(filter.minAmount) > parseAmount(filter.maxAmount)
  ) {
    problems.push(
      `The amount range ${filter.minAmount} – ${filter.maxAmount} is empty (Min amount is above Max amount); it was ignored.`,
    );
    delete filter.minAmount;
    delete filter.maxAmount;
  }
}

function readDays(from: string | null, to: string | null, filter: HistoryFilter, bad: Bad, problems: string[]): void {
  const fromMs = from === null ? null : dayToMillis(from);
  const toMs = to === null ? null : dayToMillis(to);
  if (from !== null && fromMs === null) bad('from', from, 'is not a day (YYYY-MM-DD)');
  if (to !== null && toMs === null) bad('to', to, 'is not a day (YYYY-MM-DD)');
  if (fromMs !== null && toMs !== null && fromMs > toMs) {
    problems.push(`The date range ${from} – ${to} is empty (From day is after To day); it was ignored.`);
    return;
  }
  if (fromMs !== null) filter.from = fromMs;
  // `to` names the last day included; the core's bound is exclusive.
  if (toMs !== null) filter.to = toMs + DAY_MS;
}

/** The form's text of each parameter as the address has it (valid or not, so it can be fixed). */
export function filterText(params: URLSearchParams): FilterText {
  const out = {} as FilterText;
  for (const name of FILTER_PARAMS) out[name] = (params.get(name) ?? '').slice(0, MAX_TEXT);
  return out;
}

/** Problems of the form's text before it is written to the address, by field. */
/**
 * The Counterparty field as a person types it (issue #36): an account id, or a name or the start
 * of an id in the address book (shared/name-lookup.ts, the go-to box's reading), which becomes the
 * account's id; several accounts are a problem that lists them. Text no entry matches is left for
 * formProblems to refuse.
 */
export function counterpartyByName(
  text: FilterText,
  book: readonly NamedAccount[],
): { text: FilterText; problem?: string } {
  const cp = text.cp.trim();
  if (cp === '' || isAccountKey(cp)) return { text };
  const found = lookupName(book, cp, 5);
  if (found.kind === 'one') return { text: { ...text, cp: found.entry.account } };
  if (found.kind === 'none') return { text };
  const more = found.total > found.entries.length ? `, and ${found.total - found.entries.length} more` : '';
  const names = found.entries.map((entry) => entry.label).join(', ');
  return {
    text,
    problem: `${PARAM_LABELS['cp']} “${clip(cp)}” matches ${found.total} accounts: ${names}${more}; type more of it.`,
  };
}

export function formProblems(text: FilterText): Partial<Record<keyof FilterText, string>> {
  const found: Partial<Record<keyof FilterText, string>> = {};
  const state = readWorkbench(new URLSearchParams(Object.entries(text).filter(([, v]) => v !== '')));
  for (const line of state.problems) {
    const name = FILTER_PARAMS.find((param) => line.startsWith(`${PARAM_LABELS[param]} “`));
    if (name) found[name] = line.replace(/; it was ignored\.$/, '.');
    else if (line.startsWith('The amount')) found.max = line.replace(/; it was ignored\.$/, '.');
    else if (line.startsWith('The date')) found.to = line.replace(/; it was ignored\.$/, '.');
  }
  return found;
}

function clip(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}…` : value;
}
