// The preload's `window.ledgerscope`, derived from the channel map (electron/preload-api.ts).
import { describe, expect, test } from 'vitest';
import {
  CANCEL_CHANNEL,
  eventChannels,
  requestChannels,
  type EventChannel,
  type PreloadApi,
  type RequestChannel,
} from '../../shared/ipc';
import {
  LocalEvents,
  MAX_DROPPED_BYTES,
  createPreloadApi,
  installFileDrop,
  type DropEventLike,
  type IpcRendererLike,
} from '../../electron/preload-api';

type Listener = (event: unknown, ...args: unknown[]) => void;

/** A fake ipcRenderer that records what the preload asks of it. */
function fakeIpc(answer: (channel: string, args: unknown) => unknown = () => ({ ok: true, value: 'answer' })) {
  const invoked: [string, unknown[]][] = [];
  const sent: [string, unknown[]][] = [];
  const listeners = new Map<string, Set<Listener>>();
  const ipc: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      invoked.push([channel, args]);
      return answer(channel, args[0]);
    },
    send: (channel, ...args) => void sent.push([channel, args]),
    on: (channel, listener) => void listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
  };
  /** What main's webContents.send would deliver: an IpcRendererEvent (with its sender) and the payload. */
  const send = (channel: string, payload: unknown) => {
    const event = { sender: ipc, senderId: 0, ports: [] };
    for (const listener of listeners.get(channel) ?? []) listener(event, payload, 'extra argument');
  };
  return { ipc, invoked, sent, listeners, send };
}

