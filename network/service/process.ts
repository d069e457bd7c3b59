// Process entry of the query-and-submission service:
//   node --import tsx network/service/process.ts --data-dir <dir> --port <n> --core-url <url> [flags]
// Prints `ledgerscope-service listening on http://127.0.0.1:<port>` once it answers.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULTS, type ServiceOptions, startService } from './server';

const FLAGS = {
  'data-dir': { type: 'string' },
  port: { type: 'string', default: '0' },
  host: { type: 'string', default: DEFAULTS.host },
  'core-url': { type: 'string' },
  'core-timeout-ms': { type: 'string' },
  'rate-limit': { type: 'string' },
  'loopback-rate-limit': { type: 'string' },
  'rate-limit-window-ms': { type: 'string' },
  'max-streams': { type: 'string' },
  'loopback-max-streams': { type: 'string' },
  'max-stream-age-ms': { type: 'string' },
  'keepalive-ms': { type: 'string' },
  'stream-poll-ms': { type: 'string' },
} as const;

export const SERVICE_FLAGS = Object.keys(FLAGS);

function count(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,15}$/.test(text)) throw new Error(`--${name} takes a non-negative integer, not "${text}"`);
  return Number(text);
}

export function parseServiceArgs(argv: string[]): ServiceOptions {
  const { values } = parseArgs({ args: argv, options: FLAGS, strict: true });
  if (!values['data-dir']) throw new Error('--data-dir <dir> is required');
  if (!values['core-url']) throw new Error('--core-url <url> is required');
  return {
    dataDir: values['data-dir'],
    port: count('port', values.port) ?? 0,
    host: values.host,
    coreUrl: values['core-url'],
    coreTimeoutMs: count('core-timeout-ms', values['core-timeout-ms']),
    rateLimit: count('rate-limit', values['rate-limit']),
    loopbackRateLimit: count('loopback-rate-limit', values['loopback-rate-limit']),
    rateLimitWindowMs: count('rate-limit-window-ms', values['rate-limit-window-ms']),
    maxStreams: count('max-streams', values['max-streams']),
    loopbackMaxStreams: count('loopback-max-streams', values['loopback-max-streams']),
    maxStreamAgeMs: count('max-stream-age-ms', values['max-stream-age-ms']),
    keepaliveMs: count('keepalive-ms', values['keepalive-ms']),
    streamPollMs: count('stream-poll-ms', values['stream-poll-ms']),
  };
}

async function main(): Promise<void> {
  let options: ServiceOptions;
  try {
    options = parseServiceArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`ledgerscope-service: ${(error as Error).message}`);
    process.exit(2);
  }
  const service = await startService(options);
  console.log(`ledgerscope-service listening on ${service.url}`);
  const stop = () => {
    void service.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
