// The real main bundle (dist/electron/main.cjs) run in plain Node against a fake `electron` module
// (fixtures/fake-electron.cjs): start-up order, the window's options, IPC registration and the
// sender check, the embedded network started in "utility processes" (child_process.fork of the
// real dist/network bundles), deep links and files of a second launch, navigation and
// permissions, the app:// protocol with its CSP, the menu, payment notifications with the badge,
// and a clean quit (every part of the network stopped).
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CANCEL_CHANNEL, requestChannels } from '../../shared/ipc';
import { CONTENT_SECURITY_POLICY } from '../../electron/content-policy';
import { ensureBuilt } from '../support/build';
import { envelopeOf, paymentTx } from '../support/signed-tx';
import { waitFor } from '../support/wait';

const ROOT = join(import.meta.dirname, '..', '..');
const APP_FRAME = { url: 'app://ledgerscope/index.html#/explore', parent: null };

type Message = { event: string } & Record<string, unknown>;
let child: ChildProcess;
let userDataDir: string;
const messages: Message[] = [];
let output = '';
let nextId = 1;

const seen = (event: string, where: (message: Message) => boolean = () => true) =>
  messages.filter((message) => message.event === event && where(message));
const command = (cmd: string, data: Record<string, unknown> = {}) => child.send({ cmd, ...data });

async function invoke(
  channel: string,
  args: unknown,
  frame: unknown = APP_FRAME,
  senderId?: number,
): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  const id = nextId++;
  command('invoke', { id, channel, args, frame, senderId });
  const reply = await waitFor(
    `the reply to ${channel}`,
    () => seen('reply', (message) => message.id === id)[0],
    30_000,
  );
  return reply.reply as { ok: boolean; value?: unknown; error?: { code: string } };
}

const sent = (channel: string) =>
  seen('send', (message) => message.channel === channel).map((message) => message.payload);

beforeAll(async () => {
  await ensureBuilt();
  userDataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-main-'));
  writeFileSync(join(userDataDir, 'opened.xdr'), 'AAAAopened\n');
  child = fork(join(ROOT, 'dist', 'electron', 'main.cjs'), [`--user-data-dir=${userDataDir}`], {
    cwd: ROOT,
    execArgv: ['--require', join(ROOT, 'test', 'integration', 'fixtures', 'fake-electron.cjs')],
    env: { ...process.env, FAKE_OPEN_FILE: join(userDataDir, 'opened.xdr') },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.on('message', (message: Message) => messages.push(message));
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('the window', () => seen('window').length === 1, 30_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}\n${JSON.stringify(messages)}`, { cause: error });
  });
}, 180_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(userDataDir, { recursive: true, force: true });
});

describe('start-up', () => {
  test('app:// is made privileged before the window, and the window loads it with the hardened preferences', async () => {
    const order = messages.map((message) => message.event);
    expect(order.indexOf('privileged-schemes')).toBeLessThan(order.indexOf('window'));
    const { options } = seen('window')[0] as unknown as { options: { webPreferences: Record<string, unknown> } };
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      devTools: true,
    });
    expect(existsSync(options.webPreferences['preload'] as string)).toBe(true);
    // The window is reported when created; it loads the page a moment later.
    expect((await waitFor('the window to load the app', () => seen('load')[0])).url).toBe(
      'app://ledgerscope/index.html',
    );
    expect((await waitFor('the deep-link scheme', () => seen('protocol-client')[0])).scheme).toBe('ledgerscope');
  });

  test('exactly the request channels are registered with ipcMain, and nothing listens besides the cancel channel', async () => {
    command('channels');
    const { channels, listened } = await waitFor('the channel list', () => seen('channels')[0]);
    expect((channels as string[]).sort()).toEqual(Object.keys(requestChannels).sort());
    expect(listened).toEqual([CANCEL_CHANNEL]);
  });

  test('the local network starts in utility processes, core before service, with data in the user-data directory', async () => {
    await waitFor('both network processes', () => seen('utility-fork').length === 2, 30_000);
    const [core, service] = seen('utility-fork') as unknown as { entry: string; args: string[] }[];
    expect(core!.entry).toBe(join(ROOT, 'dist', 'network', 'core.mjs'));
    expect(service!.entry).toBe(join(ROOT, 'dist', 'network', 'service.mjs'));
    expect(core!.args.slice(0, 2)).toEqual(['--data-dir', join(userDataDir, 'local-network')]);
    const health = await waitFor(
      'the local network to be online',
      async () => {
        const reply = await invoke('network:health', {});
        return (reply.value as { online?: boolean } | undefined)?.online ? reply : null;
      },
      60_000,
    );
    expect(health.value).toMatchObject({ networkId: 'local', online: true });
  });

  test('then the Stellar RPC and the lake writer, from their bundles: the RPC answers on the port ports.json keeps, the lake is written', async () => {
    await waitFor('all four network processes', () => seen('utility-fork').length === 4, 60_000);
    const forks = seen('utility-fork') as unknown as { entry: string; args: string[] }[];
    const dataDir = join(userDataDir, 'local-network');
    expect(forks.map((each) => each.entry)).toEqual(
      ['core', 'service', 'rpc', 'lake'].map((name) => join(ROOT, 'dist', 'network', `${name}.mjs`)),
    );
    const ports = JSON.parse(readFileSync(join(dataDir, 'ports.json'), 'utf8')) as Record<string, number>;
    expect(forks[2]!.args).toEqual([
      '--data-dir',
      dataDir,
      '--port',
      String(ports['rpc']),
      '--core-url',
      `http://127.0.0.1:${ports['core']}`,
    ]);
    expect(forks[3]!.args).toEqual(['--data-dir', dataDir, '--lake-dir', join(dataDir, 'lake')]);
    const health = await waitFor(
      'the RPC to answer getHealth',
      async () => {
        const response = await fetch(`http://127.0.0.1:${ports['rpc']}`, {
          method: 'POST',
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
        }).catch(() => null);
        return response?.ok ? ((await response.json()) as { result?: { status?: string } }) : null;
      },
      60_000,
    );
    expect(health.result?.status).toBe('healthy');
    await waitFor('the lake manifest', () => existsSync(join(dataDir, 'lake', '.config.json')), 30_000);
  });
});

