// What `npm run build` makes for Electron: the renderer's Content-Security-Policy (meta tag and the
// header the window sets), the preload and main bundles, and the network bundles run the way
// Electron's utilityProcess runs them (flags in LEDGERSCOPE_NETWORK_ARGS).
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventChannels, requestChannels } from '../../shared/ipc';
import { EmbeddedNetwork, type SpawnNetworkProcess } from '../../core/networks/embedded-network';
import { choosePorts } from '../../core/networks/network-ports';
import { eachLine, forkWithNode } from '../../core/networks/network-process';
import { CONTENT_SECURITY_POLICY } from '../../electron/content-policy';
import { withContentSecurityPolicy } from '../../electron/window-policy';
import { ensureBuilt } from '../support/build';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');

beforeAll(() => ensureBuilt(), 300_000);

/** A policy as a map of directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}
// Directives a <meta> policy cannot carry (the browser ignores them there): header-only.
const HEADER_ONLY = ['frame-ancestors', 'report-uri', 'sandbox'];

describe('Content-Security-Policy', () => {
  const html = () => readFileSync(join(DIST, 'renderer', 'index.html'), 'utf8');
  const metaPolicy = () => {
    const metas = [...html().matchAll(/<meta\b[^>]*>/gi)]
      .map((match) => match[0])
      .filter((tag) => /http-equiv\s*=\s*"content-security-policy"/i.test(tag));
    expect(metas, 'the built index.html has one CSP meta tag').toHaveLength(1);
    return /\bcontent\s*=\s*"([^"]*)"/i.exec(metas[0]!)![1]!;
  };
  const headerPolicy = () => withContentSecurityPolicy({ 'content-type': 'text/html' })['Content-Security-Policy']![0]!;

  test('the header the window sets is the web host’s policy', () => {
    expect(headerPolicy()).toBe(CONTENT_SECURITY_POLICY);
  });

  test.each([
    ['meta tag', metaPolicy],
    ['response header', headerPolicy],
  ])('%s: strict (no unsafe-eval, connect-src self, object-src none, scripts from self only)', (_where, policy) => {
    const parsed = directives(policy());
    expect(policy()).not.toMatch(/unsafe-eval|wasm-unsafe-eval|\*/);
    expect(parsed.get('connect-src')).toEqual(["'self'"]);
    expect(parsed.get('object-src')).toEqual(["'none'"]);
    expect(parsed.get('script-src')).toEqual(["'self'"]);
    expect(parsed.get('default-src')).toEqual(["'self'"]);
    expect(parsed.get('base-uri')).toEqual(["'none'"]);
  });

  test('meta tag and header are the same policy (apart from header-only directives)', () => {
    const meta = directives(metaPolicy());
    const header = directives(headerPolicy());
    for (const name of HEADER_ONLY) header.delete(name);
    expect(Object.fromEntries(meta)).toEqual(Object.fromEntries(header));
  });

  test('the page has no inline script the policy would have to allow', () => {
    const scripts = [...html().matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\.\/assets\/[^"]+\.js"/);
      expect(body!.trim()).toBe('');
    }
    expect(html()).not.toMatch(/\son[a-z]+\s*=/i);
  });
});

describe('bundles', () => {
  const requires = (file: string) =>
    [...readFileSync(join(DIST, file), 'utf8').matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]!);

  test('the preload requires electron only and knows every channel of the map', () => {
    const source = readFileSync(join(DIST, 'electron', 'preload.cjs'), 'utf8');
    expect(new Set(requires('electron/preload.cjs'))).toEqual(new Set(['electron']));
    for (const channel of [...Object.keys(requestChannels), ...Object.keys(eventChannels)])
      expect(source).toContain(JSON.stringify(channel));
    expect(source.length).toBeLessThan(50_000);
    expect(source).toContain('exposeInMainWorld("ledgerscope"');
  });

  test('main requires electron, Node built-ins and ws’s optional accelerators only', () => {
    const allowed = new Set([
      'electron',
      'bufferutil',
      'utf-8-validate',
      ...builtinModules,
      ...builtinModules.map((name) => `node:${name}`),
    ]);
    expect(requires('electron/main.cjs').filter((name) => !allowed.has(name))).toEqual([]);
  });

  test('the network bundles and the schema they read are in dist/network', () => {
    for (const file of ['core.mjs', 'service.mjs', 'schema.sql'])
      expect(existsSync(join(DIST, 'network', file)), file).toBe(true);
  });
});

