// Where the embedded network listens: ports kept between runs, and whether a network some other
// host started on this data directory (the desktop app, the web host) answers now.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { isJsonObject } from '../../shared/json';
import type { NetworkPart } from './embedded-network';
import { HttpClient } from '../http/http';
import { replaceWhole } from '../exports/whole-file';

/**
 * The ports of the embedded network, kept in `<dataDir>/ports.json` so the Local profile's URL is
 * the same between runs (persisted stream cursors and links stay valid). A saved port that is
 * now taken is replaced by a free one.
 */
export async function choosePorts(dataDir: string): Promise<Record<NetworkPart, number>> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'ports.json');
  let saved: Partial<Record<NetworkPart, unknown>> = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as typeof saved;
  } catch {
    // first run or unreadable: choose new ports
  }
  const ports = {} as Record<NetworkPart, number>;
  for (const part of ['core', 'service'] as const) {
    const candidate = saved[part];
    const valid = typeof candidate === 'number' && Number.isInteger(candidate) && candidate > 1024 && candidate < 65536;
    ports[part] = valid && (await isFree(candidate)) ? candidate : await freePort();
  }
  replaceWhole(file, JSON.stringify(ports));
  return ports;
}

function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(actual));
    });
  });
}

const isFree = async (port: number) => (await listenOn(port)) === port;

async function freePort(): Promise<number> {
  const port = await listenOn(0);
  if (port === null) throw new Error('No free port on 127.0.0.1 for the local network.');
  return port;
}

/** The service URL saved by whoever last ran this data directory's network, if it answers now. */
export async function runningService(dataDir: string): Promise<string | null> {
  let port: unknown;
  try {
    port = (JSON.parse(readFileSync(join(dataDir, 'ports.json'), 'utf8')) as { service?: unknown }).service;
  } catch {
    return null;
  }
  if (typeof port !== 'number' || !Number.isInteger(port) || port <= 0 || port > 65535) return null;
  const url = `http://127.0.0.1:${port}`;
  try {
    // The core's one HTTP stack, asked once: a service that is not there answers nothing in time.
    const { body } = await new HttpClient(url, { timeoutMs: 1_500, maxRetries: 0 }).getJson('/');
    return isJsonObject(body) && typeof body['network_passphrase'] === 'string' ? url : null;
  } catch {
    return null;
  }
}
