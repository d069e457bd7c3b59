// The app's one CSV cell writer (shared/csv-cell.ts), read back by an RFC 4180 reader as a
// spreadsheet reads a file: with `,` as the separator, and with `;` or tab, as a spreadsheet set to
// another locale does. Whatever the separator, no cell read back may start a formula (issue #28
// point 6: `x;=1+1;` once opened as three cells, the middle one `=1+1`), every value comes back
// whole but for the `'` before each formula start, and an amount such as -5.0000000 stays a number. The exports that write CSV (listings,
// the history index, the address book) are checked through their own row writers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, LiveCsv } from '../../core/exports/export';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { columnRows, type ExportOp } from '../../shared/export-columns';
import { csvCell, csvCells } from '../../shared/csv-cell';
import { parseJson } from '../../shared/json';
import { labelsToCsv, parseLabelFile } from '../../shared/labels';

/**
 * RFC 4180 as spreadsheets apply it, with any one-character separator: a cell that starts with a
 * quote runs to the closing quote ("" is a quote) or the end of the text, and what follows it up
 * to the separator is added as text; a quote inside a cell is text; records end at CRLF, LF or CR
 * outside quotes.
 */
function readCsv(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let fresh = true;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    fresh = true;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
    } else if (char === '"' && fresh) {
      quoted = true;
      fresh = false;
    } else if (char === separator) endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endCell();
      records.push(cells);
      cells = [];
    } else {
      cell += char;
      fresh = false;
    }
  }
  if (cell !== '' || cells.length > 0) {
    endCell();
    records.push(cells);
  }
  return records;
}

/** What a spreadsheet runs as a formula (after skipping a tab or CR), unless the cell is a plain number. */
const startsFormula = (cell: string) => /^[\t\r]*[=+\-@]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