describe('IPC', () => {
  test('the app window answers, through dispatch', async () => {
    expect(await invoke('app:info', {})).toEqual({
      ok: true,
      value: { name: 'Ledgerscope', version: '0.1.0', host: 'electron' },
    });
    expect(await invoke('ledger:get', { sequence: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
  });

  test('other senders, sub-frames and foreign pages are refused', async () => {
    expect(await invoke('app:info', {}, { url: 'https://evil.example/', parent: null })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await invoke('app:info', {}, { url: APP_FRAME.url, parent: {} })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await invoke('app:info', {}, APP_FRAME, 9999)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  test('browses an account and submits a transaction through main', async () => {
    const demo = JSON.parse(readFileSync(join(userDataDir, 'local-network', 'demo-accounts.json'), 'utf8')) as {
      passphrase: string;
      accounts: { name: string; publicKey: string; secretKey: string }[];
    };
    const [from, to] = demo.accounts;
    const account = await invoke('account:get', { id: from!.publicKey });
    expect(account).toMatchObject({ ok: true, value: { id: from!.publicKey } });

    const watched = await invoke('stream:watch', { account: to!.publicKey });
    expect(watched.ok).toBe(true);
    const ports = JSON.parse(readFileSync(join(userDataDir, 'local-network', 'ports.json'), 'utf8')) as {
      service: number;
    };
    const payment = envelopeOf(
      await paymentTx(`http://127.0.0.1:${ports.service}`, from!, to!.publicKey, {
        amount: '2.5',
        passphrase: demo.passphrase,
        timeoutSeconds: 600,
      }),
    );
    const submitted = await invoke('tx:submit', { input: payment.xdr });
    expect(submitted).toMatchObject({ ok: true, value: { result: 'received' } });

    // The payment arrives on the watched account: a native notification, and the badge counts it.
    const notification = await waitFor(
      'the payment notification',
      () => seen('notification', (message) => String(message.title).startsWith('Payment received'))[0],
      30_000,
    );
    expect(notification.title).toBe('Payment received: 2.5000000 XLM');
    // Both parties by the local network's own names (the address book's, from the first start).
    expect(notification.body).toBe(`From ${from!.name} to ${to!.name}`);
    await waitFor('the badge', () => seen('badge', (message) => message.count === 1)[0]);
    command('focus', { focused: true });
    await waitFor('the badge to clear on focus', () => seen('badge', (message) => message.count === 0)[0]);
  });
});

describe('a second launch', () => {
  test('hands its deep link and transaction file to the window', async () => {
    const link = 'ledgerscope://ledger/60000001';
    command('secondInstance', {
      argv: ['/opt/ledgerscope', '--enable-features=x', link, 'opened.xdr', 'ledgerscope://ledger/0'],
      cwd: userDataDir,
    });
    await waitFor('app:navigate', () =>
      sent('app:navigate').some((payload) => (payload as { route: string }).route === '/ledger/60000001'),
    );
    const opened = await waitFor('app:open-transaction', () => sent('app:open-transaction')[0]);
    expect(opened).toEqual({ text: 'AAAAopened', fileName: 'opened.xdr' });
    expect(sent('app:navigate')).toHaveLength(1);
  });
});

describe('window security in place', () => {
  test('navigation away is blocked; https: goes to the system browser once the user says yes', async () => {
    for (const url of ['https://stellar.org/', 'file:///etc/passwd', 'app://ledgerscope/index.html#/live'])
      command('navigate', { url });
    await waitFor('three navigations', () => seen('navigated').length === 3);
    expect(seen('navigated').map((message) => [message.url, message.prevented])).toEqual([
      ['https://stellar.org/', true],
      ['file:///etc/passwd', true],
      ['app://ledgerscope/index.html#/live', false],
    ]);
    // Asked first, in a box on the window, with the full URL; Cancel (the default) opens nothing.
    await waitFor('the link question', () => seen('message-box').length === 1);
    const [question] = seen('message-box');
    expect(question!.modal).toBe(true);
    expect(question!.options).toMatchObject({
      message: 'Open this link in your web browser?',
      detail: 'https://stellar.org/\n\nSite: stellar.org',
      defaultId: 0,
      cancelId: 0,
    });
    command('windowOpen', { url: 'http://insecure.example/' });
    await waitFor('the window-open decision', () => seen('window-open')[0]);
    expect(seen('window-open')[0]!.result).toEqual({ action: 'deny' });
    expect(seen('message-box')).toHaveLength(1);
    expect(seen('open-external')).toEqual([]);

    command('answerMessageBox', { response: 1 });
    command('windowOpen', { url: 'https://stellar.org/docs?a=\u202Eexe' });
    await waitFor('the link to open', () => seen('open-external').length === 1);
    expect(seen('message-box')[1]!.options).toMatchObject({
      detail: 'https://stellar.org/docs?a=%E2%80%AEexe\n\nSite: stellar.org',
    });
    expect(seen('open-external').map((message) => message.url)).toEqual(['https://stellar.org/docs?a=%E2%80%AEexe']);
    command('answerMessageBox', { response: 0 });
  });

  test('permissions: notifications for the app only', async () => {
    command('permission', { permission: 'notifications', url: 'app://ledgerscope/index.html' });
    command('permission', { permission: 'media', url: 'app://ledgerscope/index.html' });
    command('permission', { permission: 'notifications', url: 'https://evil.example/' });
    await waitFor('three permission answers', () => seen('permission').length === 3);
    expect(seen('permission').map((message) => message.granted)).toEqual([true, false, false]);
  });

  test('app:// serves the renderer with the CSP header; every response gets it too', async () => {
    command('fetchApp', { url: 'app://ledgerscope/index.html' });
    command('fetchApp', { url: 'app://ledgerscope/..%2f..%2fpackage.json' });
    command('headers');
    await waitFor('the protocol answers', () => seen('app-response').length === 2 && seen('headers').length === 1);
    const answer = (url: string) =>
      seen('app-response', (message) => message.url === url).map((message) => [
        message.status,
        message.csp,
        message.type,
      ]);
    expect(answer('app://ledgerscope/index.html')).toEqual([
      [200, CONTENT_SECURITY_POLICY, 'text/html; charset=utf-8'],
    ]);
    expect(answer('app://ledgerscope/..%2f..%2fpackage.json')).toEqual([[404, null, 'text/plain']]);
    expect((seen('headers')[0]!.responseHeaders as Record<string, string[]>)['Content-Security-Policy']).toEqual([
      CONTENT_SECURITY_POLICY,
    ]);
  });
});

describe('menu', () => {
  test('Go › Go to… and File › Open transaction… reach the renderer', async () => {
    command('menuClick', { id: 'go-to' });
    await waitFor('the go-to event', () =>
      sent('app:navigate').some((payload) => (payload as { route: string }).route === '/go-to'),
    );
    command('menuClick', { id: 'open-transaction' });
    await waitFor('the opened file', () => sent('app:open-transaction').length === 2);
  });
});

describe('quit', () => {
  test('stops the network (lake, RPC, service, core), saves the window state, writes a redacted log, exits 0', async () => {
    const ports = JSON.parse(readFileSync(join(userDataDir, 'local-network', 'ports.json'), 'utf8')) as {
      core: number;
      service: number;
      rpc: number;
    };
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    command('quit');
    expect(await exited).toBe(0);
    for (const port of [ports.rpc, ports.service, ports.core])
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    expect(JSON.parse(readFileSync(join(userDataDir, 'window-state.json'), 'utf8'))).toEqual({
      bounds: { x: 10, y: 20, width: 1000, height: 700 },
      maximized: false,
    });
    const log = readFileSync(join(userDataDir, 'logs', 'main.log'), 'utf8');
    expect(log).toContain('[core] ledgerscope-core listening on');
    expect(log).toContain(`[rpc] ledgerscope-rpc listening on http://127.0.0.1:${ports.rpc}`);
    expect(log).toContain(
      `Ledgerscope local network: http://127.0.0.1:${ports.service} (Stellar RPC http://127.0.0.1:${ports.rpc})`,
    );
    expect(log).toContain('Ledgerscope stopped');
    expect(log).not.toMatch(/S[A-Z2-7]{55}/);
  });
});
