// A mistake in the command line: one line on stderr, exit code 2 (cli/main.ts).
export class UsageError extends Error {
  override name = 'UsageError';
}
