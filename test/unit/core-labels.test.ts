// The address book (core/app/labels.ts) through the channel map: labels are validated and
// capped, the file is written atomically, JSON and CSV round-trip, and a hostile import is
// refused whole with a clear message, leaving every label as it was.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Keypair, StrKey } from '@stellar/stellar-base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../core/app/app';
import { createDispatcher, type Dispatch } from '../../core/app/dispatch';
import { LabelStore, labelIn } from '../../core/app/labels';
import { MAX_LABELS, labelsToCsv, parseLabelFile } from '../../shared/labels';

const A = 'GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR';
const B = 'GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U';
const BAD_CHECKSUM = `${A.slice(0, 55)}A`;
const someAccount = () => StrKey.encodeEd25519PublicKey(randomBytes(32));

let dir: string;
let core: AppCore;
let dispatch: Dispatch;
let changes: unknown[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-labels-'));
  changes = [];
  const emit = (channel: string, payload: unknown) => void (channel === 'labels:changed' && changes.push(payload));
  core = createAppCore({
    userDataDir: dir,
    localUrl: 'http://127.0.0.1:9',
    host: 'web',
    version: 'test',
    healthIntervalMs: 0,
    exportDir: join(dir, 'exports'),
    emit: emit as never,
  });
  dispatch = createDispatcher(core.handlers);
});
afterEach(async () => core.close());

async function ok(channel: string, args: unknown) {
  const reply = await dispatch(channel, args);
  if (!reply.ok) throw new Error(`${channel}: ${reply.error.code} ${reply.error.message}`);
  return reply.value as never;
}

async function refused(channel: string, args: unknown) {
  const reply = await dispatch(channel, args);
  if (reply.ok) throw new Error(`${channel} accepted ${JSON.stringify(args).slice(0, 80)}`);
  return reply.error;
}

const fileLabels = () => (JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as { labels: unknown[] }).labels;

describe('labels: set, list, remove', () => {
  it('keeps a trimmed label per account, replaces it, removes it, and persists across a restart', async () => {
    await ok('labels:set', { account: A.toLowerCase(), label: '  Exchange hot wallet ' });
    await ok('labels:set', { account: B, label: 'Alice' });
    await ok('labels:set', { account: A, label: 'Exchange' });
    expect(((await ok('labels:list', {})) as { labels: unknown }).labels).toEqual([
      { account: B, label: 'Alice' },
      { account: A, label: 'Exchange' },
    ]);
    expect(new LabelStore(dir, undefined, () => 'local').list()).toHaveLength(2);
    // The desktop shell's notifications read the file as it is now.
    expect(labelIn(dir, A, 'local')).toBe('Exchange');
    expect(labelIn(dir, BAD_CHECKSUM, 'local')).toBeUndefined();
    expect(await ok('labels:remove', { account: B })).toEqual({ removed: true });
    expect(await ok('labels:remove', { account: B })).toEqual({ removed: false });
    expect(fileLabels()).toEqual([{ account: A, label: 'Exchange', network: 'local' }]);
    // Each change (three sets, one removal; not the removal that removed nothing) is announced.
    expect(changes).toEqual([{ count: 1 }, { count: 2 }, { count: 2 }, { count: 1 }]);
  });

  it.each([
    [{ account: A, label: 'x'.repeat(65) }, 'at most 64'],
    [{ account: A, label: '   ' }, 'empty'],
    [{ account: A, label: 'bell\u0007' }, 'control'],
    [{ account: A, label: '=cmd|" /C calc"!A0' }, 'formula'],
    [{ account: A, label: '@SUM(1)' }, 'formula'],
    [{ account: BAD_CHECKSUM, label: 'x' }, 'account id'],
    [{ account: 'not an id', label: 'x' }, 'account id'],
    [{ account: A, label: 'x', extra: 1 }, 'Unrecognized'],
  ])('refuses %j with a clear message', async (args, words) => {
    const error = await refused('labels:set', args);
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toContain(words);
    expect(existsSync(join(dir, 'labels.json'))).toBe(false);
  });

  it('holds at most 10,000 labels', async () => {
    const full = Array.from({ length: MAX_LABELS }, () => ({ account: someAccount(), label: 'n' }));
    expect(await ok('labels:import', { text: JSON.stringify(full) })).toMatchObject({
      added: MAX_LABELS,
      total: MAX_LABELS,
    });
    const error = await refused('labels:set', { account: A, label: 'one more' });
    expect(error.message).toContain('at most 10000');
    // Relabelling an account already there is still allowed at the cap.
    await ok('labels:set', { account: full[0]!.account, label: 'renamed' });
    expect(fileLabels()).toHaveLength(MAX_LABELS);
  });
});