/** Hostile values and what each reads back as: a `'` before every formula start a reader may see. */
const HOSTILE: [string, string][] = [
  ['x;=1+1;', "x;'=1+1;"],
  ['=1+1', "'=1+1"],
  ['+1+1', "'+1+1"],
  ['@x', "'@x"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['-2+3', "'-2+3"],
  ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ['\t=1+1', "'\t'=1+1"],
  ['\r=1+1', "'\r'=1+1"],
  ['a\tb', 'a\tb'],
  ['a;-5', "a;'-5"],
  ['say "hi", then; leave', 'say "hi", then; leave'],
  ['two\nlines', 'two\nlines'],
  ['two\r\nlines', 'two\r\nlines'],
  ['x\n=1+1', "x\n'=1+1"],
  ['x\r\n@y', "x\r\n'@y"],
  [';=1+1', ";'=1+1"],
  [',=1+1', ',=1+1'],
  ['', ''],
  ['plain', 'plain'],
];

describe('one CSV cell writer', () => {
  it.each([',', ';', '\t'])(
    'reads every value back whole, formula starts neutralised, with %j as the separator',
    (separator) => {
      for (const [value, back] of HOSTILE) {
        const line = `${[value, 'next', '-5.0000000'].map(csvCell).join(separator)}\r\n`;
        expect(readCsv(line, separator), JSON.stringify(value)).toEqual([[back, 'next', '-5.0000000']]);
      }
    },
  );

  it('writes rows that start no formula in a spreadsheet that splits them at ; or tab', () => {
    for (const [value] of HOSTILE) {
      const line = `${csvCells(['a', value, 'b'])}\n`;
      for (const separator of [';', '\t']) {
        // Such a reader sees the quotes in mid-piece as text: the cell is no shelter, the `'` is.
        const cells = readCsv(line, separator).flat();
        expect(cells.filter(startsFormula), `${JSON.stringify(value)} split at ${JSON.stringify(separator)}`).toEqual(
          [],
        );
      }
    }
    // The bypass of issue #28: unquoted, `;` split this into `x`, `=1+1` and an empty cell.
    expect(csvCell('x;=1+1;')).toBe(`"x;'=1+1;"`);
    expect(readCsv(`a,${csvCell('x;=1+1;')},b\n`, ';')[0]!.slice(0, 2)).toEqual(['a,"x', "'=1+1"]);
  });

  it('leaves plain numbers as they are, negative amounts included, and neutralises the rest', () => {
    expect(['-5.0000000', '-2', '0', '12.5', '-0.0000001'].map(csvCell)).toEqual([
      '-5.0000000',
      '-2',
      '0',
      '12.5',
      '-0.0000001',
    ]);
    expect(Number(readCsv(csvCells(['-5.0000000']), ',')[0]![0])).toBe(-5);
    expect(['-2+3', '-1e5', '+5', '-', '-.5'].map(csvCell)).toEqual(["'-2+3", "'-1e5", "'+5", "'-", "'-.5"]);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('a\t-1')).toBe(`"a\t'-1"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
  });

  it('writes every cell of up to four characters as the rules through expressions alone do (its fast path for plain cells included)', () => {
    // The rules as the module states them, through its expressions only, without the one-pass check.
    const byExpressions = (value: string) => {
      if (/^-?\d+(\.\d+)?$/.test(value)) return value;
      const cell = (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/([;\t\r\n])(?=[=+\-@\t])/g, "$1'");
      return /[",;\t\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
    };
    const alphabet = ['a', '1', '.', '=', '+', '-', '@', '"', ',', ';', '\t', '\r', '\n', "'", ' ', 'é'];
    let cells = [''];
    let checked = 0;
    for (let length = 0; length <= 4; length++) {
      for (const value of cells) {
        expect([value, csvCell(value)]).toEqual([value, byExpressions(value)]);
        checked++;
      }
      cells = cells.flatMap((value) => alphabet.map((char) => value + char));
    }
    expect(checked).toBe(1 + 16 + 16 ** 2 + 16 ** 3 + 16 ** 4);
  });
});

const indexOp = (change: Partial<ExportOp>): ExportOp => ({
  time: '2026-03-14T10:50:00.000Z',
  type: 'payment',
  txHash: 'ab'.repeat(32),
  opId: '257698037760',
  memo: null,
  successful: true,
  counterparty: 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX',
  legs: [
    {
      side: 'out',
      asset: 'native',
      amount: 50_000_000n,
      counterparty: 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX',
    },
  ],
  feePaid: null,
  ...change,
});

describe('the exports write their cells with it', () => {
  it('the history index: a memo anyone can send stays one cell, the amount a number', () => {
    const line = columnRows(indexOp({ memo: 'x;=1+1;' }));
    for (const separator of [',', ';']) expect(readCsv(line, separator).flat().filter(startsFormula)).toEqual([]);
    const cells = readCsv(line, ',')[0]!;
    expect(cells).toHaveLength(EXPORT_COLUMNS.length);
    expect(cells[EXPORT_COLUMNS.indexOf('memo')]).toBe("x;'=1+1;");
    expect(cells[EXPORT_COLUMNS.indexOf('amount')]).toBe('5.0000000');
  });

  it('a listing: a type name a hostile server made up stays one cell', () => {
    const text = readFileSync(
      new URL('../fixtures/horizon/operations/manage_data.json', import.meta.url),
      'utf8',
    ).replace('"type": "manage_data"', '"type": "x;=1+1;"');
    const line = new LiveCsv('csv', undefined).rows(normalizeOperation(parseJson(text)));
    for (const separator of [',', ';']) expect(readCsv(line, separator).flat().filter(startsFormula)).toEqual([]);
    const cells = readCsv(line, ',')[0]!;
    expect(cells).toHaveLength(EXPORT_COLUMNS.length);
    expect(cells[EXPORT_COLUMNS.indexOf('type')]).toBe("x;'=1+1;");
  });

  it('the address book: a label with ; and quotes reads back, through its own import too', () => {
    const account = 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX';
    const text = labelsToCsv([
      { account, label: 'Ops; "night" desk' },
      { account, label: 'x;=1+1;' },
    ]);
    expect(readCsv(text, ';').flat().filter(startsFormula)).toEqual([]);
    const back = [
      { account, label: 'Ops; "night" desk' },
      { account, label: "x;'=1+1;" },
    ];
    expect(readCsv(text, ',')).toEqual([
      ['account', 'label', 'network'],
      ...back.map((entry) => [entry.account, entry.label, '']),
    ]);
    expect(parseLabelFile(text)).toEqual(back);
  });
});
