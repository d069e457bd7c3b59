// The service's tuning flags. `npm run network` (network/cli.ts) accepts them and hands them on
// unchanged; network/service/process.ts parses them into the ServiceOptions field of the same
// name in camelCase (`--max-streams` is maxStreams). One list, so the two cannot drift; no fastify
// import here, so the cli stays light.
import type { FlagTable } from '../flags';

export const SERVICE_FLAGS: FlagTable = {
  'core-timeout-ms': { kind: 'int', min: 1 },
  'rate-limit': { kind: 'int', min: 1 },
  'loopback-rate-limit': { kind: 'int', min: 1 },
  'rate-limit-window-ms': { kind: 'int', min: 1 },
  'max-streams': { kind: 'int', min: 1 },
  'loopback-max-streams': { kind: 'int', min: 1 },
  'max-stream-age-ms': { kind: 'int', min: 0 },
  'keepalive-ms': { kind: 'int', min: 1 },
  'stream-poll-ms': { kind: 'int', min: 1 },
  'body-timeout-ms': { kind: 'int', min: 1 },
  'headers-timeout-ms': { kind: 'int', min: 1 },
  'max-connections': { kind: 'int', min: 1 },
  'public-url': { kind: 'string' },
};

/** `max-stream-age-ms` to `maxStreamAgeMs`. */
export function optionName(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