describe('labels: the file', () => {
  it('is written whole: a failed write leaves what stood there and the listing as they were, and no temporary file', async () => {
    await ok('labels:set', { account: A, label: 'First' });
    expect(readdirSync(dir).filter((name) => name.includes('labels.json'))).toEqual(['labels.json']);
    // A store whose file's place is taken by a folder with something in it: the rename that
    // would publish the new file fails after the temporary file was written (whole-file.ts).
    const other = mkdtempSync(join(tmpdir(), 'ledgerscope-labels-blocked-'));
    mkdirSync(join(other, 'labels.json'));
    writeFileSync(join(other, 'labels.json', 'keep'), 'x');
    const store = new LabelStore(other);
    expect(() => store.set({ account: B, label: 'Second' })).toThrow();
    expect(store.list()).toEqual([]);
    expect(readdirSync(other)).toEqual(['labels.json']);
    expect(readdirSync(join(other, 'labels.json'))).toEqual(['keep']);
  });

  it('keeps a corrupt file aside and starts empty', () => {
    writeFileSync(join(dir, 'labels.json'), '{"labels": [{"account": "nope"');
    expect(new LabelStore(dir, undefined, () => 'local').list()).toEqual([]);
    expect(readFileSync(join(dir, 'labels.json.corrupt'), 'utf8')).toContain('nope');
  });
});