describe('packaging (electron-builder.yml)', () => {
  // js-yaml comes with electron-builder, which reads this same file.
  const { load } = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
  const config = load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, unknown> & {
    files: string[];
    asarUnpack: string[];
    protocols: { schemes: string[] }[];
    linux: { target: string[] };
    mac: { target: string[] };
    win: { target: string[] };
  };
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    main: string;
    scripts: Record<string, string>;
  };

  test('installers for every platform', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(pkg.scripts['dist']).toContain('electron-builder --config electron-builder.yml');
  });
  test('packs what runs: dist and package.json, no sources, maps or other dependencies', () => {
    expect(config.files.filter((pattern) => !pattern.startsWith('!'))).toEqual([
      'dist/**',
      'package.json',
      'node_modules/@stellar/stellar-xdr-json/{package.json,stellar_xdr_json.js,stellar_xdr_json_bg.wasm}',
    ]);
    expect(config.files).toEqual(expect.arrayContaining(['!dist/**/*.map', '!node_modules/**']));
    expect(pkg.main).toBe('dist/electron/main.cjs');
    expect(existsSync(join(ROOT, pkg.main))).toBe(true);
    expect(config.asarUnpack).toEqual(['dist/network/**']);
  });
  test('registers the ledgerscope:// scheme', () => {
    expect(config.protocols.flatMap((protocol) => protocol.schemes)).toEqual(['ledgerscope']);
  });
});

describe('network bundles run as Electron runs them', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** Like utilityProcess.fork in electron/embedded-network.ts: flags in the environment, argv without them. */
  const forkLikeUtilityProcess: SpawnNetworkProcess = ({ entry, args }) => {
    const child = fork(entry, [], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, LEDGERSCOPE_NETWORK_ARGS: JSON.stringify(args) },
    });
    const lines: ((line: string) => void)[] = [];
    eachLine(child.stdout, (line) => lines.forEach((listener) => listener(line)));
    eachLine(child.stderr, (line) => lines.forEach((listener) => listener(line)));
    const exits: ((code: number | null) => void)[] = [];
    let code: number | null | undefined;
    child.once('exit', (exitCode) => ((code = exitCode), exits.splice(0).forEach((listener) => listener(exitCode))));
    return {
      pid: child.pid,
      onLine: (listener) => void lines.push(listener),
      onExit: (listener) => (code === undefined ? void exits.push(listener) : listener(code)),
      kill: (signal) => void child.kill(signal),
    };
  };

  test.each([
    ['flags in the environment (utilityProcess)', forkLikeUtilityProcess],
    ['flags in argv (node dist/network/…)', forkWithNode()],
  ])(
    '%s: core, service, RPC and lake writer start from dist, answer, and stop',
    { timeout: 60_000 },
    async (_how, spawn) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-dist-net-'));
      dirs.push(dataDir);
      const output: string[] = [];
      const notices: string[] = [];
      const network = new EmbeddedNetwork({
        dataDir,
        entries: {
          core: join(DIST, 'network', 'core.mjs'),
          service: join(DIST, 'network', 'service.mjs'),
          rpc: join(DIST, 'network', 'rpc.mjs'),
          lake: join(DIST, 'network', 'lake.mjs'),
        },
        spawn,
        ports: await choosePorts(dataDir),
        coreArgs: ['--start-ledger', '60000000', '--close-interval-ms', '200'],
        restart: { maxAttempts: 1 },
        onLine: (part, line) => output.push(`${part}: ${line}`),
        onNotice: (notice) => notices.push(`${notice.part}: ${notice.message}`),
      });
      try {
        await network.start().catch((error: Error) => {
          throw new Error(`${error.message}\n${output.join('\n')}`);
        });
        const root = (await (
          await fetch(network.serviceUrl, { headers: { accept: 'application/json' } })
        ).json()) as Record<string, unknown>;
        expect(JSON.stringify(root)).toContain('Ledgerscope Local Network ; 2026');
        // start() resolved with all four ready: an extra that failed would have been given up with a notice.
        expect(notices).toEqual([]);
        const health = await fetch(network.rpcUrl!, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
        });
        expect(((await health.json()) as { result: { status: string } }).result.status).toBe('healthy');
        const manifest = JSON.parse(readFileSync(join(network.lakeDir!, '.config.json'), 'utf8')) as object;
        expect(manifest).toMatchObject({ networkPassphrase: 'Ledgerscope Local Network ; 2026', compression: 'zstd' });
      } finally {
        await network.stop();
      }
      expect(network.state).toBe('stopped');
    },
  );
});
