// Where the embedded network listens: ports kept between runs, and whether a network some other
// host started on this data directory (the desktop app, the web host) answers now.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { isJsonObject } from '../../shared/json';
import type { NetworkPorts } from './embedded-network';
import { HttpClient } from '../http/http';
import { replaceWhole } from '../exports/whole-file';

/** The parts that listen, as ports.json names them (`npm run network` writes the same file). */
const LISTENING = ['core', 'service', 'rpc'] as const;

/**
 * The ports of the embedded network, kept in `<dataDir>/ports.json` so the Local profile's URL (and
 * the local RPC's) is the same between runs (persisted stream cursors and links stay valid). A
 * saved port that is now taken, or that another part of this network already has, is replaced by
 * a free one.
 */
export async function choosePorts(dataDir: string): Promise<Required<NetworkPorts>> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'ports.json');
  let saved: Partial<Record<string, unknown>> = {};
  try {
    const read: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isJsonObject(read)) saved = read;
  } catch {
    // first run or unreadable: choose new ports
  }
  const ports = {} as Required<NetworkPorts>;
  const taken = new Set<number>();
  for (const part of LISTENING) {
    const candidate = saved[part];
    const valid =
      typeof candidate === 'number' &&
      Number.isInteger(candidate) &&
      candidate > 1024 &&
      candidate < 65536 &&
      !taken.has(candidate);
    // A free port found now is free until its part listens: held in `taken` so no two parts share it.
    let port = valid && (await isFree(candidate)) ? candidate : await freePort();
    while (taken.has(port)) port = await freePort();
    ports[part] = port;
    taken.add(port);
  }
  replaceWhole(file, JSON.stringify(ports));
  return ports;
}

/** A saved port read from ports.json, or null. */
function savedPort(saved: Record<string, unknown>, part: (typeof LISTENING)[number]): number | null {
  const port = saved[part];
  return typeof port === 'number' && Number.isInteger(port) && port > 0 && port <= 65535 ? port : null;
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

/** A local network some host already runs on a data directory. */
export interface RunningLocal {
  /** Its service's URL. */
  serviceUrl: string;
  /** Its Stellar RPC's URL, when it runs one that answers; null otherwise. */
  rpcUrl: string | null;
}

/**
 * The network whoever last ran this data directory saved in ports.json, if its service answers
 * now; with its RPC when that answers `getHealth` too (a network run with `--rpc off`, or whose
 * RPC failed, has none).
 */
export async function runningService(dataDir: string): Promise<RunningLocal | null> {
  let saved: Record<string, unknown>;
  try {
    const read: unknown = JSON.parse(readFileSync(join(dataDir, 'ports.json'), 'utf8'));
    if (!isJsonObject(read)) return null;
    saved = read;
  } catch {
    return null;
  }
  const servicePort = savedPort(saved, 'service');
  if (servicePort === null) return null;
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const rpcPort = savedPort(saved, 'rpc');
  const rpcUrl = rpcPort === null ? null : `http://127.0.0.1:${rpcPort}`;
  const [service, rpc] = await Promise.all([answersAsService(serviceUrl), rpcUrl ? answersAsRpc(rpcUrl) : false]);
  return service ? { serviceUrl, rpcUrl: rpc ? rpcUrl : null } : null;
}

/** The core's one HTTP stack, asked once: a server that is not there answers nothing in time. */
const once = (url: string) => new HttpClient(url, { timeoutMs: 1_500, maxRetries: 0 });

async function answersAsService(url: string): Promise<boolean> {
  try {
    const { body } = await once(url).getJson('/');
    return isJsonObject(body) && typeof body['network_passphrase'] === 'string';
  } catch {
    return false;
  }
}

async function answersAsRpc(url: string): Promise<boolean> {
  try {
    const { status, body } = await once(url).postJson('/', { jsonrpc: '2.0', id: 1, method: 'getHealth' });
    const result = isJsonObject(body) ? body['result'] : undefined;
    return status === 200 && isJsonObject(result) && result['status'] === 'healthy';
  } catch {
    return false;
  }
}