describe('labels: import and export', () => {
  const tricky = [
    { account: A, label: 'Café, "the" exchange' },
    { account: B, label: 'multi\u00a0word 🙂' },
  ];

  it.each(['json', 'csv'] as const)('round-trips through %s', async (format) => {
    for (const entry of tricky) await ok('labels:set', entry);
    const exported = (await ok('labels:export', { format })) as { text: string; count: number };
    expect(exported.count).toBe(2);
    await ok('labels:remove', { account: A });
    await ok('labels:set', { account: B, label: 'changed' });
    expect(await ok('labels:import', { text: exported.text })).toEqual({
      added: 1,
      updated: 1,
      unchanged: 0,
      total: 2,
      elsewhere: 0,
    });
    expect(new LabelStore(dir, undefined, () => 'local').list()).toEqual(
      [...tricky].sort((x, y) => x.label.localeCompare(y.label, 'en')),
    );
  });

  it('reads CSV with CRLF, a BOM, quoted newlines-free cells and blank lines', () => {
    expect(parseLabelFile(`\uFEFFaccount,label\r\n${A},"A, quoted ""x"""\r\n\r\n${B.toLowerCase()},plain\n`)).toEqual([
      { account: A, label: 'A, quoted "x"' },
      { account: B, label: 'plain' },
    ]);
    expect(labelsToCsv([{ account: A, label: 'a,b' }])).toBe(`account,label,network\r\n${A},"a,b",\r\n`);
    expect(labelsToCsv([{ account: A, label: 'a', network: 'testnet' }])).toBe(
      `account,label,network\r\n${A},a,testnet\r\n`,
    );
    // With a network column: a cell names the label's network, an empty one none (the selected network's on import).
    expect(parseLabelFile(`account,label,network\r\n${A},x,custom-my-net\r\n${B},y,\r\n`)).toEqual([
      { account: A, label: 'x', network: 'custom-my-net' },
      { account: B, label: 'y' },
    ]);
    expect(
      parseLabelFile(
        JSON.stringify([
          { account: A, label: 'x', network: null },
          { account: B, label: 'y', network: 'public' },
        ]),
      ),
    ).toEqual([
      { account: A, label: 'x' },
      { account: B, label: 'y', network: 'public' },
    ]);
  });

  it.each([
    ['malformed JSON', '{"labels": [', 'not valid JSON'],
    ['JSON of the wrong shape', '{"names": []}', 'must be a list'],
    [
      'an entry with an invalid id',
      JSON.stringify([
        { account: A, label: 'ok' },
        { account: BAD_CHECKSUM, label: 'x' },
      ]),
      'Entry 2: account',
    ],
    ['a CSV without its header', `${A},x\n`, 'header "account,label"'],
    ['a CSV line with three cells', `account,label\n${A},x,y\n`, 'Line 2: expected 2 cells'],
    ['an unclosed quote', `account,label\n${A},"never ends\n`, 'never ends'],
    [
      'a formula-injection cell',
      `account,label\n${A},=cmd|' /C calc'!A0\n`,
      'Line 2: label: a label cannot start with =',
    ],
    ['a +formula cell', `account,label\n${A},+1+1\n`, 'formula'],
    ['a label too long', `account,label\n${A},${'y'.repeat(65)}\n`, 'at most 64'],
    [
      'more than 10,000 entries',
      JSON.stringify(Array.from({ length: MAX_LABELS + 1 }, () => ({ account: A, label: 'x' }))),
      'at most 10000',
    ],
  ])('refuses %s whole and keeps every label', async (_what, text, words) => {
    await ok('labels:set', { account: B, label: 'Keep me' });
    const error = await refused('labels:import', { text });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(words);
    expect(fileLabels()).toEqual([{ account: B, label: 'Keep me', network: 'local' }]);
    expect(changes).toHaveLength(1); // the set above; a refused import announces nothing
  });

  it('refuses a 5 MB file and a file holding a secret key before reading them', async () => {
    await ok('labels:set', { account: B, label: 'Keep me' });
    const huge = await refused('labels:import', { text: `account,label\n${`${A},x\n`.repeat(90_000)}` });
    expect(huge.code).toBe('too_large');
    const large = await refused('labels:import', { text: 'x'.repeat(2_050_000) });
    expect(large.message).toContain('over 2 MB');
    const secret = await refused('labels:import', { text: `account,label\n${A},${Keypair.random().secret()}\n` });
    expect(secret.code).toBe('secret_key_refused');
    expect(fileLabels()).toEqual([{ account: B, label: 'Keep me', network: 'local' }]);
  });

  it('refuses an import that would take the book past 10,000 labels', async () => {
    const half = () => JSON.stringify(Array.from({ length: 6000 }, () => ({ account: someAccount(), label: 'n' })));
    await ok('labels:import', { text: half() });
    const error = await refused('labels:import', { text: half() });
    expect(error.message).toContain('would make 12000 labels');
    expect(fileLabels()).toHaveLength(6000);
  });
});

describe("the local network's own names", () => {
  it('come from demo-accounts.json under the label rules, only on the local network, never into the file', async () => {
    const localDataDir = join(dir, 'network');
    mkdirSync(localDataDir);
    const [good, formula, idLike, bidi] = [someAccount(), someAccount(), someAccount(), someAccount()];
    const accounts = [
      { name: 'busy', publicKey: good, secretKey: 'never read' },
      { name: '=cmd|" /C calc"!A0', publicKey: formula },
      { name: 'GABCDE…VWXYZ2', publicKey: idLike },
      { name: 'evil\u202Egnp', publicKey: bidi },
      { name: 'no key', publicKey: 'GNOTAKEY' },
    ];
    writeFileSync(join(localDataDir, 'demo-accounts.json'), JSON.stringify({ accounts }));
    const local = createAppCore({
      userDataDir: dir,
      localUrl: 'http://127.0.0.1:9',
      host: 'web',
      version: 'test',
      healthIntervalMs: 0,
      localDataDir,
    });
    const localDispatch = createDispatcher(local.handlers);
    const list = async () => {
      const reply = await localDispatch('labels:list', {});
      if (!reply.ok) throw new Error(reply.error.message);
      return (reply.value as { labels: unknown[] }).labels;
    };
    try {
      // Only the name a label could be; the others' accounts show by their ids.
      expect(await list()).toEqual([{ account: good, label: 'busy', origin: 'network' }]);
      expect(local.names()(good)).toBe('busy');
      expect(existsSync(join(dir, 'labels.json'))).toBe(false);
      await localDispatch('network:select', { id: 'testnet' });
      expect(await list()).toEqual([]);
      expect(local.names()(good)).toBeUndefined();
      // Removed on another network, it is not there to remove.
      expect(await localDispatch('labels:remove', { account: good })).toMatchObject({ value: { removed: false } });
      await localDispatch('network:select', { id: 'local' });
      expect(await localDispatch('labels:remove', { account: good })).toMatchObject({ value: { removed: true } });
      expect(await list()).toEqual([]);
      expect(JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8'))).toEqual({
        labels: [],
        removed: [{ network: 'local', account: good }],
      });
    } finally {
      await local.close();
    }
  });
});

