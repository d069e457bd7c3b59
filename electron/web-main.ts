// `npm run web`: the app in a browser. Starts the app core and the web host and prints the URL,
// token included, on one line.
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { homedir } from 'node:os';
import { createAppCore } from './core/app';
import { createDispatcher } from './core/dispatch';
import { startWebHost } from './web-host';

const USAGE = 'usage: npm run web -- [--port N] [--user-data-dir DIR] [--local-url URL]';

export async function main(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: '0' },
        'user-data-dir': { type: 'string' },
        'local-url': { type: 'string', default: 'http://127.0.0.1:8000' },
        'renderer-dir': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`ledgerscope: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`ledgerscope: --port must be a port number, not "${values.port}"\n${USAGE}`);
    process.exit(2);
  }
  const userDataDir = resolve(values['user-data-dir'] ?? join(homedir(), '.config', 'ledgerscope'));
  const core = createAppCore({ userDataDir, localUrl: values['local-url'], host: 'web', version: '0.1.0' });
  const host = await startWebHost({
    rendererDir: resolve(values['renderer-dir'] ?? join(import.meta.dirname, '..', 'dist', 'renderer')),
    dispatch: createDispatcher(core.handlers),
    port,
  });
  console.log(`Ledgerscope web host: ${host.url}`);
  const stop = async () => {
    await host.close();
    await core.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

await main(process.argv.slice(2));
