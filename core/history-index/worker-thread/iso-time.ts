// ISO 8601 texts of epoch days and milliseconds, as Date#toISOString writes them, for the tens of
// thousands an analysis answers with (volume per day of a long history: ~33,000): a Date and
// its toISOString per value were half of that answer's time. A day's text is made once and kept.

const DAY_MS = 86_400_000;
// 0000-01-01 .. 9999-12-31: outside it toISOString writes a six-digit signed year; Date does it.
const FIRST_DAY = -719_528;
const LAST_DAY = 2_932_896;
const days = new Map<number, string>();

/** "YYYY-MM-DD" of an epoch day (UTC). */
export function isoDay(epochDay: number): string {
  let text = days.get(epochDay);
  if (text === undefined) {
    text = new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
    // Bounded: a history spans thousands of days; a hostile spread cannot grow this without end.
    if (days.size >= 100_000) days.clear();
    days.set(epochDay, text);
  }
  return text;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** The same text as `new Date(ms).toISOString()`. */
export function isoTime(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (!Number.isInteger(ms) || day < FIRST_DAY || day > LAST_DAY) return new Date(ms).toISOString();
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${isoDay(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}
