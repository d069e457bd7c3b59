// The one display rule of each kind (issues #26, #28, #29): amounts (shared/amount.ts), id
// abbreviation and grouping (shared/ids.ts), and untrusted text made visible (shared/visible-text.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayAmount,
  displayFee,
  displayLimit,
  displayMoney,
  feeStroopsText,
  formatAmount,
  INT64_MAX,
  parseAmount,
} from '../../shared/amount';
import { abbreviateId, clipMiddle, idBody, idGroups, looksLikeId } from '../../shared/ids';
import { codePointName, hasHidden, showHidden, visibleParts } from '../../shared/visible-text';

const ACCOUNT = 'GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR';
const BALANCE = `00000000${'c0ffee'.repeat(10)}abcd`;

describe('displayAmount: one amount rule', () => {
  it('writes every amount grouped with all seven decimals', () => {
    expect(displayAmount('10000000')).toBe('10,000,000.0000000');
    expect(displayAmount('3932.7904979')).toBe('3,932.7904979');
    expect(displayAmount('-3842.929208')).toBe('-3,842.9292080');
    expect(displayAmount('1648.833641')).toBe('1,648.8336410');
    expect(displayAmount('0')).toBe('0.0000000');
    expect(displayAmount('0.0000001')).toBe('0.0000001');
    expect(displayAmount('999')).toBe('999.0000000');
    expect(displayAmount('1000')).toBe('1,000.0000000');
    expect(displayAmount('007.5')).toBe('7.5000000');
    expect(displayAmount('-0')).toBe('0.0000000');
    expect(displayAmount('+5')).toBe('5.0000000');
  });

  it('is exact beyond int64 (sums) and never rounds: digits past the seventh stay unless they are zeros', () => {
    expect(displayAmount('92233720368547758070.1')).toBe('92,233,720,368,547,758,070.1000000');
    expect(displayAmount('1.00000001')).toBe('1.00000001');
    expect(displayAmount('1.12345670000')).toBe('1.1234567');
  });

  it('gives back text that is not a decimal as it came', () => {
    for (const text of ['', 'abc', '1e7', '1,000', 'NaN', '.5', '1.', '9'.repeat(65)])
      expect(displayAmount(text)).toBe(text);
  });

  it('agrees with the exact integer arithmetic for every int64 amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -INT64_MAX, max: INT64_MAX }), (units) => {
        const shown = displayAmount(formatAmount(units));
        expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{7}$/);
        expect(parseAmount(shown.replace(/,/g, ''), { allowNegative: true })).toBe(units);
      }),
    );
  });

  it('says "unlimited" for the largest trust line limit only', () => {
    expect(displayLimit('922337203685.4775807')).toBe('unlimited');
    expect(displayLimit('922337203685.4775806')).toBe('922,337,203,685.4775806');
    expect(displayLimit('1000')).toBe('1,000.0000000');
    expect(displayLimit('0')).toBe('0.0000000');
    expect(displayLimit('lots')).toBe('lots');
  });

  it('writes fees in the native unit, their stroops grouped for the hover', () => {
    expect(displayFee('100')).toBe('0.0000100 XLM');
    expect(displayFee('12345678')).toBe('1.2345678 XLM');
    expect(displayFee('1.5')).toBe('1.5 stroops');
    expect(feeStroopsText('1200')).toBe('1,200 stroops');
    expect(feeStroopsText('100')).toBe('100 stroops');
  });

  it('writes an amount with its code, the code’s hidden characters written out', () => {
    expect(displayMoney('12.5', 'USD')).toBe('12.5000000 USD');
    expect(displayMoney('1', 'US\u202eD')).toBe('1.0000000 US⟨U+202E⟩D');
  });
});

