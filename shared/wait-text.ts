// What a wait before the next request is said as, everywhere one shows (the export dialog, the
// workbench's index line, the command line's export and sync lines): a 429 is the server's rate
// limit, a 503 the server unavailable, and neither is said as the other (issue 37.8).

export type WaitFor = 'rate_limit' | 'unavailable';

/** "rate limited: waiting 16 s" or "server unavailable (503): retrying in 16 s"; whole seconds, rounded up. */
export function waitText(waitingMs: number, waitingFor: WaitFor | undefined): string {
  const seconds = Math.ceil(waitingMs / 1000);
  return waitingFor === 'unavailable'
    ? `server unavailable (503): retrying in ${seconds} s`
    : `rate limited: waiting ${seconds} s`;
}
