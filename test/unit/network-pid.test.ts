// #36: a pid read from a file or a line (`starts-core.log`, "core pid …") is signalled only when it
// is a positive integer: `Number('')` is 0, and `process.kill(0)` signals the whole process group.
import { describe, expect, it } from 'vitest';
import { parsePid, signalPid } from '../../core/networks/network-process';

describe('signalling a process by pid', () => {
  it.each([
    ['', 'an empty line'],
    ['0', 'zero'],
    ['-1', 'a negative number'],
    ['-4242', 'a process group'],
    ['12.5', 'a fraction'],
    ['1e3', 'an exponent'],
    [' 12', 'a leading space'],
    ['9007199254740993', 'past the safe integers'],
    ['abc', 'text'],
  ])('refuses %j (%s) by name, and signals nothing', (text) => {
    expect(() => parsePid(text, 'starts-core.log')).toThrow(/starts-core\.log.* is not a process id/);
  });

  it('reads a positive integer', () => {
    expect(parsePid('4242', 'x')).toBe(4242);
    expect(parsePid('1', 'x')).toBe(1);
    expect(parsePid('4242\n', 'x')).toBe(4242);
  });

  it.each([0, -1, NaN, 1.5, undefined, Number('')])('signalPid(%s) throws before process.kill is reached', (pid) => {
    expect(() => signalPid(pid, 'SIGKILL')).toThrow(/is not a process id/);
  });

  it('signals a positive pid (signal 0: this process is alive)', () => {
    expect(() => signalPid(process.pid, 0)).not.toThrow();
  });
});
