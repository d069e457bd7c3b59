// The app core is composed of domain files (core/handlers/*.ts): across them, every
// channel of the channel map has exactly one named handler, and the composed core answers each
// channel with that domain's handler.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../../core/app/app';
import { createCoreContext, type CoreContext } from '../../core/app/context';
import { requestChannels } from '../../shared/ipc';

const handlersDir = join(import.meta.dirname, '..', '..', 'core', 'handlers');
const userDataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-domains-'));
const options = {
  userDataDir,
  localUrl: 'http://127.0.0.1:9',
  host: 'web',
  version: 'test',
  healthIntervalMs: 0,
  exportDir: join(userDataDir, 'exports'),
} as const;
const ctx = createCoreContext(options);
const core = createAppCore(options);

afterAll(async () => {
  ctx.close();
  await core.close();
});

type Domain = (ctx: CoreContext) => Record<string, (...args: never[]) => unknown>;

/** Every `<domain>Handlers` function exported by a file of handlers/, with the file it is in. */
async function domains(): Promise<{ file: string; name: string; build: Domain }[]> {
  const found: { file: string; name: string; build: Domain }[] = [];
  for (const file of readdirSync(handlersDir)
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    const module = (await import(join(handlersDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (typeof value === 'function' && name.endsWith('Handlers')) found.push({ file, name, build: value as Domain });
  }
  return found;
}

describe('domain handler files', () => {
  it('give every channel exactly one handler, and nothing else', async () => {
    const owners = new Map<string, string[]>();
    for (const { file, name, build } of await domains()) {
      for (const channel of Object.keys(build(ctx)))
        owners.set(channel, [...(owners.get(channel) ?? []), `${file}:${name}`]);
    }
    const channels = Object.keys(requestChannels).sort();
    expect([...owners.keys()].sort()).toEqual(channels);
    for (const [channel, where] of owners) expect({ channel, where }).toEqual({ channel, where: [where[0]] });
  });

  it('each export one <domain>Handlers function per file', async () => {
    const found = await domains();
    const files = readdirSync(handlersDir).filter((name) => name.endsWith('.ts'));
    expect(found.map(({ file }) => file).sort()).toEqual(files.sort());
  });

  it('name every handler, and the composed core uses the domain handler for each channel', async () => {
    for (const { build } of await domains()) {
      for (const [channel, handler] of Object.entries(build(ctx))) {
        expect(handler.name, channel).toMatch(/^[a-z][A-Za-z]+$/);
        expect(core.handlers[channel as keyof typeof core.handlers].name, channel).toBe(handler.name);
      }
    }
  });
});