describe('invoke', () => {
  test('every request channel of the map goes through, unchanged, with only its arguments', async () => {
    const { ipc, invoked } = fakeIpc((channel) => ({ ok: true, value: channel }));
    const bridge = createPreloadApi(ipc);
    const channels = Object.keys(requestChannels) as RequestChannel[];
    expect(channels.length).toBeGreaterThan(3);
    for (const channel of channels) {
      const reply = await bridge.invoke(channel, { probe: channel } as never);
      expect(reply).toEqual({ ok: true, value: channel });
    }
    expect(invoked.map(([channel]) => channel)).toEqual(channels);
    expect(
      invoked.every(([channel, args]) => args.length === 1 && (args[0] as { probe: string }).probe === channel),
    ).toBe(true);
  });

  test('unknown channels are refused without reaching main', async () => {
    const { ipc, invoked } = fakeIpc();
    const bridge = createPreloadApi(ipc) as unknown as { invoke(channel: unknown, args: unknown): Promise<unknown> };
    for (const channel of [
      'app:quit',
      'constructor',
      '__proto__',
      'toString',
      'stream:record',
      '',
      42,
      null,
      'ELECTRON_BROWSER_REQUIRE',
    ]) {
      expect(await bridge.invoke(channel, {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
    expect(invoked).toEqual([]);
  });

  test('a failure of the IPC layer becomes an error reply, not a rejection', async () => {
    const { ipc } = fakeIpc(() => {
      throw new Error("No handler registered for 'app:info'");
    });
    const reply = await createPreloadApi(ipc).invoke('app:info', {});
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'host_unreachable', message: expect.stringContaining('No handler') },
    });
  });

  test('a request id travels with the call, and cancel(id) reaches main on the control channel only', async () => {
    const { ipc, invoked, sent } = fakeIpc();
    const bridge = createPreloadApi(ipc);
    await bridge.invoke('app:info', {}, 41);
    await bridge.invoke('app:info', {});
    expect(invoked).toEqual([
      ['app:info', [{}, 41]],
      ['app:info', [{}]],
    ]);
    bridge.cancel(41);
    (bridge.cancel as (id: unknown) => void)('41; drop table');
    (bridge.cancel as (id: unknown) => void)(Number.NaN);
    expect(sent).toEqual([[CANCEL_CHANNEL, [41]]]);
  });
});

describe('on', () => {
  test('every event channel can be listened to; the listener gets the payload only', () => {
    const { ipc, send } = fakeIpc();
    const bridge = createPreloadApi(ipc);
    for (const channel of Object.keys(eventChannels) as EventChannel[]) {
      const calls: unknown[][] = [];
      bridge.on(channel, (...args: unknown[]) => void calls.push(args));
      send(channel, { payloadOf: channel });
      expect(calls).toEqual([[{ payloadOf: channel }]]);
    }
  });

  test('no event object (and so no ipcRenderer via event.sender) reaches the page', () => {
    const { ipc, send } = fakeIpc();
    const seen: unknown[] = [];
    createPreloadApi(ipc).on('network:health', (...args: unknown[]) => void seen.push(...args));
    send('network:health', { online: true });
    expect(seen).toEqual([{ online: true }]);
    expect(JSON.stringify(seen)).not.toContain('sender');
  });

  test('returns an unsubscribe function that removes exactly that listener, once', () => {
    const { ipc, send, listeners } = fakeIpc();
    const bridge = createPreloadApi(ipc);
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = bridge.on('tx:status', (payload) => void a.push(payload));
    bridge.on('tx:status', (payload) => void b.push(payload));
    send('tx:status', 1);
    offA();
    offA();
    send('tx:status', 2);
    expect(a).toEqual([1]);
    expect(b).toEqual([1, 2]);
    expect(listeners.get('tx:status')?.size).toBe(1);
  });

  test('unknown event channels and non-function listeners are refused', () => {
    const { ipc, listeners } = fakeIpc();
    const bridge = createPreloadApi(ipc) as unknown as { on(channel: unknown, listener: unknown): unknown };
    for (const channel of ['app:info', 'ELECTRON_GUEST_WINDOW', '__proto__', 7])
      expect(() => bridge.on(channel, () => {})).toThrow(TypeError);
    expect(() => bridge.on('tx:status', 'alert(1)')).toThrow(TypeError);
    expect(listeners.size).toBe(0);
  });
});

describe('the exposed object', () => {
  test('has exactly invoke, cancel and on, is frozen, and satisfies PreloadApi', () => {
    const bridge: PreloadApi = createPreloadApi(fakeIpc().ipc);
    expect(Object.keys(bridge).sort()).toEqual(['cancel', 'invoke', 'on']);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(JSON.stringify(Object.getOwnPropertyNames(bridge))).not.toMatch(/ipc|send|sendSync/);
  });
});

describe('dropped files', () => {
  function dropTarget() {
    const handlers = new Map<string, (event: DropEventLike) => void>();
    return {
      target: {
        addEventListener: (type: string, listener: (event: DropEventLike) => void) => void handlers.set(type, listener),
      },
      handlers,
    };
  }
  const dropEvent = (files: { name: string; size: number; text(): Promise<string> }[]) => {
    let prevented = false;
    const event = {
      get defaultPrevented() {
        return prevented;
      },
      preventDefault: () => void (prevented = true),
      dataTransfer: { types: ['Files'], files },
    };
    return { event, prevented: () => prevented };
  };

  test('a dropped transaction file reaches app:open-transaction listeners as text, without a path', async () => {
    const local = new LocalEvents();
    const bridge = createPreloadApi(fakeIpc().ipc, local);
    const { target, handlers } = dropTarget();
    installFileDrop(target, local);
    const received: unknown[] = [];
    bridge.on('app:open-transaction', (payload) => void received.push(payload));
    const drop = dropEvent([{ name: 'payment.xdr', size: 10, text: async () => '  AAAAAgAAAA==\n' }]);
    handlers.get('drop')!(drop.event);
    expect(drop.prevented()).toBe(true);
    await expect.poll(() => received).toEqual([{ text: 'AAAAAgAAAA==', fileName: 'payment.xdr' }]);
  });

  test('a drop the page already handled (its own drop zone) is not delivered again', () => {
    const local = new LocalEvents();
    const bridge = createPreloadApi(fakeIpc().ipc, local);
    const { target, handlers } = dropTarget();
    installFileDrop(target, local);
    let read = false;
    const received: unknown[] = [];
    bridge.on('app:open-transaction', (payload) => void received.push(payload));
    const drop = dropEvent([{ name: 'a.xdr', size: 3, text: async () => ((read = true), 'abc') }]);
    drop.event.preventDefault();
    handlers.get('drop')!(drop.event);
    expect(read).toBe(false);
    expect(received).toEqual([]);
  });

  test('an oversized file is rejected unread', () => {
    const local = new LocalEvents();
    const { target, handlers } = dropTarget();
    const rejected: string[] = [];
    let read = false;
    installFileDrop(target, local, (reason) => void rejected.push(reason));
    handlers.get('drop')!(
      dropEvent([{ name: 'big.xdr', size: MAX_DROPPED_BYTES + 1, text: async () => ((read = true), '') }]).event,
    );
    expect(rejected[0]).toMatch(/larger than/);
    expect(read).toBe(false);
  });
});
