// #36: the web host's bridge reconnects for as long as the page is open, with a bounded backoff,
// says on screen that it is reconnecting, and recovers: the host's socket killed twice, and the
// first retry refused, and the bridge comes back each time. A fake WebSocket plays the host.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Plan = 'open' | 'refuse';

class FakeSocket {
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  /** What each new socket does, in order; 'open' once the plan runs out. */
  static plan: Plan[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  sent: string[] = [];

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
    const plan = FakeSocket.plan.shift() ?? 'open';
    setTimeout(() => {
      if (plan === 'open') {
        this.readyState = FakeSocket.OPEN;
        this.onopen?.();
      } else this.close();
    }, 0);
  }

  send(text: string): void {
    this.sent.push(text);
    const request = JSON.parse(text) as { id: number; channel?: string };
    if (request.channel)
      setTimeout(
        () => this.onmessage?.({ data: JSON.stringify({ id: request.id, reply: { ok: true, value: 'pong' } }) }),
        0,
      );
  }

  /** The host drops the connection (or refuses it, before it opened). */
  close(): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

beforeEach(() => {
  FakeSocket.instances = [];
  FakeSocket.plan = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const last = () => FakeSocket.instances.at(-1)!;

describe('the web host bridge', () => {
  it('reconnects after the socket is killed twice and a retry is refused, and answers again', async () => {
    const { createWebSocketBridge, hostConnection } = await import('../../renderer/src/lib/bridge');
    const bridge = createWebSocketBridge();
    const answer = bridge.invoke('app:info', {});
    await vi.advanceTimersByTimeAsync(10);
    expect(await answer).toEqual({ ok: true, value: 'pong' });
    expect(hostConnection().state).toBe('connected');

    // Killed once: the first retry is refused, the second opens.
    FakeSocket.plan = ['refuse', 'open'];
    last().close();
    expect(hostConnection()).toMatchObject({ state: 'reconnecting', attempt: 1 });
    await vi.advanceTimersByTimeAsync(600);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(hostConnection()).toMatchObject({ state: 'reconnecting', attempt: 2 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.instances).toHaveLength(3);
    expect(hostConnection().state).toBe('connected');
    const again = bridge.invoke('app:info', {});
    await vi.advanceTimersByTimeAsync(10);
    expect(await again).toEqual({ ok: true, value: 'pong' });

    // Killed again, the next ten retries refused: it keeps trying, each wait at most 10 s.
    FakeSocket.plan = Array<Plan>(10).fill('refuse');
    last().close();
    await vi.advanceTimersByTimeAsync(10 * 10_000 + 100);
    expect(FakeSocket.instances).toHaveLength(3 + 11);
    expect(hostConnection().state).toBe('connected');
    const third = bridge.invoke('app:info', {});
    await vi.advanceTimersByTimeAsync(10);
    expect(await third).toEqual({ ok: true, value: 'pong' });
  });

  it('a request while reconnecting is answered at once as unreachable, saying it reconnects', async () => {
    const { createWebSocketBridge } = await import('../../renderer/src/lib/bridge');
    const bridge = createWebSocketBridge();
    const first = bridge.invoke('app:info', {});
    await vi.advanceTimersByTimeAsync(10);
    await first;
    FakeSocket.plan = ['refuse', 'refuse'];
    last().close();
    const during = bridge.invoke('app:info', {});
    await vi.advanceTimersByTimeAsync(10);
    expect(await during).toMatchObject({ ok: false, error: { code: 'host_unreachable' } });
    expect((await during).ok ? '' : ((await during) as { error: { message: string } }).error.message).toMatch(
      /reconnecting/,
    );
  });

  it('says on screen that it is reconnecting, and stops saying so once it is back', async () => {
    const { createWebSocketBridge, setBridge } = await import('../../renderer/src/lib/bridge');
    const { HostConnectionBanner } = await import('../../renderer/src/components/host-connection');
    const bridge = createWebSocketBridge();
    setBridge(bridge);
    const first = bridge.invoke('app:info', {});
    await vi.advanceTimersByTimeAsync(10);
    await first;
    render(<HostConnectionBanner />);
    expect(screen.queryByTestId('host-reconnecting')).toBeNull();
    FakeSocket.plan = ['refuse', 'open'];
    act(() => last().close());
    expect(screen.getByTestId('host-reconnecting').textContent).toMatch(
      /The connection to the Ledgerscope host was lost: reconnecting/,
    );
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByTestId('host-reconnecting')).toBeNull();
  });
});
