import { Keypair } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { REDACTED_SECRET } from '../../core/app/log-redaction';
import { createDispatcher, type Handlers } from '../../core/app/dispatch';
import { logHandlers } from '../../core/handlers/log';

function setup(options: Parameters<typeof logHandlers>[0] = {}) {
  const lines: string[] = [];
  const handlers = logHandlers({ write: (line) => lines.push(line), ...options });
  const dispatch = createDispatcher(handlers as unknown as Handlers);
  return { lines, dispatch };
}

describe('app:log-error', () => {
  it('writes one head line naming the view, with the stacks indented beneath', async () => {
    const { lines, dispatch } = setup();
    const reply = await dispatch('app:log-error', {
      view: 'The Submit page',
      message: 'TypeError: l is not a function',
      stack: 'TypeError: l\n    at a (x.js:1:2)',
      componentStack: '\n    at ResultPanel',
    });
    expect(reply).toEqual({ ok: true, value: { logged: true } });
    expect(lines).toHaveLength(1);
    const [head, ...rest] = lines[0]!.split('\n');
    expect(head).toBe('renderer: the view "The Submit page" failed to render: TypeError: l is not a function');
    expect(rest).toEqual(['    | TypeError: l', '    |     at a (x.js:1:2)', '    |     at ResultPanel']);
  });

  it('cannot forge a log line: newlines and control characters in the head become spaces', async () => {
    const { lines, dispatch } = setup();
    await dispatch('app:log-error', { view: 'v\n[info] fake', message: 'bad\r\n2026-01-01 [info] forged\u001b[31m' });
    expect(lines[0]!.split('\n')).toHaveLength(1);
    expect(lines[0]).not.toContain('\u001b');
  });

  it('refuses a real secret key, and redacts anything shaped like one', async () => {
    const { lines, dispatch } = setup();
    // The dispatcher refuses a checksummed secret key before the handler runs.
    const refused = await dispatch('app:log-error', { view: 'v', message: `leaked ${Keypair.random().secret()}` });
    expect(refused).toMatchObject({ ok: false, error: { code: 'secret_key_refused' } });
    expect(lines).toEqual([]);
    const shaped = 'S' + 'A'.repeat(55);
    await dispatch('app:log-error', { view: 'v', message: `leaked ${shaped}`, stack: `at ${shaped}` });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(shaped);
    expect(lines[0]).toContain(REDACTED_SECRET);
  });

  it('refuses oversized, missing and extra fields', async () => {
    const { lines, dispatch } = setup();
    const big = await dispatch('app:log-error', { view: 'v', message: 'x'.repeat(2_001) });
    expect(big).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(await dispatch('app:log-error', { view: 'v'.repeat(81), message: 'm' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(await dispatch('app:log-error', { view: 'v', message: 'm', stack: 's'.repeat(8_001) })).toMatchObject({
      ok: false,
    });
    expect(await dispatch('app:log-error', { message: 'm' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(await dispatch('app:log-error', { view: 'v', message: 'm', extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(await dispatch('app:log-error', 'not an object')).toMatchObject({ ok: false });
    expect(lines).toEqual([]);
  });

  it('logs at most N reports a window, then says how many it dropped', async () => {
    let now = 0;
    const { lines, dispatch } = setup({ maxPerWindow: 3, windowMs: 1_000, now: () => now });
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await dispatch('app:log-error', { view: 'v', message: `m${i}` }));
    expect(replies.map((r) => (r.ok ? (r.value as { logged: boolean }).logged : null))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(lines).toHaveLength(3);
    now = 1_000;
    await dispatch('app:log-error', { view: 'v', message: 'later' });
    expect(lines.slice(3)).toEqual([
      'renderer: 2 more view error report(s) were not logged (over 3 a minute)',
      'renderer: the view "v" failed to render: later',
    ]);
  });
});
