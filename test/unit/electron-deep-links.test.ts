// ledgerscope:// links (electron/deep-links.ts) and a launch's arguments, including those a
// second instance hands to the first (electron/launch-args.ts).
import { Keypair } from '@stellar/stellar-base';
import { describe, expect, test } from 'vitest';
import { parseDeepLink } from '../../electron/deep-links';
import { parseLaunchArgs, parseShellOptions } from '../../electron/launch-args';

const ACCOUNT = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 7)).publicKey();
const HASH = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);

describe('parseDeepLink', () => {
  test('the three forms', () => {
    expect(parseDeepLink(`ledgerscope://account/${ACCOUNT}`)).toEqual({
      kind: 'account',
      id: ACCOUNT,
      route: `/account/${ACCOUNT}`,
    });
    expect(parseDeepLink(`ledgerscope://transaction/${HASH}`)).toEqual({
      kind: 'transaction',
      id: HASH,
      route: `/tx/${HASH}`,
    });
    expect(parseDeepLink(`ledgerscope://tx/${HASH.toUpperCase()}/`)).toEqual({
      kind: 'transaction',
      id: HASH,
      route: `/tx/${HASH}`,
    });
    expect(parseDeepLink('ledgerscope://ledger/60000000')).toEqual({
      kind: 'ledger',
      id: '60000000',
      route: '/ledger/60000000',
    });
    expect(parseDeepLink('LEDGERSCOPE://Ledger/1')).toMatchObject({ kind: 'ledger', id: '1' });
  });

  const hostile: [string, unknown][] = [
    ['another scheme', `https://account/${ACCOUNT}`],
    ['javascript', 'javascript:alert(1)//ledgerscope://ledger/1'],
    ['no slashes', `ledgerscope:account/${ACCOUNT}`],
    ['bad checksum', `ledgerscope://account/${ACCOUNT.slice(0, -1)}${ACCOUNT.endsWith('A') ? 'B' : 'A'}`],
    [
      'a secret key instead of an account',
      'ledgerscope://account/SAVNONF6RYO3P2UZONWIVZWOE5H2KT67MSVXCNZOOB7P5PTVNAJ6L342',
    ],
    ['short hash', `ledgerscope://tx/${HASH.slice(1)}`],
    ['ledger zero', 'ledgerscope://ledger/0'],
    ['ledger with leading zero', 'ledgerscope://ledger/012'],
    ['ledger past 2^32-1', 'ledgerscope://ledger/4294967296'],
    ['negative ledger', 'ledgerscope://ledger/-1'],
    ['unknown kind', 'ledgerscope://settings/reset'],
    ['traversal', `ledgerscope://account/../../${ACCOUNT}`],
    ['extra segment', `ledgerscope://account/${ACCOUNT}/payments`],
    ['query', `ledgerscope://ledger/5?x=<script>`],
    ['fragment', 'ledgerscope://ledger/5#x'],
    ['percent escapes', 'ledgerscope://ledger/%35'],
    ['credentials', 'ledgerscope://user@ledger/5'],
    ['port', 'ledgerscope://ledger:80/5'],
    ['backslash', 'ledgerscope://ledger\\5'],
    ['newline', 'ledgerscope://ledger/5\n--inspect'],
    ['NUL', 'ledgerscope://ledger/5\u0000'],
    ['space', 'ledgerscope://ledger/ 5'],
    ['too long', `ledgerscope://ledger/${'1'.repeat(300)}`],
    ['empty', ''],
    ['not a string', { toString: () => 'ledgerscope://ledger/5' }],
    ['undefined', undefined],
  ];
  test.each(hostile)('refuses %s', (_name, input) => {
    expect(parseDeepLink(input)).toBeNull();
  });
});

describe('parseLaunchArgs (first launch and second instance)', () => {
  test('finds deep links and transaction files, skipping the executable, switches and the app path', () => {
    const argv = [
      '/opt/Ledgerscope/ledgerscope',
      '.',
      '--allow-file-access-from-files',
      '--network=testnet',
      `ledgerscope://account/${ACCOUNT}`,
      'signed.xdr',
      '/abs/tx.json',
      'notes.pdf',
    ];
    expect(parseLaunchArgs(argv, '/home/ana')).toEqual({
      links: [{ kind: 'account', id: ACCOUNT, route: `/account/${ACCOUNT}` }],
      files: ['/home/ana/signed.xdr', '/abs/tx.json'],
    });
  });

  test('a second instance started from another directory resolves its files there', () => {
    expect(parseLaunchArgs(['ledgerscope', '../out/payment.TXT'], '/srv/projects/a').files).toEqual([
      '/srv/projects/out/payment.TXT',
    ]);
  });

  test('hostile arguments are dropped, and the counts are bounded', () => {
    const argv = [
      'exe',
      'ledgerscope://ledger/0',
      'ledgerscope://ledger/5?evil',
      'https://evil.example/payload.json',
      'file:///etc/passwd.json',
      '--inspect=9229',
      `x\u0000.xdr`,
      ...Array.from({ length: 50 }, (_, i) => `ledgerscope://ledger/${i + 1}`),
      ...Array.from({ length: 50 }, (_, i) => `f${i}.xdr`),
    ];
    const parsed = parseLaunchArgs(argv, '/tmp');
    expect(parsed.links).toHaveLength(10);
    expect(parsed.links[0]!.id).toBe('1');
    expect(parsed.files).toHaveLength(10);
    expect(parsed.files[0]).toBe('/tmp/f0.xdr');
  });

  test('the shell reads --network and --user-data-dir in both spellings', () => {
    expect(parseShellOptions(['.', '--network', 'public', '--user-data-dir=/tmp/u'])).toEqual({
      network: 'public',
      userDataDir: '/tmp/u',
    });
    expect(parseShellOptions(['--network=https://h.example/', '--other', 'x'])).toEqual({
      network: 'https://h.example/',
    });
    expect(parseShellOptions(['--network'])).toEqual({});
  });
});
