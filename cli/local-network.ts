// `--network local` on the command line, as docs/design.md asks: use the embedded local network of the
// user's data directory. If the desktop app or the web host already runs it, talk to that one;
// otherwise start it for the length of the command (its data kept between runs, like the app's).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedNetwork, choosePorts, forkWithNode } from '../electron/core/embedded-network';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface LocalNetwork {
  url: string;
  stop(): Promise<void>;
}

/** The service URL saved by whoever last ran this data directory's network, if it answers now. */
async function runningService(dataDir: string): Promise<string | null> {
  let port: unknown;
  try {
    port = (JSON.parse(readFileSync(join(dataDir, 'ports.json'), 'utf8')) as { service?: unknown }).service;
  } catch {
    return null;
  }
  if (typeof port !== 'number' || !Number.isInteger(port) || port <= 0 || port > 65535) return null;
  const url = `http://127.0.0.1:${port}`;
  try {
    const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(1_500), headers: { accept: 'application/json' } });
    const body = (await response.json()) as { network_passphrase?: unknown };
    return response.ok && typeof body.network_passphrase === 'string' ? url : null;
  } catch {
    return null;
  }
}

export async function useLocalNetwork(dataDir: string, say: (line: string) => void): Promise<LocalNetwork> {
  const running = await runningService(dataDir);
  if (running) return { url: running, stop: async () => {} };
  const entries = { core: join(ROOT, 'network', 'core', 'process.ts'), service: join(ROOT, 'network', 'service', 'process.ts') };
  if (!existsSync(entries.core) || !existsSync(entries.service)) {
    throw new Error('The local network is not part of this installation: use --network testnet|public|<url>.');
  }
  say(`ledgerscope: starting the local network in ${dataDir} for this command`);
  const network = new EmbeddedNetwork({
    dataDir,
    entries,
    spawn: forkWithNode(['--import', 'tsx']),
    ports: await choosePorts(dataDir),
    restart: { maxAttempts: 1 },
  });
  await network.start();
  return { url: network.serviceUrl, stop: () => network.stop() };
}