describe('abbreviateId: one abbreviation rule', () => {
  it('keeps six characters at each end of every id', () => {
    expect(abbreviateId(ACCOUNT)).toBe('GCFIRY…XVYOJR');
    expect(abbreviateId('ab'.repeat(32))).toBe('ababab…ababab');
    expect(abbreviateId(`M${'A'.repeat(68)}`)).toBe('MAAAAA…AAAAAA');
  });

  it('abbreviates a claimable balance id one way, without its type prefix', () => {
    expect(idBody(BALANCE)).toBe(BALANCE.slice(8));
    expect(abbreviateId(BALANCE)).toBe('c0ffee…eeabcd');
    expect(abbreviateId(BALANCE.slice(8))).toBe(abbreviateId(BALANCE));
    // Only the 72-character form with the v0 prefix loses it.
    expect(idBody(`00000001${BALANCE.slice(8)}`)).toBe(`00000001${BALANCE.slice(8)}`);
  });

  it('leaves numbers and ids of 16 characters or fewer whole', () => {
    expect(abbreviateId('257698072119963654')).toBe('257698072119963654');
    expect(abbreviateId('60000008')).toBe('60000008');
    expect(abbreviateId('A'.repeat(16))).toBe('A'.repeat(16));
    expect(abbreviateId('A'.repeat(17))).toBe('AAAAAA…AAAAAA');
  });

  it('shortens a hostile id to the same length, whatever its size', () => {
    expect(abbreviateId('G'.repeat(100_000))).toHaveLength(13);
  });

  it('groups an id by four, every character kept', () => {
    expect(idGroups(ACCOUNT)).toHaveLength(14);
    expect(idGroups(ACCOUNT).join('')).toBe(ACCOUNT);
    expect(idGroups('ABCDEF')).toEqual(['ABCD', 'EF']);
  });

  it('clips long text in a sentence in the middle and says how long it was', () => {
    expect(clipMiddle('abc', 72)).toBe('abc');
    expect(clipMiddle('x'.repeat(72), 72)).toBe('x'.repeat(72));
    const clipped = clipMiddle('x'.repeat(100_000), 72);
    expect(clipped).toMatch(/^x{59}…x{12} \(100,000 characters\)$/);
  });
});

describe('looksLikeId: a name that could pass for an id', () => {
  it.each([
    ACCOUNT,
    'GD5UHQ…FP7N',
    'GD5UHQ...FP7N',
    'GD5U … FP7N',
    'GCFIRY…XVYOJR',
    'GCFI RY65 OQE7 DFP5',
    'GCFI RY65 … XVYO',
    'CBBOBA…4LOPFO',
    'G'.repeat(16),
    'ababab…ababab',
    'ab'.repeat(32),
  ])('%s looks like an id', (text) => expect(looksLikeId(text)).toBe(true));

  it.each([
    'Alice',
    'Bills…Payable',
    'Payroll (GD5U)',
    'CAT…DOG',
    'G'.repeat(15),
    'GCFI RY65 OQE7',
    'bead…cafe!',
    'Exchange hot wallet',
  ])('%s does not', (text) => expect(looksLikeId(text)).toBe(false));
});

describe('visible text: hidden characters made visible', () => {
  const HIDDEN = [
    0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x200b, 0x200c, 0x200d,
    0x2060, 0xfeff, 0x061c, 0x00ad, 0x0000, 0x0007, 0x001f, 0x007f, 0x0085,
  ];

  it.each(HIDDEN.map((code) => [code.toString(16)]))('marks U+%s', (hex) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    const label = `U+${hex.toUpperCase().padStart(4, '0')}`;
    expect(hasHidden(`Al${char}ice`)).toBe(true);
    expect(showHidden(`Al${char}ice`)).toBe(`Al⟨${label}⟩ice`);
    expect(visibleParts(`Al${char}ice`)).toEqual([{ text: 'Al' }, { hidden: parseInt(hex, 16) }, { text: 'ice' }]);
  });

  it('leaves ordinary text, right-to-left letters and emoji alone', () => {
    for (const text of ['Alice', 'שלום', 'مرحبا', 'café', '💸 payroll', 'a b'])
      expect([hasHidden(text), showHidden(text)]).toEqual([false, text]);
  });

  it('names what it marks', () => {
    expect(codePointName(0x202e)).toBe('U+202E RIGHT-TO-LEFT OVERRIDE');
    expect(codePointName(0x0007)).toBe('U+0007 control character');
  });

  it('turns "\\u202egnp.exe" and a reversing label into text that reads as it is', () => {
    expect(showHidden('\u202egnp.exe')).toBe('⟨U+202E⟩gnp.exe');
    expect(showHidden('\u202eecilA kcab')).toBe('⟨U+202E⟩ecilA kcab');
  });

  it('bounds its parts, and still marks every hidden character past the bound', () => {
    const parts = visibleParts('a\u200b'.repeat(5000), 100);
    expect(parts.length).toBeLessThanOrEqual(101);
    const last = parts.at(-1) as { text: string };
    expect(last.text).not.toMatch(/\u200b/);
    expect(last.text).toContain('⟨U+200B⟩');
  });
});