describe('labels per network (issue 36)', () => {
  const store = (network: string) => new LabelStore(dir, undefined, () => network);

  it('a label set on one network names the key there only; the same key elsewhere is a stranger until labelled there', () => {
    store('testnet').set({ account: A, label: 'Faucet' });
    expect(store('testnet').list()).toEqual([{ account: A, label: 'Faucet' }]);
    expect(store('public').list()).toEqual([]);
    store('public').set({ account: A, label: 'Exchange' });
    expect(store('public').list()).toEqual([{ account: A, label: 'Exchange' }]);
    expect(store('testnet').list()).toEqual([{ account: A, label: 'Faucet' }]);
    // Removing it on one network leaves the other's.
    expect(store('public').remove(A)).toBe(true);
    expect(store('public').list()).toEqual([]);
    expect(store('testnet').list()).toEqual([{ account: A, label: 'Faucet' }]);
  });

  it('keeps the labels of a file from before, on every network, marked; a label set on a network comes first there', () => {
    writeFileSync(join(dir, 'labels.json'), JSON.stringify({ labels: [{ account: A, label: 'Old' }] }));
    for (const network of ['local', 'testnet', 'public'])
      expect(store(network).list()).toEqual([{ account: A, label: 'Old', everyNetwork: true }]);
    store('testnet').set({ account: A, label: 'New' });
    expect(store('testnet').list()).toEqual([{ account: A, label: 'New' }]);
    expect(store('public').list()).toEqual([{ account: A, label: 'Old', everyNetwork: true }]);
    expect(fileLabels()).toEqual([
      { account: A, label: 'New', network: 'testnet' },
      { account: A, label: 'Old' },
    ]);
    // Removed where it shows as kept for every network: gone from every one (as it was shown).
    expect(store('public').remove(A)).toBe(true);
    expect(store('local').list()).toEqual([]);
    expect(store('testnet').list()).toEqual([{ account: A, label: 'New' }]);
  });

  it('exports the selected network’s labels; a file naming no network imports to the selected one, leaving other networks’ as they were', () => {
    store('testnet').set({ account: A, label: 'Faucet' });
    store('public').set({ account: B, label: 'Bank' });
    expect(parseLabelFile(store('testnet').export('json'))).toEqual([
      { account: A, label: 'Faucet', network: 'testnet' },
    ]);
    expect(store('public').import(`account,label\n${A},Faucet\n`)).toMatchObject({ added: 1, total: 2, elsewhere: 0 });
    expect(store('public').list()).toEqual([
      { account: B, label: 'Bank' },
      { account: A, label: 'Faucet' },
    ]);
    expect(store('testnet').list()).toEqual([{ account: A, label: 'Faucet' }]);
    expect(store('local').list()).toEqual([]);
  });

  it('an export names each label’s network; an import puts a label on the network it names, else on the selected one', () => {
    writeFileSync(join(dir, 'labels.json'), JSON.stringify({ labels: [{ account: B, label: 'Old' }] }));
    store('testnet').set({ account: A, label: 'Faucet' });
    // A label kept for every network is exported with no network: imported, it becomes the importing network's.
    expect(JSON.parse(store('testnet').export('json'))).toEqual({
      labels: [
        { account: A, label: 'Faucet', network: 'testnet' },
        { account: B, label: 'Old' },
      ],
    });
    const csv = store('testnet').export('csv');
    expect(csv).toBe(`account,label,network\r\n${A},Faucet,testnet\r\n${B},Old,\r\n`);
    // Imported while public is selected: the testnet label goes back to testnet, the unnetworked one to public.
    const other = mkdtempSync(join(tmpdir(), 'ledgerscope-labels-other-'));
    const there = (network: string) => new LabelStore(other, undefined, () => network);
    expect(there('public').import(csv)).toEqual({ added: 2, updated: 0, unchanged: 0, total: 1, elsewhere: 1 });
    expect(there('public').list()).toEqual([{ account: B, label: 'Old' }]);
    expect(there('testnet').list()).toEqual([{ account: A, label: 'Faucet' }]);
    expect(there('local').list()).toEqual([]);
    // Round trip: the same file again changes nothing; JSON reads alike.
    expect(there('public').import(csv)).toEqual({ added: 0, updated: 0, unchanged: 2, total: 1, elsewhere: 1 });
    expect(there('local').import(store('testnet').export('json'))).toEqual({
      added: 1,
      updated: 0,
      unchanged: 1,
      total: 1,
      elsewhere: 1,
    });
    expect(there('local').list()).toEqual([{ account: B, label: 'Old' }]);
    expect(there('testnet').list()).toEqual([{ account: A, label: 'Faucet' }]);
  });

  it('an import relabels the named network’s label only, and counts every network’s labels against the cap', () => {
    store('testnet').set({ account: A, label: 'Faucet' });
    store('public').set({ account: A, label: 'Exchange' });
    expect(store('local').import(`account,label,network\r\n${A},Tap,testnet\r\n`)).toEqual({
      added: 0,
      updated: 1,
      unchanged: 0,
      total: 0,
      elsewhere: 1,
    });
    expect(store('testnet').list()).toEqual([{ account: A, label: 'Tap' }]);
    expect(store('public').list()).toEqual([{ account: A, label: 'Exchange' }]);
    // The file holds at most MAX_LABELS, whichever network they are for: 2 stored + (MAX - 2) fits, one more does not.
    const many = (n: number, network: string) =>
      JSON.stringify(Array.from({ length: n }, () => ({ account: someAccount(), label: 'n', network })));
    expect(() => store('local').import(many(MAX_LABELS - 1, 'custom-x'))).toThrow(
      `would make ${MAX_LABELS + 1} labels`,
    );
    expect(fileLabels()).toHaveLength(2);
    expect(store('local').import(many(MAX_LABELS - 2, 'custom-x'))).toMatchObject({ elsewhere: MAX_LABELS - 2 });
    expect(fileLabels()).toHaveLength(MAX_LABELS);
  });

  it.each([
    ['a CSV network cell that is no network id', `account,label,network\n${A},x,test net\n`, 'Line 2: network'],
    [
      'a JSON network that is no network id',
      JSON.stringify([{ account: A, label: 'x', network: 'a\u202eb' }]),
      'Entry 1: network',
    ],
    [
      'a network id too long',
      JSON.stringify([{ account: A, label: 'x', network: 'n'.repeat(65) }]),
      'Entry 1: network',
    ],
    ['a CSV line of two cells under three headers', `account,label,network\n${A},x\n`, 'Line 2: expected 3 cells'],
  ])('refuses %s whole', (_what, text, words) => {
    store('testnet').set({ account: B, label: 'Keep me' });
    expect(() => store('testnet').import(text)).toThrow(words);
    expect(fileLabels()).toEqual([{ account: B, label: 'Keep me', network: 'testnet' }]);
  });

  it('through the core: the selected network’s labels, and the book changes with the selection', async () => {
    await ok('labels:set', { account: A, label: 'On local' });
    await ok('network:select', { id: 'testnet' });
    expect(((await ok('labels:list', {})) as { labels: unknown }).labels).toEqual([]);
    await ok('labels:set', { account: A, label: 'On testnet' });
    await ok('network:select', { id: 'local' });
    expect(((await ok('labels:list', {})) as { labels: unknown }).labels).toEqual([{ account: A, label: 'On local' }]);
  });
});
