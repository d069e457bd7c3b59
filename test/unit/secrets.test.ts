// Issue #28.8: a secret key in any form is refused on every channel that takes text, with one
// message (shared/secret-scan.ts, core/app/secrets.ts) — and legitimate text is not. The forms: lower
// and mixed case, inside longer text, split by spaces, tabs and line breaks, zero-width and other
// invisible characters inside, full-width letters. The channels: the dispatcher (a label, an
// envelope), the command line's arguments, its standard input and files, a file the desktop shell
// opens, what the page reads from a dropped file. The false positives: 10,000 real envelopes built
// with @stellar/stellar-base (base64, hex, JSON) and a 10,000-entry address book, none refused.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Account,
  Asset,
  Keypair,
  Memo,
  Operation,
  StrKey,
  TransactionBuilder,
  type Transaction,
} from '@stellar/stellar-base';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseInvocation, UsageError } from '../../cli/args';
import { CommandError, runCommand, type Context } from '../../cli/commands';
import { createAppCore } from '../../core/app/app';
import { createDispatcher } from '../../core/app/dispatch';
import { containsSecretKey, refuseSecrets, SECRET_REFUSED } from '../../core/app/secrets';
import { readTransactionFile } from '../../electron/open-file';
import { looksLikeSecret, SECRET_MESSAGE } from '../../renderer/src/features/submit/read-input';
import { labelsToCsv } from '../../shared/labels';
import { containsSecretText } from '../../shared/secret-scan';

const SEED = Keypair.random().secret();
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-secrets-'));

/** Groups of `size` characters joined by `gap`. */
const grouped = (text: string, size: number, gap: string) => text.match(new RegExp(`.{1,${size}}`, 'g'))!.join(gap);
/** Full-width Latin letters and digits (U+FF01…), what NFKC turns back into ASCII. */
const fullWidth = (text: string) =>
  [...text].map((c) => String.fromCodePoint((c.codePointAt(0)! - 0x21 + 0xff01) as number)).join('');
/** `gap` after every character. */
const interleaved = (text: string, gap: string) => [...text].join(gap);

const FORMS: [string, string][] = [
  ['as it is', SEED],
  ['lower case', SEED.toLowerCase()],
  ['mixed case', [...SEED].map((c, i) => (i % 2 ? c.toLowerCase() : c)).join('')],
  ['inside a sentence', `my key is ${SEED}, keep it safe`],
  ['glued to letters on both sides', `key${SEED}end`],
  ['in groups of four, spaced', grouped(SEED, 4, ' ')],
  ['in groups of eight, lower case, tab-separated', grouped(SEED.toLowerCase(), 8, '\t')],
  ['split over two lines', `${SEED.slice(0, 30)}\n${SEED.slice(30)}`],
  [
    'split over lines with CRLF and indentation',
    `  ${SEED.slice(0, 20)}\r\n  ${SEED.slice(20, 40)}\r\n  ${SEED.slice(40)}`,
  ],
  ['one character per space', interleaved(SEED, ' ')],
  ['with no-break and ideographic spaces', `${SEED.slice(0, 10)}\u00a0${SEED.slice(10, 30)}\u3000${SEED.slice(30)}`],
  ['with zero-width spaces inside', interleaved(SEED, '\u200b')],
  [
    'with a zero-width joiner, word joiner, BOM and soft hyphen',
    `${SEED.slice(0, 5)}\u200d${SEED.slice(5, 9)}\u2060${SEED.slice(9, 20)}\ufeff${SEED.slice(20, 30)}\u00ad${SEED.slice(30)}`,
  ],
  ['with a right-to-left override inside', `${SEED.slice(0, 28)}\u202e${SEED.slice(28)}`],
  ['in full-width letters', fullWidth(SEED)],
  ['in a label, spaced and lower case', `savings ${grouped(SEED.toLowerCase(), 7, ' ')}`],
  // Issue 37.7: seen stored as labels before every separator counted as one.
  ['in groups of eight joined by -', grouped(SEED, 8, '-')],
  ['in groups of eight joined by .', grouped(SEED, 8, '.')],
  ['halves joined by /', `${SEED.slice(0, 28)}/${SEED.slice(28)}`],
  ['halves joined by _', `${SEED.slice(0, 28)}_${SEED.slice(28)}`],
  ['halves joined by U+2800', `${SEED.slice(0, 28)}\u2800${SEED.slice(28)}`],
  ['in a label, groups of four joined by ", " and lower case', `backup: ${grouped(SEED.toLowerCase(), 4, ', ')}`],
];

