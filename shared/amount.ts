// Exact amounts: an amount is an integer count of 1/10^7 units (a bigint), written as a decimal
// string at scale 10^7 on the wire. Floats never touch money. Display has one rule, displayAmount.
import { showHidden } from './visible-text';

export const SCALE_DIGITS = 7;
export const SCALE = 10_000_000n;
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export class AmountError extends Error {
  override name = 'AmountError';
}

export interface ParseAmountOptions {
  /** Accept a leading '-' (a signed quantity such as a balance change). Default false. */
  allowNegative?: boolean;
  /** Accept a leading '+'. Default false. */
  allowPlus?: boolean;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Parses a decimal string ("12.5", "0.0000001") into integer units. Throws AmountError. */
export function parseAmount(text: string, options: ParseAmountOptions = {}): bigint {
  if (typeof text !== 'string') throw new AmountError('amount must be a string');
  if (text.length > 64) throw new AmountError('amount is too long');
  const trimmed = text.trim();
  if (trimmed === '') throw new AmountError('amount is empty');
  if (/[eE]/.test(trimmed)) throw new AmountError(`amount "${short(trimmed)}" uses an exponent; write plain digits`);
  const match = DECIMAL.exec(trimmed);
  if (!match) throw new AmountError(`amount "${short(trimmed)}" is not a decimal number`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (sign === '-' && !options.allowNegative) throw new AmountError('amount must not be negative');
  if (sign === '+' && !options.allowPlus) throw new AmountError('amount must not carry a "+" sign');
  if (fraction.length > SCALE_DIGITS) {
    throw new AmountError(`amount "${short(trimmed)}" has more than ${SCALE_DIGITS} decimal places`);
  }
  const magnitude = BigInt(whole) * SCALE + BigInt(fraction.padEnd(SCALE_DIGITS, '0') || '0');
  const units = sign === '-' ? -magnitude : magnitude;
  if (units < INT64_MIN || units > INT64_MAX) throw new AmountError(`amount "${short(trimmed)}" is outside int64`);
  return units;
}

/**
 * A sum of amounts (a total, a net, a balance drawn from sums) as integer units: the decimal
 * grammar of parseAmount, signed, without its int64 bound. A sum of stored amounts may pass int64
 * where no single amount can (two trades of int64's maximum: issue 37.5), so it stays a bigint
 * end to end. Still bounded in length (64 characters: far past any sum of int64 rows).
 */
export function parseSum(text: string): bigint {
  if (typeof text !== 'string') throw new AmountError('sum must be a string');
  if (text.length > 64) throw new AmountError('sum is too long');
  const match = DECIMAL.exec(text.trim());
  if (!match || /[eE]/.test(text)) throw new AmountError(`sum "${short(text.trim())}" is not a decimal number`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (sign === '+') throw new AmountError('sum must not carry a "+" sign');
  if (fraction.length > SCALE_DIGITS)
    throw new AmountError(`sum "${short(text.trim())}" has more than ${SCALE_DIGITS} decimal places`);
  const magnitude = BigInt(whole) * SCALE + BigInt(fraction.padEnd(SCALE_DIGITS, '0') || '0');
  return sign === '-' ? -magnitude : magnitude;
}

/**
 * Integer units to the shortest exact decimal string: 1n -> "0.0000001", 10^7 -> "1". Cut from
 * the digits' text (no bigint division, no regular expression): the analyses write tens of
 * thousands of these per answer.
 */
export function formatAmount(units: bigint, options: { fixed?: boolean } = {}): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(SCALE_DIGITS + 1, '0');
  const whole = digits.slice(0, -SCALE_DIGITS);
  let end = digits.length;
  if (!options.fixed) while (end > whole.length && digits.charCodeAt(end - 1) === 48 /* 0 */) end--;
  const body = end > whole.length ? `${whole}.${digits.slice(whole.length, end)}` : whole;
  return negative ? `-${body}` : body;
}

/** Groups the whole part of an exact decimal string: "1234567.5" -> "1,234,567.5". */
export function groupDecimal(decimal: string, separator = ','): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(decimal);
  if (!match) throw new AmountError(`"${short(decimal)}" is not a decimal number`);
  const [, sign = '', whole = '', fraction = ''] = match;
  return sign + whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator) + fraction;
}

