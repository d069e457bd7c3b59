// `app:log-error`: a renderer view that failed to render reports it here, and the line goes to
// the host's log. In the desktop app console.error is electron-log's (electron/logging.ts: a
// rotated, redacted file); the web host and the CLI write it to stderr. The renderer is not
// trusted to be well-behaved: text is redacted, control characters cut, continuation lines
// indented (a message cannot forge a log line of its own), and the rate is bounded.
import type { Handlers } from '../app/dispatch';
import { redactText } from '../app/log-redaction';

export interface LogOptions {
  /** Where a line goes (default console.error). */
  write?: (line: string) => void;
  /** At most this many reports per window; the rest are counted and summarised (default 20). */
  maxPerWindow?: number;
  windowMs?: number;
  now?: () => number;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/** One line: newlines and control characters become spaces. */
function oneLine(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(CONTROL, ' ')
    .trim();
}

/** A block under the head line: every line indented, so none can pass for a log line of its own. */
function indented(text: string | undefined): string {
  if (!text) return '';
  const lines = text
    .replace(CONTROL, ' ')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  return lines.map((line) => `\n    | ${line}`).join('');
}

export function logHandlers(options: LogOptions = {}): Pick<Handlers, 'app:log-error'> {
  const write = options.write ?? ((line: string) => console.error(line));
  const max = options.maxPerWindow ?? 20;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  let windowStart = -Infinity;
  let count = 0;
  let dropped = 0;
  return {
    'app:log-error': async function appLogError({ view, message, stack, componentStack }) {
      const at = now();
      if (at - windowStart >= windowMs) {
        if (dropped > 0) write(`renderer: ${dropped} more view error report(s) were not logged (over ${max} a minute)`);
        windowStart = at;
        count = 0;
        dropped = 0;
      }
      if (count >= max) {
        dropped++;
        return { logged: false };
      }
      count++;
      const head = `renderer: the view "${oneLine(view)}" failed to render: ${oneLine(message) || '(no message)'}`;
      write(redactText(head + indented(stack) + indented(componentStack)));
      return { logged: true };
    },
  };
}