describe('containsSecretText finds a seed in every form', () => {
  it.each(FORMS)('%s', (_name, text) => {
    expect(containsSecretText(text)).toBe(true);
  });

  it('in objects: values, keys, arrays, and nesting past the walk’s depth', () => {
    expect(containsSecretKey({ label: grouped(SEED, 5, ' ') })).toBe(true);
    expect(containsSecretKey({ [SEED.toLowerCase()]: 1 })).toBe(true);
    expect(containsSecretKey(['x', ['y', `a ${SEED}`]])).toBe(true);
    let deep: unknown = { text: interleaved(SEED, '\u200b') };
    for (let i = 0; i < 40; i++) deep = { deeper: deep };
    expect(containsSecretKey(deep)).toBe(true);
  });
});

describe('containsSecretText finds a seed split anywhere by any separator (issue 37.7)', () => {
  const SEPARATORS = [
    '-',
    '.',
    '/',
    '_',
    '\u2800',
    ' ',
    '\n',
    '\t',
    ':',
    ',',
    '|',
    '·',
    '—',
    '\u200b-\u200b',
    ' - ',
    '..',
    '\u00a0',
  ];
  const cut = fc.uniqueArray(fc.integer({ min: 1, max: 55 }), { minLength: 1, maxLength: 10 });
  const split = (seed: string, at: number[], gaps: string[]) => {
    const points = [...at].sort((a, b) => a - b);
    return points
      .map((point, i) => seed.slice(i === 0 ? 0 : points[i - 1], point))
      .concat(seed.slice(points.at(-1)))
      .map((part, i) => (i === 0 ? part : `${gaps[i % gaps.length]}${part}`))
      .join('');
  };
  const gaps = fc.array(fc.constantFrom(...SEPARATORS), { minLength: 1, maxLength: 4 });
  const cased = fc.constantFrom(
    (t: string) => t,
    (t: string) => t.toLowerCase(),
  );

  it('a valid seed split at any positions by any separators, in any case, inside a label, is found', () => {
    fc.assert(
      fc.property(cut, gaps, cased, (at, between, casing) => {
        const seed = Keypair.random().secret();
        expect(containsSecretText(`label ${casing(split(seed, at, between))} end`)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('56 base32 characters that are no valid seed, split the same ways, stay a label', () => {
    fc.assert(
      fc.property(cut, gaps, cased, fc.integer({ min: 1, max: 55 }), (at, between, casing, where) => {
        const seed = Keypair.random().secret();
        const changed = `${seed.slice(0, where)}${seed[where] === 'A' ? 'B' : 'A'}${seed.slice(where + 1)}`;
        expect(StrKey.isValidEd25519SecretSeed(changed)).toBe(false);
        expect(containsSecretText(`label ${casing(split(changed, at, between))} end`)).toBe(false);
        // An account id (G…) split the same ways is no seed either.
        expect(containsSecretText(split(Keypair.random().publicKey(), at, between))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('containsSecretText refuses nothing else', () => {
  it('an account id, a seed with a changed character, seed-shaped text that fails the checksum', () => {
    const account = Keypair.random().publicKey();
    expect(containsSecretText(account)).toBe(false);
    const changed = `${SEED.slice(0, 20)}${SEED[20] === 'A' ? 'B' : 'A'}${SEED.slice(21)}`;
    expect(StrKey.isValidEd25519SecretSeed(changed)).toBe(false);
    expect(containsSecretText(changed)).toBe(false);
    expect(containsSecretText(grouped(changed, 4, ' '))).toBe(false);
    // A seed missing one character, or with one more between whole groups, is no seed.
    expect(containsSecretText(grouped(SEED.slice(0, 55), 5, ' '))).toBe(false);
    expect(containsSecretText(`${grouped(SEED, 4, ' ')}X`.replace(/ (\S+)X$/, ' $1 X'))).toBe(true);
    expect(containsSecretText(`${SEED.slice(0, 28)} X ${SEED.slice(28)}`)).toBe(false);
  });

  it('10,000 real envelopes, as base64, hex and JSON, are none of them refused', () => {
    // The refused texts themselves, so a failure shows what was read as a seed.
    const refused: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const bytes = envelopeBytes(i);
      const base64 = bytes.toString('base64');
      if (i % 500 === 0) expect(TransactionBuilder.fromXDR(base64, 'x').toXDR()).toBe(base64);
      const texts = [base64, bytes.toString('hex'), JSON.stringify({ envelope_xdr: base64 })];
      // Wrapped at 64 columns, as a PEM-style file would hold it.
      texts.push(grouped(base64, 64, '\n'));
      refused.push(...texts.filter(containsSecretText));
    }
    expect(refused).toEqual([]);
  });

  it('a 10,000-entry address book (CSV and JSON) with labels that start like a seed is not refused', () => {
    const words = ['Sadie', 'Sam', 'Sabrina savings', 'Scott', 'Sabbatical fund', 'Sdk test', 'Score', 'Sables'];
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      account: randomAccount(),
      label: `${words[i % words.length]} ${String.fromCharCode(65 + (i % 26))}${i % 7 === 0 ? ' abcdefghijklmnopqrstuvwxyz' : ''}`,
    }));
    expect(containsSecretText(labelsToCsv(entries))).toBe(false);
    expect(containsSecretText(entries.map((e) => `${e.label}\n${e.account}`).join('\n'))).toBe(false);
    expect(containsSecretKey({ labels: entries })).toBe(false);
  });
});

const randomAccount = () => StrKey.encodeEd25519PublicKey(randomBytes(32));

/**
 * A random real transaction: random source, sequence and fee, 1–5 payments to random accounts
 * (native or an issued asset), a memo for every third, signed by its source, with 0–2 more
 * signatures. Building and signing one costs milliseconds in JavaScript, so 10,000 are made from
 * 64 of them: each copy gets a random source key, sequence number and signature bytes in place
 * (same offsets, same lengths: still a well-formed envelope, which a sample decodes to prove).
 */
function realEnvelope(i: number): Transaction {
  const source = Keypair.random();
  const builder = new TransactionBuilder(new Account(source.publicKey(), String(1000 + i)), {
    fee: String(100 + (i % 900)),
    networkPassphrase: i % 2 ? 'Test SDF Network ; September 2015' : 'Ledgerscope Local Network ; 2026',
  });
  for (let op = 0; op < 1 + (i % 5); op++)
    builder.addOperation(
      Operation.payment({
        destination: randomAccount(),
        asset: op % 2 ? Asset.native() : new Asset('USD', randomAccount()),
        amount: `${1 + (i % 997)}.${String(i * 7919)
          .padStart(7, '0')
          .slice(-7)}`,
      }),
    );
  if (i % 3 === 0) builder.addMemo(Memo.text(`order ${i}`));
  const tx = builder.setTimeout(0).build();
  tx.sign(source);
  for (let s = 1; s < 1 + (i % 3); s++) tx.sign(Keypair.random());
  return tx;
}

const TEMPLATES = Array.from({ length: 64 }, (_, i) => Buffer.from(realEnvelope(i).toXDR(), 'base64'));

/** The `i`th of the 10,000: a template with its source key, sequence and signatures' bytes random. */
function envelopeBytes(i: number): Buffer {
  const bytes = Buffer.from(TEMPLATES[i % TEMPLATES.length]!);
  // v1 envelope: type (4), source account: key type (4) and key (32), fee (4), sequence (8).
  randomBytes(32).copy(bytes, 8);
  randomBytes(8).copy(bytes, 44);
  // The signatures close the envelope: per signature, hint (4), length (4), bytes (64).
  const signatures = 1 + ((i % TEMPLATES.length) % 3);
  for (let s = 1; s <= signatures; s++) {
    randomBytes(4).copy(bytes, bytes.length - 72 * s);
    randomBytes(64).copy(bytes, bytes.length - 72 * s + 8);
  }
  return bytes;
}

describe('every channel refuses a secret with the one message', () => {
  const core = createAppCore({
    userDataDir: dir,
    localUrl: 'http://127.0.0.1:9',
    host: 'web',
    version: 'test',
    healthIntervalMs: 0,
    exportDir: join(dir, 'exports'),
    http: { timeoutMs: 1_000, maxRetries: 0 },
  });
  const dispatch = createDispatcher(core.handlers);
  afterAll(() => core.close());
  const spaced = grouped(SEED.toLowerCase(), 4, ' ');
  const hidden = interleaved(SEED, '\u200b');

  it('the dispatcher: a label, an envelope, an export file name, a network name', async () => {
    const account = Keypair.random().publicKey();
    for (const [channel, args] of [
      ['labels:set', { account, label: spaced }],
      ['labels:set', { account, label: `pay ${grouped(SEED, 14, ' ')}` }],
      [
        'export:start',
        {
          target: { kind: 'payments', account },
          query: { order: 'asc', includeFailed: false, includeTransactions: false },
          format: 'csv',
          fileName: `${spaced}.csv`,
        },
      ],
      ['tx:inspect', { input: hidden }],
      ['labels:import', { text: `account,label\n${account},"${spaced}"\n` }],
      ['network:add', { name: 'x', baseUrl: 'http://127.0.0.1:9', passphrase: spaced }],
    ] as const) {
      const reply = await dispatch(channel, args);
      expect(reply, channel).toEqual({ ok: false, error: { code: 'secret_key_refused', message: SECRET_REFUSED } });
    }
  });

  it('the command line: its arguments (one, or split over several), its standard input and its files', async () => {
    for (const argv of [
      ['explain', spaced],
      ['explain', ...grouped(SEED, 8, ' ').split(' ')],
      ['history', Keypair.random().publicKey(), '--memo', hidden],
    ]) {
      let error: unknown;
      try {
        parseInvocation(argv);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toBe(SECRET_REFUSED);
    }
    const file = join(dir, 'split-secret.txt');
    writeFileSync(file, `${SEED.slice(0, 28)}\n${SEED.slice(28)}\n`);
    for (const [argv, stdin] of [
      [['inspect', file], ''],
      [['merge', file], ''],
      [['inspect', '-'], spaced],
      [['submit', '-'], hidden],
      [['decode', 'auto', '-'], spaced],
    ] as const) {
      const ctx: Context = {
        core,
        dispatch,
        io: { out: () => undefined, err: () => undefined, readStdin: async () => stdin },
        interrupted: new Promise(() => undefined),
        onEvent: () => () => undefined,
      };
      const result = await runCommand(parseInvocation([...argv]).command, ctx).catch((error: unknown) => error);
      expect(result, argv.join(' ')).toBeInstanceOf(CommandError);
      expect((result as Error).message, argv.join(' ')).toBe(SECRET_REFUSED);
    }
  });

  it('a file the desktop shell opens, and what the page reads from a dropped file', async () => {
    const file = join(dir, 'opened.txt');
    writeFileSync(file, grouped(SEED.toLowerCase(), 5, ' '));
    await expect(readTransactionFile(file)).rejects.toThrow(SECRET_REFUSED);
    expect(() => refuseSecrets(hidden)).toThrow(SECRET_REFUSED);
    expect(SECRET_MESSAGE).toBe(SECRET_REFUSED);
    for (const [, text] of FORMS) expect(looksLikeSecret(text)).toBe(true);
    expect(looksLikeSecret(envelopeBytes(1).toString('base64'))).toBe(false);
  });
});
