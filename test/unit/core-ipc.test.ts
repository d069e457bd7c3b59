// The channel map is complete and hostile messages cannot hurt the host: every request channel
// has a handler, and wrong types, huge strings, unknown channels and random values all get a
// typed error envelope (never a throw), after which the host still answers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../../core/app/app';
import { createDispatcher } from '../../core/app/dispatch';
import { eventChannels, IpcErrorShape, requestChannels, type RequestChannel } from '../../shared/ipc';

const userDataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-ipc-'));
const core = createAppCore({
  userDataDir,
  localUrl: 'http://127.0.0.1:9',
  host: 'web',
  version: 'test',
  healthIntervalMs: 0,
  exportDir: join(userDataDir, 'exports'),
  http: { timeoutMs: 2_000, maxRetries: 0 },
});
const dispatch = createDispatcher(core.handlers);
const channels = Object.keys(requestChannels) as RequestChannel[];

afterAll(() => core.close());

async function stillAnswers() {
  expect(await dispatch('app:info', {})).toEqual({
    ok: true,
    value: { name: 'Ledgerscope', version: 'test', host: 'web' },
  });
}

describe('the channel map', () => {
  it('has a named handler for every request channel and nothing else', () => {
    expect(Object.keys(core.handlers).sort()).toEqual([...channels].sort());
    for (const channel of channels) expect(typeof core.handlers[channel]).toBe('function');
  });

  it('names channels domain:verb and gives every event a schema', () => {
    for (const name of [...channels, ...Object.keys(eventChannels)])
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*:[a-z]+(-[a-z]+)*$/);
    for (const schema of Object.values(eventChannels)) expect(typeof schema.safeParse).toBe('function');
  });
});

describe('malformed messages', () => {
  const hostile: unknown[] = [
    null,
    undefined,
    42,
    'text',
    [],
    [1, 2],
    { unexpected: true },
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
    { id: 'x'.repeat(100_000), account: 'x'.repeat(100_000), input: 5, query: 'all', hash: {}, sequence: -1 },
    { input: 'x'.repeat(2_000_000) },
  ];

  for (const channel of channels) {
    it(`${channel}: typed errors for wrong types, huge strings and junk`, async () => {
      for (const args of hostile) {
        const reply = await dispatch(channel, args);
        if (reply.ok) {
          // Only channels without arguments may accept an empty or absent object.
          expect(
            args === null ||
              args === undefined ||
              JSON.stringify(args) === '{}' ||
              (typeof args === 'object' && Object.keys(args as object).length === 0),
          ).toBe(true);
          continue;
        }
        expect(IpcErrorShape.safeParse(reply.error).success).toBe(true);
        expect(['invalid_arguments', 'too_large']).toContain(reply.error.code);
        expect(reply.error.message.length).toBeLessThan(600);
        expect(JSON.stringify(reply).length).toBeLessThan(2000);
      }
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      await stillAnswers();
    });
  }

  it('answers unknown channels with a typed error', async () => {
    for (const channel of [
      'nope:nothing',
      '',
      '__proto__',
      'constructor',
      'toString',
      'x'.repeat(10_000),
      42,
      null,
      { channel: 'app:info' },
    ]) {
      const reply = await dispatch(channel, {});
      expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
      if (!reply.ok) expect(reply.error.message.length).toBeLessThan(120);
    }
    await stillAnswers();
  });

  it('never throws and always answers a serialisable envelope, whatever arrives (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ...channels.filter((c) => !c.startsWith('stream:') && c !== 'export:start' && !c.startsWith('network:')),
        ),
        fc.anything({ maxDepth: 3 }),
        async (channel, args) => {
          const reply = await dispatch(channel, args);
          expect(typeof reply.ok).toBe('boolean');
          expect(() => JSON.stringify(reply)).not.toThrow();
        },
      ),
      { numRuns: 200 },
    );
    await stillAnswers();
  });

  it('reports an unreachable network as a typed error a person can act on', async () => {
    const reply = await dispatch('payments:list', {
      account: 'GAYOLLLUIZE4DZMBB2ZBKGBUBZLIOYU6XFLW37GBP2VZD3ABNXCW4BVA',
      query: {},
    });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'unreachable', message: expect.stringContaining('Is the server running') },
    });
    const health = await dispatch('network:health', {});
    expect(health).toMatchObject({ ok: true, value: { online: false, networkId: 'local' } });
  });
});

describe('network profiles', () => {
  it('adds, edits, selects and removes a custom profile, persisted; built-ins are read-only', async () => {
    const added = await dispatch('network:add', {
      name: 'My Horizon',
      baseUrl: 'https://horizon.example.org/',
      passphrase: 'Test SDF Network ; September 2015',
    });
    expect(added).toMatchObject({
      ok: true,
      value: { id: 'custom-my-horizon', baseUrl: 'https://horizon.example.org', dialect: 'horizon', builtIn: false },
    });
    const again = await dispatch('network:add', {
      name: 'My Horizon',
      baseUrl: 'https://b.example.org',
      passphrase: 'x',
    });
    expect(again).toMatchObject({ ok: true, value: { id: 'custom-my-horizon-2' } });
    expect(await dispatch('network:update', { id: 'custom-my-horizon', changes: { name: 'Renamed' } })).toMatchObject({
      ok: true,
      value: { name: 'Renamed' },
    });
    expect(await dispatch('network:select', { id: 'custom-my-horizon' })).toEqual({
      ok: true,
      value: { selectedId: 'custom-my-horizon' },
    });
    // A second core over the same directory sees what the first saved.
    const other = createAppCore({
      userDataDir,
      localUrl: 'http://127.0.0.1:9',
      host: 'web',
      version: 'test',
      healthIntervalMs: 0,
    });
    const listed = await createDispatcher(other.handlers)('network:list', {});
    expect(listed).toMatchObject({ ok: true, value: { selectedId: 'custom-my-horizon' } });
    await other.close();
    expect(await dispatch('network:remove', { id: 'custom-my-horizon' })).toEqual({
      ok: true,
      value: { selectedId: 'local' },
    });
    expect(await dispatch('network:remove', { id: 'testnet' })).toMatchObject({
      ok: false,
      error: { code: 'read_only' },
    });
    expect(
      await dispatch('network:update', { id: 'local', changes: { baseUrl: 'https://evil.example' } }),
    ).toMatchObject({ ok: false, error: { code: 'read_only' } });
    expect(await dispatch('network:add', { name: 'x', baseUrl: 'file:///etc/passwd', passphrase: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(
      await dispatch('network:add', { name: 'x', baseUrl: 'https://user:pw@example.org', passphrase: 'x' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatch('network:add', { name: 'x', baseUrl: 'javascript:alert(1)', passphrase: 'x' })).toMatchObject(
      { ok: false },
    );
    expect(await dispatch('network:select', { id: 'mars' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
