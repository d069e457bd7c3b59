// The tests' one way to wait: poll a condition until it holds, or fail at a deadline naming what
// never happened. Never a fixed sleep. Plain Node (no vitest or Playwright import), so vitest
// tests, Playwright specs, the network helpers and the benches all share it. It keeps the real
// clock and setTimeout, so it still works in a test that fakes them (vi.useFakeTimers).
const realSetTimeout = globalThis.setTimeout;

/**
 * Polls `probe` every `everyMs` until it returns a truthy value, and returns that value. A probe
 * may throw to fail at once (e.g. the process it waits on exited). After `timeoutMs` it throws
 * `timed out after N ms waiting for <what>`; `what` may be a function for a message that reports
 * the state at the deadline.
 */
export async function waitFor<T>(
  what: string | (() => string),
  probe: () => T | Promise<T>,
  timeoutMs = 20_000,
  everyMs = 20,
): Promise<NonNullable<T>> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (performance.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => realSetTimeout(resolve, everyMs));
  }
}
