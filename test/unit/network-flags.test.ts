// The network's flag parser (network/flags.ts, node:util parseArgs underneath): both
// spellings, defaults, and every malformed, oversized or hostile value a one-line FlagError.
import { describe, expect, it } from 'vitest';
import { CORE_FLAGS, FlagError, intFlag, parseFlags, stringFlag } from '../../network/flags';
import { SERVICE_FLAGS } from '../../network/service/flags';
import { parseServiceArgs } from '../../network/service/process';

describe('flags', () => {
  const table = { port: { kind: 'int' as const, default: 8000, max: 65535 }, seed: { kind: 'string' as const } };

  it('parses both spellings and keeps defaults', () => {
    expect(parseFlags(['--port', '0', '--seed=x'], table)).toEqual({ port: 0, seed: 'x' });
    expect(parseFlags([], table)).toEqual({ port: 8000, seed: undefined });
  });

  it.each([[['--nope', '1']], [['--port', '-1']], [['--port', '70000']], [['--port']], [['stray']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseFlags(argv, table)).toThrow(FlagError);
    },
  );
});

describe('flags: malformed and hostile values', () => {
  const table = {
    port: { kind: 'int' as const, default: 8000, min: 1, max: 65535 },
    seed: { kind: 'string' as const, default: 'x' },
  };
  const failure = (argv: string[]): string => {
    try {
      parseFlags(argv, table);
    } catch (error) {
      expect(error).toBeInstanceOf(FlagError);
      return (error as Error).message;
    }
    throw new Error(`${JSON.stringify(argv)} was accepted`);
  };

  it.each([
    [['--port', '0'], '--port must be at least 1'],
    [['--port', '65536'], '--port must be at most 65535'],
    [['--port', '99999999999999999999'], '--port is too large'],
    [['--port', '9'.repeat(100_000)], '--port is too large'],
    [['--port', '1e3'], '--port must be a non-negative integer, not "1e3"'],
    [['--port', '0x10'], '--port must be a non-negative integer, not "0x10"'],
    [['--port', ' 80'], '--port must be a non-negative integer, not " 80"'],
    [['--port', '+80'], '--port must be a non-negative integer, not "+80"'],
    [['--port', '８０'], '--port must be a non-negative integer, not "８０"'],
    [['--port='], '--port must be a non-negative integer, not ""'],
    [['--port', '-1'], '--port needs a value (a value starting with "-" is written --port=-…)'],
    [['--port=-1'], '--port must be a non-negative integer, not "-1"'],
    [['--port'], '--port needs a value'],
    [['--nope', '1'], 'unknown flag "--nope"'],
    [['--__proto__=1'], 'unknown flag "--__proto__"'],
    [['--constructor', '1'], 'unknown flag "--constructor"'],
    [['-p', '80'], 'unknown flag "-p"'],
    [['stray'], 'unexpected argument "stray"'],
    [['--seed', 'a\nb'], '--seed must not contain control characters, not "a\\nb"'],
    [['--seed=a\u0000b'], '--seed must not contain control characters, not "a\\u0000b"'],
  ])('refuses %j with one line: %s', (argv, message) => {
    expect(failure(argv)).toBe(message);
  });

  it('keeps an error one line and short whatever the value', () => {
    const message = failure(['--port', `1\n${'x'.repeat(1_000_000)}`]);
    expect(message.split('\n')).toHaveLength(1);
    expect(message.length).toBeLessThan(120);
    expect(failure([`--${'a'.repeat(100_000)}`]).length).toBeLessThan(120);
  });

  it('takes the last of a repeated flag, and "--" ends the flags', () => {
    expect(parseFlags(['--port', '1', '--port=2'], table)).toEqual({ port: 2, seed: 'x' });
    expect(parseFlags(['--'], table)).toEqual({ port: 8000, seed: 'x' });
  });

  it('keeps every flag of the core and the service with its default', () => {
    const core = parseFlags(['--data-dir', '/tmp/d'], CORE_FLAGS);
    expect(core).toEqual({
      'data-dir': '/tmp/d',
      port: 11626,
      'start-ledger': 2,
      'close-interval-ms': 1000,
      'history-ops': 0,
      accounts: 8,
      seed: 'ledgerscope',
      'max-queue': 5000,
    });
    expect(intFlag(core, 'port')).toBe(11626);
    expect(stringFlag(core, 'data-dir')).toBe('/tmp/d');
    expect(() => stringFlag(parseFlags([], CORE_FLAGS), 'data-dir')).toThrow('--data-dir is required');
    expect(() => parseFlags(['--start-ledger', '1'], CORE_FLAGS)).toThrow('--start-ledger must be at least 2');
    expect(() => parseFlags(['--close-interval-ms', '9'], CORE_FLAGS)).toThrow(
      '--close-interval-ms must be at least 10',
    );
    expect(() => parseFlags(['--max-queue', '0'], CORE_FLAGS)).toThrow('--max-queue must be at least 1');
    const service = parseFlags(
      Object.keys(SERVICE_FLAGS).flatMap((name) => [`--${name}`, '7']),
      SERVICE_FLAGS,
    );
    // Every int flag reads as the number, every string flag (--public-url) as the text.
    expect(Object.values(service)).toEqual(Object.values(SERVICE_FLAGS).map((flag) => (flag.kind === 'int' ? 7 : '7')));
    expect(() => parseFlags(['--max-streams', '0'], SERVICE_FLAGS)).toThrow('--max-streams must be at least 1');
  });
});

describe('service process flags: malformed and hostile values', () => {
  const base = ['--data-dir', 'd', '--core-url', 'http://core'];
  it.each([
    [['--max-streams', 'a\nb'], '--max-streams takes a non-negative integer, not "a\\nb"'],
    [['--max-streams', 'x'.repeat(100_000)], `--max-streams takes a non-negative integer, not "${'x'.repeat(40)}…"`],
    [['--port', '-1'], '--port needs a value (a value starting with "-" is written --port=-…)'],
    [['--nope'], 'unknown flag "--nope"'],
    [['stray'], 'unexpected argument "stray"'],
  ])('refuses %j with one line: %s', (argv, message) => {
    expect(() => parseServiceArgs([...base, ...argv])).toThrow(new Error(message));
  });
});
