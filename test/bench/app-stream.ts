// Benchmark: streamed events per second through the core to an IPC consumer. A watched account
// with a persisted paging token replays N payments from the service's SSE stream; each record is
// parsed, deduplicated, normalised and emitted as `stream:record`, then carried by the web host
// over its WebSocket to a page (a ws client), which counts them.
//   node --import tsx test/bench/app-stream.ts [payments]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { createAppCore } from '../../core/app/app';
import { createDispatcher, type Emit } from '../../core/app/dispatch';
import { startWebHost, type WebHost } from '../../electron/web-host';
import { buildStore, spawnService } from './service-support';

const PAYMENTS = Number(process.argv[2] ?? 20_000);

function watchedFrom(userDataDir: string, account: string): void {
  mkdirSync(userDataDir, { recursive: true });
  writeFileSync(
    join(userDataDir, 'watched.json'),
    JSON.stringify({ accounts: [{ account, networkId: 'local', lastPagingToken: '1' }] }),
  );
}

async function run(url: string, account: string, viaWebHost: boolean): Promise<{ ms: number; count: number }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'app-stream-bench-'));
  watchedFrom(userDataDir, account);
  let host: WebHost | null = null;
  let count = 0;
  let started = 0;
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const seen = () => {
    if (count === 0) started = performance.now();
    count += 1;
    if (count === PAYMENTS) finish();
  };
  const emit: Emit = (channel, payload) => {
    if (viaWebHost) host?.emit(channel, payload);
    else if (channel === 'stream:record') seen();
  };
  let page: WebSocket | null = null;
  if (viaWebHost) {
    const rendererDir = mkdtempSync(join(tmpdir(), 'app-stream-renderer-'));
    host = await startWebHost({ rendererDir, dispatch: createDispatcher({} as never) });
    const origin = `http://127.0.0.1:${host.port}`;
    page = new WebSocket(`ws://127.0.0.1:${host.port}/ipc?token=${host.token}`, { headers: { origin } });
    page.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('{"event":"stream:record"')) seen();
    });
    await new Promise((resolve) => page!.once('open', resolve));
  }
  const t0 = performance.now();
  const core = createAppCore({ userDataDir, localUrl: url, host: 'web', version: 'bench', emit, healthIntervalMs: 0 });
  await finished;
  const ms = performance.now() - t0;
  void started;
  await core.close();
  page?.close();
  await host?.close();
  rmSync(userDataDir, { recursive: true, force: true });
  return { ms, count };
}

const { dir, store, accounts } = buildStore(PAYMENTS, 20);
store.close();
const { url, child } = await spawnService(dir);
process.once('exit', () => child.kill('SIGTERM'));
try {
  await run(url, accounts[0]!, false); // warm-up
  for (const viaWebHost of [false, true, false, true]) {
    const { ms, count } = await run(url, accounts[0]!, viaWebHost);
    console.log(
      `${viaWebHost ? 'core -> web host -> WebSocket page' : 'core -> emit callback          '}: ${count} records in ${ms.toFixed(0)} ms = ${Math.round((count / ms) * 1000)} events/s`,
    );
  }
} finally {
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
