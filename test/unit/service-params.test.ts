// Pure parts of the service: parameters, query parsing, content negotiation, envelope decoding.
import { Account, Keypair, Networks, Operation, Asset, TransactionBuilder } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { negotiate } from '../../network/service/limits';
import { parseClaimableBalanceId, parseCursor, parseListing } from '../../network/service/params';
import { ProblemError } from '../../network/service/problem';
import { optionName, SERVICE_FLAGS } from '../../network/service/flags';
import { parseServiceArgs } from '../../network/service/process';
import { DEFAULTS, parseQuery, type ServiceOptions } from '../../network/service/server';
import { decodeEnvelope } from '../../network/service/submit';

describe('parseListing', () => {
  it('applies the defaults', () => {
    expect(parseListing({})).toEqual({ cursor: undefined, limit: 10, desc: false, includeFailed: false, join: false });
    expect(parseListing({ cursor: '', limit: '', order: '' })).toMatchObject({
      cursor: undefined,
      limit: 10,
      desc: false,
    });
  });

  it('reads every parameter', () => {
    expect(
      parseListing({
        cursor: '18446744073709551',
        limit: '200',
        order: 'desc',
        include_failed: 'true',
        include_transactions: 'true',
      }),
    ).toEqual({ cursor: 18446744073709551n, limit: 200, desc: true, includeFailed: true, join: true });
    expect(parseListing({ cursor: 'now' }).cursor).toBe('now');
  });

  it('names the field of a bad value', () => {
    const field = (query: Record<string, string | string[]>) => {
      try {
        parseListing(query);
      } catch (error) {
        return (error as ProblemError).extras?.invalid_field;
      }
      return undefined;
    };
    expect(field({ limit: '1e2' })).toBe('limit');
    expect(field({ cursor: '１２' })).toBe('cursor');
    expect(field({ order: ['asc', 'desc'] })).toBe('order');
    expect(() => parseCursor('9223372036854775807', 'cursor')).not.toThrow();
    expect(() => parseCursor('9223372036854775808', 'cursor')).toThrow(ProblemError);
  });

  it('turns a B… claimable balance id into the 72-hex form', () => {
    const hex = `00000000${'ab'.repeat(32)}`;
    expect(parseClaimableBalanceId(hex.toUpperCase())).toBe(hex);
    expect(() => parseClaimableBalanceId(`00000001${'ab'.repeat(32)}`)).toThrow(ProblemError);
  });
});

describe('parseQuery', () => {
  it('drops an unexpanded RFC 6570 expression, as expansion with no values would', () => {
    expect(parseQuery('cursor=12&order=asc{&limit}')).toEqual({ cursor: '12', order: 'asc' });
    expect(parseQuery('cursor=12&order=asc%7B&limit%7D')).toEqual({ cursor: '12', order: 'asc' });
    expect(parseQuery('a=1&a=2&b=%ZZ')).toEqual({ a: ['1', '2'], b: '%ZZ' });
  });
});

describe('negotiate', () => {
  it.each([
    [undefined, true, 'json'],
    ['*/*', true, 'json'],
    ['text/event-stream', true, 'stream'],
    ['text/event-stream', false, undefined],
    ['application/json, text/event-stream', true, 'stream'],
    ['text/html', true, undefined],
    ['application/json;q=0', false, undefined],
    ['application/hal+json', false, 'json'],
  ])('%s (stream %s) -> %s', (accept, canStream, expected) => {
    expect(negotiate(accept, canStream)).toBe(expected);
  });
});

describe('decodeEnvelope', () => {
  const keys = Keypair.random();
  const tx = new TransactionBuilder(new Account(keys.publicKey(), '1'), {
    fee: '100',
    networkPassphrase: Networks.TESTNET,
  })
    .addOperation(Operation.payment({ destination: keys.publicKey(), asset: Asset.native(), amount: '1' }))
    .setTimeout(0)
    .build();
  tx.sign(keys);
  const base64 = tx.toEnvelope().toXDR('base64');
  const hex = tx.toEnvelope().toXDR('hex');

  it('reads base64 and hex, with surrounding whitespace', () => {
    expect(decodeEnvelope(base64)?.toXDR('base64')).toBe(base64);
    expect(decodeEnvelope(` ${hex.toUpperCase()}\n`)?.toXDR('base64')).toBe(base64);
  });

  it('refuses truncated, padded and non-envelope text', () => {
    expect(decodeEnvelope(hex.slice(0, -8))).toBeUndefined();
    expect(decodeEnvelope(`${hex}00000000`)).toBeUndefined();
    expect(decodeEnvelope('aGVsbG8gd29ybGQ=')).toBeUndefined();
    expect(decodeEnvelope('')).toBeUndefined();
    expect(decodeEnvelope('💸')).toBeUndefined();
  });
});

describe('service process flags', () => {
  it('parses every flag the cli hands on into the ServiceOptions field of its name', () => {
    const names = Object.keys(SERVICE_FLAGS).filter((name) => SERVICE_FLAGS[name]!.kind === 'int');
    const options = parseServiceArgs([
      '--data-dir',
      'd',
      '--core-url',
      'http://core',
      ...names.flatMap((name, i) => [`--${name}`, String(i + 1)]),
    ]);
    expect(options).toMatchObject({ dataDir: 'd', coreUrl: 'http://core', port: 0 });
    for (const [i, name] of names.entries()) {
      expect(Object.keys(DEFAULTS)).toContain(optionName(name));
      expect(options[optionName(name) as keyof ServiceOptions]).toBe(i + 1);
    }
    expect(Object.keys(SERVICE_FLAGS).filter((name) => !names.includes(name))).toEqual(['public-url', 'lake-dir']);
    // The lake's folder is a folder, given as it is; none unless given.
    expect(parseServiceArgs(['--data-dir', 'd', '--core-url', 'http://core', '--lake-dir', '/x/lake']).lakeDir).toBe(
      '/x/lake',
    );
    expect(parseServiceArgs(['--data-dir', 'd', '--core-url', 'http://core']).lakeDir).toBeUndefined();
    expect(parseServiceArgs(['--data-dir', 'd', '--core-url', 'http://core']).maxStreams).toBeUndefined();
    expect(() => parseServiceArgs(['--data-dir', 'd', '--core-url', 'http://core', '--max-streams', 'x'])).toThrow(
      '--max-streams takes a non-negative integer',
    );
  });

  it('takes --public-url as an http(s) base without a trailing slash, and refuses anything else', () => {
    const args = (url: string) => ['--data-dir', 'd', '--core-url', 'http://core', '--public-url', url];
    expect(parseServiceArgs(args('https://Example.org/horizon/')).publicUrl).toBe('https://example.org/horizon');
    expect(parseServiceArgs(args('http://127.0.0.1:8000')).publicUrl).toBe('http://127.0.0.1:8000');
    // Markup in the path is percent-encoded, never carried into a link as it is.
    expect(parseServiceArgs(args('https://example.org/"><x')).publicUrl).toBe('https://example.org/%22%3E%3Cx');
    for (const bad of [
      'example.org',
      'ftp://example.org',
      'https://example.org/?a=1',
      'https://example.org/#x',
      'https://u:p@example.org',
      `https://example.org/${'a'.repeat(2000)}`,
    ]) {
      expect(() => parseServiceArgs(args(bad)), bad).toThrow('--public-url');
    }
  });
});
