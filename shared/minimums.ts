// Notification minimums per asset: a watched account is told about an incoming payment only when
// it reaches the minimum of the payment's asset (`native`, or `CODE:ISSUER`), else the minimum for
// any asset (`*`); with neither, every incoming payment notifies. Amounts stay exact decimals.
import { z } from 'zod';
import { parseAmount } from './amount';
import type { Currency } from './model/base';
import { isPaymentLike, type Operation } from './model/operations';
import { isAccountKey } from './strkey';

export const ANY_ASSET = '*';
export const MAX_MINIMUMS = 50;

export const AssetKey = z
  .string()
  .refine(
    (key) => key.length <= 70 && (key === ANY_ASSET || key === 'native' || isCreditKey(key)),
    'an asset: "*" (any), "native", or CODE:ISSUER',
  );

/** A minimum is an exact decimal (0 or more) with at most 7 decimal places. */
export const MinimumAmount = z
  .string()
  .max(40)
  .refine((text) => {
    try {
      return parseAmount(text) >= 0n;
    } catch {
      return false;
    }
  }, 'an amount of 0 or more with at most 7 decimal places');

export const Minimums = z
  .record(AssetKey, MinimumAmount)
  .refine((map) => Object.keys(map).length <= MAX_MINIMUMS, `at most ${MAX_MINIMUMS} minimums`);
export type Minimums = z.infer<typeof Minimums>;

function isCreditKey(key: string): boolean {
  const [code, issuer, extra] = key.split(':');
  return extra === undefined && !!code && /^[A-Za-z0-9]{1,12}$/.test(code) && !!issuer && isAccountKey(issuer);
}

export function assetKey(currency: Currency | undefined): string {
  return currency?.issuer ? `${currency.code}:${currency.issuer}` : 'native';
}

/** The amount and asset an incoming record brings, for the minimum check (null: not money). */
function incoming(record: Operation): { amount: string; key: string } | null {
  // Path payments are payments: what arrived is their destination amount and asset.
  if (isPaymentLike(record)) return { amount: record.amount, key: assetKey(record.currency) };
  if (record.type === 'create_account') return { amount: record.startingBalance, key: 'native' };
  return null;
}

/** Whether an incoming record reaches the minimum of its asset (or of any asset). */
export function passesMinimum(record: Operation, minimums: Minimums | undefined): boolean {
  const money = incoming(record);
  if (!money) return false;
  const minimum = minimums?.[money.key] ?? minimums?.[ANY_ASSET];
  return minimum === undefined || parseAmount(money.amount) >= parseAmount(minimum);
}

/** The persisted form before minimums were per asset: `minAmount` (any asset) becomes `{"*": …}`. */
export function migrateWatched(entry: unknown): unknown {
  if (!entry || typeof entry !== 'object' || !('minAmount' in entry)) return entry;
  const { minAmount, ...rest } = entry as Record<string, unknown>;
  const existing = (rest as { minAmounts?: unknown }).minAmounts;
  if (typeof minAmount !== 'string' || existing !== undefined) return rest;
  return { ...rest, minAmounts: { [ANY_ASSET]: minAmount } };
}

/** "10, XLM=5, USD:G…=100": a bare amount is for any asset; XLM means native. */
export function parseMinimumsText(text: string): Minimums {
  const map: Record<string, string> = {};
  for (const part of text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [left, right] = part.includes('=') ? part.split('=', 2).map((s) => s.trim()) : [ANY_ASSET, part];
    const key =
      left!.toUpperCase() === 'XLM' || left!.toLowerCase() === 'native'
        ? 'native'
        : left === ANY_ASSET || left!.toLowerCase() === 'any'
          ? ANY_ASSET
          : left!;
    const checked = AssetKey.safeParse(key);
    if (!checked.success)
      throw new Error(`"${key.slice(0, 40)}" is not ${checked.error.issues[0]?.message ?? 'an asset'}`);
    map[key] = right!;
  }
  const parsed = Minimums.safeParse(map);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `"${String(issue.path[0]).slice(0, 40)}": ` : '';
  throw new Error(`${where}${issue?.message ?? 'not a list of minimums'}`);
}

export function formatMinimums(map: Minimums | undefined): string {
  return Object.entries(map ?? {})
    .map(([key, amount]) => (key === ANY_ASSET ? amount : `${key === 'native' ? 'XLM' : key}=${amount}`))
    .join(', ');
}
