// Validates every IPC message against the channel map and answers a result envelope instead of
// throwing (Electron would strip a thrown error to its message; a WebSocket would lose it).
// Both hosts (Electron's ipcMain and the web host) call dispatch(); neither validates on its own.
import type { z } from 'zod';
import {
  type EventChannel,
  type EventPayload,
  type IpcErrorShape,
  type IpcReply,
  type RequestChannel,
  type RequestResult,
  isRequestChannel,
  requestChannels,
} from '../../shared/ipc';
import { PagingError } from '../../shared/paging-guard';
import { CoreError } from './errors';
import { containsSecretKey, SECRET_REFUSED } from './secrets';

export type ParsedArgs<C extends RequestChannel> = z.output<(typeof requestChannels)[C]['args']>;

export interface CallContext {
  /** Aborted when the caller no longer needs the answer (renderer unmounted, socket closed). */
  signal: AbortSignal;
}

export type Handlers = {
  [C in RequestChannel]: (args: ParsedArgs<C>, context: CallContext) => Promise<RequestResult<C>>;
};

export type Emit = <C extends EventChannel>(channel: C, payload: EventPayload<C>) => void;

export function toErrorShape(error: unknown): IpcErrorShape {
  if (error instanceof CoreError) return { code: error.code, message: error.message, ...error.extra };
  if (error instanceof PagingError) return { code: error.code, message: error.message };
  if (error instanceof Error && error.name === 'AbortError')
    return { code: 'cancelled', message: 'The request was cancelled.' };
  // Unexpected failures: a plain message, never a stack trace, never a secret-bearing payload.
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: message.slice(0, 500) || 'Internal error' };
}

const MAX_MESSAGE_CHARS = 1_000_000;
/** Channels that carry a whole file: the address book's import takes up to 2 MB (shared/labels.ts). */
const LARGER_MESSAGES: Partial<Record<RequestChannel, number>> = { 'labels:import': 2_100_000 };

export type Dispatch = (channel: unknown, args: unknown, context?: Partial<CallContext>) => Promise<IpcReply<unknown>>;

export function createDispatcher(handlers: Handlers): Dispatch {
  return async function dispatch(channel, args, context = {}) {
    if (!isRequestChannel(channel)) {
      const shown = typeof channel === 'string' ? channel.slice(0, 60) : typeof channel;
      return { ok: false, error: { code: 'unknown_channel', message: `Unknown channel "${shown}".` } };
    }
    if (approximateSize(args) > (LARGER_MESSAGES[channel] ?? MAX_MESSAGE_CHARS)) {
      return { ok: false, error: { code: 'too_large', message: `Arguments for ${channel} are too large.` } };
    }
    // A secret key is refused before anything else looks at it, whatever the channel.
    if (containsSecretKey(args)) return { ok: false, error: { code: 'secret_key_refused', message: SECRET_REFUSED } };
    const parsed = requestChannels[channel].args.safeParse(args ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issue.path.join('.') : 'arguments';
      return {
        ok: false,
        error: {
          code: 'invalid_arguments',
          message: `Invalid ${where} for ${channel}: ${issue?.message ?? 'rejected'}.`,
        },
      };
    }
    const signal = context.signal ?? new AbortController().signal;
    try {
      const handler = handlers[channel] as (a: unknown, c: CallContext) => Promise<unknown>;
      const value = await handler(parsed.data, { signal });
      return { ok: true, value };
    } catch (error) {
      return { ok: false, error: toErrorShape(error) };
    }
  };
}

function approximateSize(value: unknown): number {
  if (typeof value === 'string') return value.length;
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