/** Integer units to the display form (grouped, all seven decimals): displayAmount of its decimal. */
export function formatAmountGrouped(units: bigint): string {
  return groupDecimal(formatAmount(units, { fixed: true }));
}

const DISPLAY_DECIMAL = /^([+-]?)(\d{1,64})(?:\.(\d{1,64}))?$/;

/**
 * THE amount rule for display: an exact decimal string in, grouped with all seven decimals out
 * ("1234.5" -> "1,234.5000000", "-3" -> "-3.0000000"). Works on the text, so sums beyond int64 read
 * right too; never a float, never rounded: digits past the seventh are kept when they are not zeros.
 * Text that is not a decimal comes back as it was (the caller shows what the server wrote).
 */
export function displayAmount(text: string): string {
  const match = typeof text === 'string' ? DISPLAY_DECIMAL.exec(text.trim()) : null;
  if (!match) return text;
  const [, sign = '', rawWhole = '0', rawFraction = ''] = match;
  const whole = rawWhole.replace(/^0+(?=\d)/, '');
  const fraction = rawFraction.length > SCALE_DIGITS ? rawFraction.replace(/0+$/, '') : rawFraction;
  const digits = fraction.padEnd(SCALE_DIGITS, '0');
  const zero = /^0*$/.test(whole + digits);
  return `${sign === '-' && !zero ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${digits}`;
}

/** The largest trust line limit, int64 max in stroops: a line with it has no limit. */
export const UNLIMITED_AMOUNT = '922337203685.4775807';

/** A trust line limit for display: "unlimited" at int64 max, else displayAmount. */
export function displayLimit(text: string): string {
  try {
    if (parseAmount(text) === INT64_MAX) return 'unlimited';
  } catch {
    // Not an amount: shown as written, below.
  }
  return displayAmount(text);
}

/** The native asset's code: fees are paid in it. */
export const NATIVE_CODE = 'XLM';

/** A fee (stroops) for display: "0.0000100 XLM"; text that is not whole stroops reads "N stroops". */
export function displayFee(stroops: string): string {
  try {
    return `${stroopsToNative(stroops)} ${NATIVE_CODE}`;
  } catch {
    return `${stroops} stroops`;
  }
}

/** What a fee's hover says: its stroops, grouped ("1,200 stroops"). */
export function feeStroopsText(stroops: string): string {
  return /^-?\d{1,20}$/.test(stroops) ? `${groupDecimal(stroops)} stroops` : `${stroops} stroops`;
}

/**
 * Any exact decimal string with all seven decimals, whatever the server wrote: "1.5" ->
 * "1.5000000", "-3" -> "-3.0000000". Integer arithmetic on the units, never a float.
 */
export function fixedAmount(text: string): string {
  return formatAmount(parseAmount(text, { allowNegative: true }), { fixed: true });
}

/** Normalises any exact decimal string to the canonical form formatAmount writes. */
export function canonicalDecimal(text: string, options: ParseAmountOptions = {}): string {
  return formatAmount(parseAmount(text, options));
}

function short(text: string): string {
  return text.length > 32 ? `${text.slice(0, 29)}...` : text;
}

/** Stroops (digits) in the native unit with all seven decimals: "100" -> "0.0000100". */
export function stroopsToNative(stroops: string): string {
  if (!/^-?\d{1,20}$/.test(stroops)) throw new AmountError(`"${short(stroops)}" is not a whole number of stroops`);
  return groupDecimal(formatAmount(BigInt(stroops), { fixed: true }));
}

/**
 * An amount and its asset's code as plain text, "1,234.5000000 USD": for titles, notifications,
 * summaries and plain-text cells. The code is untrusted text: its hidden characters are written out.
 */
export function displayMoney(amount: string, code: string): string {
  return `${displayAmount(amount)} ${showHidden(code)}`;
}
