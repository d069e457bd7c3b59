// Finding a secret key (an `S…` seed) in text, in any form a person could paste one: lowercase or
// mixed case, inside longer text, with zero-width or other invisible characters inside, in
// full-width letters, or split into groups by any separator (spaces and line breaks, `-`, `.`,
// `/`, `_`, U+2800, any character that is not base32: issue 37.7). The app core refuses every
// message and file that holds one (core/app/secrets.ts); the page checks what it reads before sending.
//
// The rule, and why it does not refuse legitimate text (test/unit/secrets.test.ts):
//   1. The text is normalised: NFKC (full-width letters become ASCII), invisible format characters
//      removed, upper case. Runs of base32 letters (A–Z, 2–7) are what a seed can be made of.
//   2. Any 56 characters inside one run that are a valid seed: version byte `S` + A–D, and the
//      CRC16 checksum. Base64 and hex rarely hold such a run start (hex has no `S` at all), and
//      each candidate passes the checksum by accident once in 65,536.
//   3. Runs separated by anything that is not base32 (every separator is one separator) and not
//      base64's or hex's own characters (digits, `+`, `=`), joined, where the window stands apart
//      from what is around it (not right after or before a digit, `+`, `/` or `=`, as a window
//      inside a base64 token would be):
//      whole runs whose lengths add up to exactly 56, the first starting the seed, checked the
//      same way. Requiring whole runs keeps prose and lists from forming candidates: a label
//      followed by a line break and an account id (G…, itself 56 characters) never adds up to a
//      window that starts at a word and ends at one; each window that does passes the version
//      byte and the checksum by accident once in 262,144 (10,000 real envelopes as base64, whose
//      `+`, `/` and digits split them into many runs, hold none).
import { decodeStrKey } from './strkey';

/** The one sentence every channel answers a secret key with (the dispatcher, the command line, the page). */
export const SECRET_REFUSED =
  'This contains a secret key (S…). Ledgerscope never needs, keeps or sends secret keys: sign offline and paste the signed transaction instead. The input was discarded.';

const SEED_CHARS = 56;

/** Characters that show as nothing: format characters (zero-width, bidi, BOM, soft hyphen) and blank letters. */
const INVISIBLE = /[\p{Cf}\u115f\u180e\u3164\uffa0]|\u034f|\u1160|\u17b4|\u17b5/gu;
const RUN = /[A-Z2-7]+/g;

/** A seed's first two characters: `S` then A–D (the version byte 18 << 3 leaves the next 3 bits zero). */
const isSeedStart = (text: string, at: number): boolean =>
  text.charCodeAt(at) === 83 && text.charCodeAt(at + 1) >= 65 && text.charCodeAt(at + 1) <= 68;

const isSeed = (text: string): boolean => decodeStrKey('seed', text) !== null;

/** Rule 2: a seed anywhere inside one run. */
function seedInRun(run: string): boolean {
  for (let at = 0; at + SEED_CHARS <= run.length; at++)
    if (isSeedStart(run, at) && isSeed(run.slice(at, at + SEED_CHARS))) return true;
  return false;
}

/**
 * Rule 3: whole runs, in order, that add up to a seed. Runs join only across a gap that holds no
 * character of base64 or hex themselves (digits, `+`, `=`): those gaps are how a real envelope's
 * text falls into runs, and joining across them finds a "seed" in one envelope of a few thousand.
 */
function seedAcrossRuns(group: readonly Run[]): boolean {
  for (let first = 0; first < group.length - 1; first++) {
    if (group[first]!.run.charCodeAt(0) !== 83) continue; // 'S'
    if (group[first]!.tokenBefore) continue;
    let length = group[first]!.run.length;
    let last = first + 1;
    for (; last < group.length && length < SEED_CHARS && group[last]!.joins; last++) length += group[last]!.run.length;
    if (length !== SEED_CHARS || last - first < 2) continue;
    // The window must end where a token ends too: not right before a digit, `+`, `/` or `=`.
    if (group[last - 1]!.tokenAfter) continue;
    const window = group
      .slice(first, last)
      .map((g) => g.run)
      .join('');
    if (isSeedStart(window, 0) && isSeed(window)) return true;
  }
  return false;
}

/** A gap between runs that a person splitting a key would use, not one inside base64 or hex. */
const JOINS = /^[^0-9+=]+$/;
/**
 * The characters that continue a base64 or hex token. A split key stands apart from what is
 * around it (a space, a line break, a quote, the text's start or end); a window of runs inside a
 * longer base64 token (it starts right after, or ends right before, one of these) is no key, even
 * across `/`: joined there, one real envelope in about ten thousand held a "seed".
 */
const TOKEN = /[0-9+/=]/;

interface Run {
  run: string;
  /** The gap before it joins it to the run before (JOINS). */
  joins: boolean;
  /** The character right before it continues a token (TOKEN): no window of runs starts here. */
  tokenBefore: boolean;
  /** The character right after it continues a token: no window of runs ends here. */
  tokenAfter: boolean;
}

/** True when the text holds a valid secret key in any of the forms above. */
export function containsSecretText(text: string): boolean {
  const normal = text.normalize('NFKC').replace(INVISIBLE, '').toUpperCase();
  const runs: Run[] = [];
  let end = 0;
  for (const match of normal.matchAll(RUN)) {
    const run = match[0];
    if (run.length >= SEED_CHARS && seedInRun(run)) return true;
    const after = match.index + run.length;
    runs.push({
      run,
      joins: JOINS.test(normal.slice(end, match.index)),
      tokenBefore: TOKEN.test(normal[match.index - 1] ?? ''),
      tokenAfter: TOKEN.test(normal[after] ?? ''),
    });
    end = after;
  }
  return seedAcrossRuns(runs);
}
