// Process entry of the query-and-submission service:
//   node --import tsx network/service/process.ts --data-dir <dir> --port <n> --core-url <url> [flags]
// Prints `ledgerscope-service pid <pid>` (tests read the process's memory by it), then
// `ledgerscope-service listening on http://127.0.0.1:<port>` once it answers.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parseError, shown } from '../flags';
import { optionName, SERVICE_FLAGS } from './flags';
import { parsePublicUrl } from './links';
import { DEFAULTS, type ServiceOptions, startService } from './server';

const FLAGS = {
  'data-dir': { type: 'string' },
  port: { type: 'string', default: '0' },
  host: { type: 'string', default: DEFAULTS.host },
  'core-url': { type: 'string' },
  ...Object.fromEntries(Object.keys(SERVICE_FLAGS).map((name) => [name, { type: 'string' }])),
} as const;

function count(name: string, text: unknown): number | undefined {
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text))
    throw new Error(`--${name} takes a non-negative integer, not ${shown(String(text))}`);
  return Number(text);
}

export function parseServiceArgs(argv: string[]): ServiceOptions {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: FLAGS, strict: true }));
  } catch (error) {
    throw new Error(parseError(error as Error & { code?: string }), { cause: error });
  }
  if (!values['data-dir']) throw new Error('--data-dir <dir> is required');
  if (!values['core-url']) throw new Error('--core-url <url> is required');
  const given = values as Record<string, unknown>;
  const tuning = Object.entries(SERVICE_FLAGS).map(([name, spec]) => {
    const value = given[name];
    if (spec.kind === 'int') return [optionName(name), count(name, value)];
    // --public-url is checked here, so that a bad one exits with code 2; --lake-dir is a folder.
    if (name === 'public-url') return [optionName(name), typeof value === 'string' ? parsePublicUrl(value) : undefined];
    return [optionName(name), typeof value === 'string' && value !== '' ? value : undefined];
  });
  return {
    ...(Object.fromEntries(tuning) as Partial<ServiceOptions>),
    dataDir: values['data-dir'],
    port: count('port', values.port) ?? 0,
    host: values.host,
    coreUrl: values['core-url'],
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
  // The pid first: whoever waits for the listening line has it by then (same stream, in order).
  console.log(`ledgerscope-service pid ${process.pid}`);
  console.log(`ledgerscope-service listening on ${service.url}`);
  const stop = () => {
    void service.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
