// Events from main to the window, checked against the channel map before they leave.
import { eventChannels, isEventChannel, type EventChannel, type EventPayload } from '../../shared/ipc';

export interface WebContentsLike {
  isDestroyed(): boolean;
  send(channel: string, payload: unknown): void;
}

/** An Emit for the app core: valid events go to the window (if any); invalid ones are dropped and reported. */
export function createEmitter(
  target: () => WebContentsLike | null,
  onDropped?: (channel: string, reason: string) => void,
) {
  return function emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void {
    if (!isEventChannel(channel)) return onDropped?.(String(channel), 'unknown event channel');
    const checked = eventChannels[channel].safeParse(payload);
    if (!checked.success) return onDropped?.(channel, checked.error.issues[0]?.message ?? 'invalid payload');
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(channel, checked.data);
  };
}
