// What an address book label may be (shared/labels.ts, issue #28): no invisible or
// direction-changing character and not the look of an id, when set or imported; a label stored
// before these rules still loads (the file is not set aside), and the renderer marks it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LabelStore } from '../../core/app/labels';
import { LabelEntry, LabelImportError, parseLabelFile } from '../../shared/labels';

const A = 'GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR';
const B = 'GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U';

const check = (label: string) => LabelEntry.safeParse({ account: A, label });
const message = (label: string) => {
  const parsed = check(label);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('a label', () => {
  it.each([
    ['\u202eecilA kcab', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
    ['Al\u200bice', 'U+200B ZERO WIDTH SPACE'],
    ['Al\u200dice', 'U+200D ZERO WIDTH JOINER'],
    ['Bob\u2066x\u2069', 'U+2066 LEFT-TO-RIGHT ISOLATE'],
    ['\u200fCarol', 'U+200F RIGHT-TO-LEFT MARK'],
    ['Da\ufeffve', 'U+FEFF'],
    ['Er\u2060in', 'U+2060 WORD JOINER'],
  ])('%j is refused, naming the character', (label, name) => {
    const text = message(label);
    expect(text).toMatch(/cannot hold invisible or direction-changing characters/);
    if (name) expect(text).toContain(name);
  });

  it.each(['GD5UHQ…FP7N', 'GD5UHQ...FP7N', B, 'GCAT S5YO VB6R OX2W'])('%j is refused: it looks like an id', (label) =>
    expect(message(label)).toMatch(/cannot look like an id/),
  );

  it.each(['Alice', 'Bills…Payable', 'שלום', 'Payroll (GD5U)', 'café 💸'])('%j is a label', (label) =>
    expect(check(label).success).toBe(true),
  );

  it('refuses an import holding such a label, whole, naming its line', () => {
    expect(() => parseLabelFile(`account,label\n${B},Bob\n${A},Al\u200bice\n`)).toThrow(LabelImportError);
    expect(() => parseLabelFile(`account,label\n${B},Bob\n${A},Al\u200bice\n`)).toThrow(/Line 3: label: .*U\+200B/);
    expect(() => parseLabelFile(JSON.stringify([{ account: A, label: 'GD5UHQ…FP7N' }]))).toThrow(/look like an id/);
  });

  it('stored before the rules, still loads with the rest of the book', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-label-rules-'));
    writeFileSync(
      join(dir, 'labels.json'),
      JSON.stringify({
        labels: [
          { account: A, label: 'GD5UHQ…FP7N' },
          { account: B, label: 'Bob' },
        ],
      }),
    );
    // A file from before labels were per network: its labels are kept, shown on every network, marked so.
    expect(new LabelStore(dir, undefined, () => 'local').list()).toEqual([
      { account: B, label: 'Bob', everyNetwork: true },
      { account: A, label: 'GD5UHQ…FP7N', everyNetwork: true },
    ]);
  });
});
