// The Submit page's pure pieces: several envelopes in one pasted text (#29), the refusal that keeps
// "submit" on what is shown (#26), a server detail added without a sentence said twice, and how a
// threshold of 0 reads.
import { describe, expect, it } from 'vitest';
import { needText } from '../../shared/threshold-text';
import { withDetail } from '../../renderer/src/features/submit/detail-text';
import { MAX_ENVELOPES, splitEnvelopes } from '../../renderer/src/features/submit/read-input';
import { OUTCOME_TEXT, outcomeText } from '../../renderer/src/features/submit/result-panel';
import { thresholdText } from '../../renderer/src/features/submit/signatures-panel';
import { BOX_CHANGED, NOT_READY, NOTHING_INSPECTED, refusal } from '../../renderer/src/features/submit/submit-identity';

// Shapes of real envelopes: base64 of a v1 envelope, of a fee bump, hex, a SEP-7 URI.
const A = `AAAAAgAAAAA${'a'.repeat(60)}==`;
const B = `AAAAAgAAAAA${'b'.repeat(60)}==`;
const BUMP = `AAAABQAAAAA${'c'.repeat(60)}=`;
const HEX = `00000002${'0f'.repeat(40)}`;
const URI = `web+stellar:tx?xdr=${encodeURIComponent(A)}`;
const HASH = 'ab'.repeat(32);

describe('several envelopes pasted in one box', () => {
  it('takes one envelope as itself, spaces and line breaks around it dropped', () => {
    expect(splitEnvelopes(A)).toEqual([A]);
    expect(splitEnvelopes(`  \n\t${A}  \n\n`)).toEqual([A]);
    expect(splitEnvelopes('')).toEqual([]);
    expect(splitEnvelopes(' \n \r\n ')).toEqual([]);
  });

  it('splits at blank lines, blank lines with spaces in them too', () => {
    expect(splitEnvelopes(`${A}\n\n${B}`)).toEqual([A, B]);
    expect(splitEnvelopes(`${A}\n \t \n\n\n${B}\n`)).toEqual([A, B]);
  });

  it('takes one envelope a line', () => {
    expect(splitEnvelopes(`${A}\n${B}\n${BUMP}`)).toEqual([A, B, BUMP]);
    expect(splitEnvelopes(`${HEX}\n${URI}`)).toEqual([HEX, URI]);
  });

  it('reads CRLF and CR line ends, and trailing spaces, as a line end', () => {
    expect(splitEnvelopes(`${A}  \r\n${B}\t\r\n`)).toEqual([A, B]);
    expect(splitEnvelopes(`${A}\r\n\r\n${B}`)).toEqual([A, B]);
    expect(splitEnvelopes(`${A}\r${B}`)).toEqual([A, B]);
  });

  it('joins one envelope broken over lines (wrapped base64) back into one', () => {
    const whole = `AAAAAgAAAAA${'x'.repeat(140)}==`;
    const wrapped = whole.match(/.{1,76}/g)!.join('\n');
    expect(wrapped.split('\n').length).toBeGreaterThan(1);
    expect(splitEnvelopes(wrapped)).toEqual([whole]);
    // Beside another copy, separated by a blank line.
    expect(splitEnvelopes(`${wrapped}\r\n\r\n${B}`)).toEqual([whole, B]);
  });

  it('keeps a JSON document whole, line breaks and all', () => {
    const json = `{\n  "tx": "${A}",\n  "network": "local"\n}`;
    expect(splitEnvelopes(json)).toEqual([json]);
    expect(splitEnvelopes(`${json}\n\n${B}`)).toEqual([json, B]);
  });

  it('returns every piece, so the caller can refuse more than it merges', () => {
    const many = Array.from({ length: MAX_ENVELOPES + 1 }, (_, i) => `AAAAAgAAAAA${i}`).join('\n');
    expect(splitEnvelopes(many)).toHaveLength(MAX_ENVELOPES + 1);
  });
});

describe('what "submit" may send', () => {
  const shown = { text: `${A}\n${B}`, hash: HASH };

  it('sends the envelope whose preview is on screen for the box as it is', () => {
    expect(refusal(shown.text, shown, { envelope: A, hash: HASH })).toBeNull();
  });

  it('refuses when the box differs from what was inspected, by one character or one space', () => {
    expect(refusal(`${shown.text}x`, shown, { envelope: A, hash: HASH })).toBe(BOX_CHANGED);
    expect(refusal(`${shown.text} `, shown, { envelope: A, hash: HASH })).toBe(BOX_CHANGED);
    expect(refusal(B, shown, { envelope: A, hash: HASH })).toBe(BOX_CHANGED);
  });

  it('refuses with nothing inspected: an empty box, or one changed since', () => {
    expect(refusal('', null, undefined)).toBe(NOTHING_INSPECTED);
    expect(refusal(B, null, { envelope: A, hash: HASH })).toBe(BOX_CHANGED);
  });

  it('refuses while the preview or the envelope to send is not on screen', () => {
    expect(refusal(shown.text, { ...shown, hash: undefined }, { envelope: A, hash: HASH })).toBe(NOT_READY);
    expect(refusal(shown.text, shown, undefined)).toBe(NOT_READY);
  });

  it('refuses an envelope to send whose hash is not the one shown', () => {
    expect(refusal(shown.text, shown, { envelope: A, hash: 'cd'.repeat(32) })).toMatch(/^Not sent: .*cdcd.*abab/);
  });
});

describe('a server detail beside the outcome text', () => {
  const text = OUTCOME_TEXT.already_finished;

  it('is left out when it says what the text says', () => {
    expect(withDetail(text, text)).toBe(text);
    expect(withDetail(text, ` ${text.toUpperCase()} `)).toBe(text);
    expect(withDetail(text, 'Nothing new was sent')).toBe(text);
  });

  it('keeps only the sentences the text does not say', () => {
    expect(withDetail(text, `Nothing new was sent. Seen in ledger 748.`)).toBe(`${text} (Seen in ledger 748.)`);
    expect(withDetail(text, 'Queued at 12.5 s.')).toBe(`${text} (Queued at 12.5 s.)`);
    expect(withDetail(text, undefined)).toBe(text);
    expect(withDetail(text, '  ')).toBe(text);
  });

  it('reads a report whose message repeats the outcome once', () => {
    const report = {
      result: 'already_finished' as const,
      hash: HASH,
      resultXdr: '',
      networkId: 'local',
      explanations: [],
      journalId: 'j',
      following: false,
    };
    expect(outcomeText({ ...report, message: text })).toBe(text);
    expect(outcomeText({ ...report, message: 'DUPLICATE' })).toBe(`${text} (DUPLICATE)`);
  });
});

describe('a threshold of 0', () => {
  it('reads "no threshold (any signer)", never "weight 1 of 0"', () => {
    expect(needText(1, 0)).toBe('no threshold (any signer)');
    expect(needText(0, 1)).toBe('weight 0 of 1');
    expect(needText(1, 1)).toBe('weight 1 of 1');
    expect(thresholdText({ level: 'low', status: 'met', weight: 1, needed: 0 })).toBe('low: no threshold (any signer)');
    expect(thresholdText({ level: 'med', status: 'short', weight: 1, needed: 2 })).toBe(
      'med threshold (weight 1 of 2)',
    );
    expect(thresholdText({ level: 'high', status: 'unknown', weight: 0, needed: 0 })).toBe('high threshold');
  });
});
