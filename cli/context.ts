// What every command runs with: the app core and its dispatcher, where output goes, and how an
// interruption reaches it; and the one error a command ends with (one line, exit code 1).
import type { AppCore, Dispatch } from '../core';
import type { EventChannel, EventPayload } from '../shared/ipc';
import { shownFor, type Shown } from './shown';
import type { FederationAnswer } from '../shared/ipc-conventions';

export class CommandError extends Error {
  override name = 'CommandError';
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<string>;
}

export interface Context {
  core: AppCore;
  dispatch: Dispatch;
  io: Io;
  /** Resolves on SIGINT/SIGTERM (stream). */
  interrupted: Promise<void>;
  /** --wide: tables as wide as their cells, ids whole. */
  wide?: boolean;
  /** Aborts on SIGINT/SIGTERM: cancels the request in flight. */
  signal?: AbortSignal;
  /** Subscribes to the core's events (submission follow-up, export progress). */
  onEvent<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void;
}

/** A channel's answer through the same dispatcher as the app's windows; its error ends the command (one line). */
export async function call<T>(ctx: Context, channel: string, args: unknown): Promise<T> {
  const reply = await ctx.dispatch(channel, args, ctx.signal ? { signal: ctx.signal } : {});
  if (!reply.ok) throw new CommandError(reply.error.message);
  return reply.value as T;
}

/** How this command writes ids, accounts, assets and amounts for a person (the address book read now, --wide). */
export function shownOf(ctx: Context): Shown {
  return shownFor(ctx.core.names(), ctx.wide === true, () => ctx.core.book());
}

/** Federation addresses resolved through the core on the selected network, what they resolved to said on stderr. */
export function federationOf(ctx: Context): {
  resolve(address: string): Promise<FederationAnswer>;
  say(line: string): void;
} {
  return {
    resolve: (address) => call<FederationAnswer>(ctx, 'conventions:federation', { address }),
    say: (line) => ctx.io.err(line),
  };
}
