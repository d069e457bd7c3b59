// In Electron an AbortSignal cannot cross the context bridge: the renderer's bridge turns it into
// a request id and a cancel call (electron/ipc/register.ts aborts the matching call in main).
import { describe, expect, it } from 'vitest';
import type { PreloadApi } from '../../shared/ipc';
import { bridgeFromPreload } from '../../renderer/src/lib/bridge';

function fakePreload() {
  const calls: unknown[][] = [];
  const cancelled: number[] = [];
  let answer: (value: unknown) => void = () => {};
  const api: PreloadApi = {
    invoke: ((...args: unknown[]) => {
      calls.push(args);
      return new Promise((resolve: (value: unknown) => void) => (answer = resolve));
    }) as PreloadApi['invoke'],
    cancel: (id) => void cancelled.push(id),
    on: () => () => {},
  };
  return { api, calls, cancelled, answer: (value: unknown) => answer(value) };
}

describe('bridgeFromPreload', () => {
  it('sends a call without a signal as it is', async () => {
    const fake = fakePreload();
    const reply = bridgeFromPreload(fake.api).invoke('app:info', {});
    fake.answer({ ok: true, value: 1 });
    expect(await reply).toEqual({ ok: true, value: 1 });
    expect(fake.calls).toEqual([['app:info', {}]]);
  });

  it('gives each cancellable call its own id and cancels that id when the signal aborts', async () => {
    const fake = fakePreload();
    const bridge = bridgeFromPreload(fake.api);
    const first = new AbortController();
    const second = new AbortController();
    void bridge.invoke('app:info', {}, first.signal);
    void bridge.invoke('app:info', {}, second.signal);
    expect(fake.calls.map((call) => call[2])).toEqual([1, 2]);
    second.abort();
    expect(fake.cancelled).toEqual([2]);
  });

  it('answers an already aborted call as cancelled without reaching main', async () => {
    const fake = fakePreload();
    const controller = new AbortController();
    controller.abort();
    expect(await bridgeFromPreload(fake.api).invoke('app:info', {}, controller.signal)).toMatchObject({
      ok: false,
      error: { code: 'cancelled' },
    });
    expect(fake.calls).toEqual([]);
  });
});
