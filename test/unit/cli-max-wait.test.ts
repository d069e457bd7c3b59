// --max-wait: the longest rate-limit wait the command line accepts, a global flag like --network.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_WAIT_SECONDS, parseInvocation, UsageError } from '../../cli/args';

describe('--max-wait', () => {
  it('defaults to 300 s and takes whole seconds anywhere on the line, as --max-wait N or --max-wait=N', () => {
    expect(parseInvocation(['payments', 'G']).maxWaitSeconds).toBe(DEFAULT_MAX_WAIT_SECONDS);
    expect(DEFAULT_MAX_WAIT_SECONDS).toBe(300);
    expect(parseInvocation(['--max-wait', '0', 'payments', 'G']).maxWaitSeconds).toBe(0);
    expect(parseInvocation(['payments', 'G', '--max-wait=86400'])).toMatchObject({
      maxWaitSeconds: 86_400,
      command: { kind: 'list' },
    });
  });

  it('refuses malformed, oversized and hostile values with one line', () => {
    const cases: [string[], RegExp][] = [
      [['--max-wait', '-1'], /whole number of seconds from 0 to 86400, not "-1"/],
      [['--max-wait', 'abc'], /not "abc"/],
      [['--max-wait', '1e9'], /not "1e9"/],
      [['--max-wait', '86401'], /not "86401"/],
      [['--max-wait', '1.5'], /not "1.5"/],
      [['--max-wait', ' 5'], /not " 5"/],
      [['--max-wait', '9'.repeat(400)], /not "9{20}"$/],
      [['--max-wait', ''], /--max-wait needs a value/],
      [['--max-wait='], /--max-wait needs a value/],
      [['--max-wait'], /not "explain"/], // the next word is taken as the value, and refused
      [['--max-wait', '--network', 'local'], /--max-wait needs a value/],
    ];
    for (const [args, message] of cases) {
      let error: unknown;
      try {
        parseInvocation([...args, 'explain', 'tx_bad_seq']);
      } catch (caught) {
        error = caught;
      }
      expect(error, args.join(' ')).toBeInstanceOf(UsageError);
      expect((error as Error).message, args.join(' ')).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
