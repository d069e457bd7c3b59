// A fake Bridge for component tests: handlers per channel, a record of every call, and events
// the test can emit.
import type {
  Bridge,
  EventChannel,
  EventPayload,
  IpcErrorCode,
  IpcReply,
  RequestArgs,
  RequestChannel,
  RequestResult,
} from '../../../shared/ipc';
import type { Operation } from '../../../shared/model';

type Handler<C extends RequestChannel> = (args: RequestArgs<C>) => RequestResult<C> | Promise<RequestResult<C>>;
export type FakeHandlers = { [C in RequestChannel]?: Handler<C> };

export class FakeError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface FakeBridge extends Bridge {
  calls: { channel: RequestChannel; args: unknown }[];
  emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void;
}

export function fakeBridge(handlers: FakeHandlers): FakeBridge {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: FakeBridge['calls'] = [];
  return {
    calls,
    async invoke<C extends RequestChannel>(channel: C, args: RequestArgs<C>): Promise<IpcReply<RequestResult<C>>> {
      calls.push({ channel, args });
      const handler = handlers[channel] as Handler<C> | undefined;
      if (!handler) return { ok: false, error: { code: 'unknown_channel', message: `no fake for ${channel}` } };
      try {
        return { ok: true, value: await handler(args) };
      } catch (error) {
        return {
          ok: false,
          error: { code: error instanceof FakeError ? error.code : 'internal', message: (error as Error).message },
        };
      }
    },
    on(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(channel, set);
      return () => void set.delete(listener as (payload: unknown) => void);
    },
    emit(channel, payload) {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
  };
}

export const ACCOUNT = 'GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR';
export const OTHER = 'GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U';
const BASE_LEDGER = 60_000_000n;

/** The i-th payment of a synthetic history: ids above 2^53, every 7th failed, alternate in/out. */
export function payment(i: number, account = ACCOUNT): Operation {
  const id = ((BASE_LEDGER + BigInt(i)) << 32n) | (1n << 12n) | 1n;
  const incoming = i % 2 === 0;
  return {
    type: 'payment',
    id: id.toString(),
    pagingToken: id.toString(),
    sourceAccount: incoming ? OTHER : account,
    transactionHash: (i + 1).toString(16).padStart(64, '0'),
    successful: i % 7 !== 3,
    createdAt: new Date(Date.UTC(2026, 10, 1) + i * 5000).toISOString(),
    from: incoming ? OTHER : account,
    to: incoming ? account : OTHER,
    // As the core sends them: an account's records carry their direction (core/sources/horizon/normalize.ts).
    direction: incoming ? 'in' : 'out',
    currency: i % 3 === 0 ? { code: 'USD', issuer: OTHER } : { code: 'XLM' },
    amount: `${1000 + i}.${String(i % 10_000_000).padStart(7, '0')}`,
    raw: `{"id":${id},"type":"payment","amount":"${1000 + i}"}`,
  };
}

/** A payments listing over `total` records honouring cursor, order and limit. */
export function paymentsHandler(total: number, options: { failOnCursor?: string } = {}) {
  const all = Array.from({ length: total }, (_, i) => payment(i));
  return ({ query }: RequestArgs<'payments:list'>) => {
    if (options.failOnCursor && query.cursor === options.failOnCursor)
      throw new FakeError('unreachable', 'the network is unreachable');
    const ordered = query.order === 'asc' ? all : [...all].reverse();
    const visible = query.includeFailed ? ordered : ordered.filter((op) => op.successful);
    const start = query.cursor ? visible.findIndex((op) => op.pagingToken === query.cursor) + 1 : 0;
    // As the core lists them: rows without their raw text (the drawer asks operation:get).
    const records = visible.slice(start, start + (query.limit ?? 50)).map(({ raw: _raw, ...row }) => row);
    return { records, next: records.length ? records.at(-1)!.pagingToken : null, prev: null };
  };
}

/** operation:get over the same synthetic history: the record with its raw text. */
export function operationHandler(total: number) {
  const all = Array.from({ length: total }, (_, i) => payment(i));
  return ({ id }: RequestArgs<'operation:get'>) => {
    const found = all.find((op) => op.id === id);
    if (!found) throw new FakeError('not_found', `Operation ${id} was not found.`);
    return found;
  };
}
