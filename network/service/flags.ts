// The service's tuning flags. `npm run network` (network/cli.ts) accepts them and hands them on
// unchanged; network/service/process.ts parses them into the ServiceOptions field of the same
// name in camelCase (`--max-streams` is maxStreams). One list, so the two cannot drift; no fastify
// import here, so the cli stays light.
import type { FlagTable } from '../flags';

export const SERVICE_FLAGS: FlagTable = {
  'core-timeout-ms': { kind: 'int', min: 1, help: "the longest wait for the core's answer to a submission" },
  'rate-limit': { kind: 'int', min: 1, help: 'requests per window per client address' },
  'loopback-rate-limit': { kind: 'int', min: 1, help: 'requests per window per loopback client' },
  'rate-limit-window-ms': { kind: 'int', min: 1, help: "the rate limit's window" },
  'max-streams': { kind: 'int', min: 1, help: 'open streams per client address' },
  'loopback-max-streams': { kind: 'int', min: 1, help: 'open streams per loopback client' },
  'max-stream-age-ms': { kind: 'int', min: 0, help: 'end a stream after this long (0: never)' },
  'keepalive-ms': { kind: 'int', min: 1, help: "a stream's keep-alive comment this often" },
  'stream-poll-ms': { kind: 'int', min: 1, help: 'how often open streams look for a new ledger' },
  'body-timeout-ms': { kind: 'int', min: 1, help: "a request body's longest time after its headers (then 408)" },
  'headers-timeout-ms': { kind: 'int', min: 1, help: "a request's headers' longest time (then 408)" },
  'max-connections': { kind: 'int', min: 1, help: 'open connections at most, streams included' },
  'public-url': { kind: 'string', help: 'the base of every href, behind a proxy (https://example.org/horizon)' },
  'lake-dir': { kind: 'string', help: 'the ledger data lake: written here, served at /lake/ (docs/lake.md)' },
};

/** `max-stream-age-ms` to `maxStreamAgeMs`. */
export function optionName(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
